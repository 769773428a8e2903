-- The session's signature (the login answer's `signature`, sent back in the `signature` header) is a
-- second random value, not the cookie's token: the table keeps its SHA-256 beside the token's, and a
-- call needs both (src/server/platform/session/session-store.ts). Sessions made before this have none and are
-- refused: their users sign in again.
alter table sessions add column if not exists signature_hash char(64);
delete from sessions where signature_hash is null;
