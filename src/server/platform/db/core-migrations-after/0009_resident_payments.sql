-- Paying from the residents' app (docs/residents.md "Paying from the app"): an online order placed
-- by a resident (origin 住户端) records that resident, and its pay address carries the way back to
-- the app (Alipay WAP's signed return_url, WeChat H5's redirect_url), longer than the 512 characters
-- of the generated column (schemas/modules/onlinePayment.yaml payUrl, read-only: only the server
-- writes it). Applied after generated/migrations (online_payment_orders) and 0008_residents.sql
-- (resident_accounts); every statement is a no-op when run again.

alter table online_payment_orders add column if not exists resident_id bigint references resident_accounts (id) on delete set null;

create index if not exists online_payment_orders_resident_idx on online_payment_orders (tenant_id, resident_id) where resident_id is not null;

alter table online_payment_orders alter column pay_url type varchar(2048);
