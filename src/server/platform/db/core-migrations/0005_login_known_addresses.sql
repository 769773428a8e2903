-- Addresses that signed in successfully for a username (src/server/auth/login-throttle.ts): the
-- owner's own addresses are not subject to the per-username cap on failed logins, so guesses from
-- elsewhere cannot lock the owner out. One row per username + address, refreshed at each success.
create table if not exists login_known_addresses (
  username_key varchar(64) not null,
  ip varchar(64) not null,
  signed_in_at timestamptz not null default now(),
  primary key (username_key, ip)
);
create index if not exists login_known_addresses_time_idx on login_known_addresses (signed_in_at);
