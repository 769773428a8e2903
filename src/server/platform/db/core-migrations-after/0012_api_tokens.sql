-- Machines' API tokens (docs/api.md): the resource apiTokens (generated/migrations) keeps what the
-- list shows; the token itself is kept only as its SHA-256 here, outside the resource, so no read of
-- the resource can answer it. A token is found by its hash alone (the tenant comes from the row).
alter table api_tokens add column if not exists token_hash char(64);
create unique index if not exists api_tokens_token_hash_key on api_tokens (token_hash);
