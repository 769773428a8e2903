-- Webhook deliveries (docs/api.md "Webhooks"): any server's sweep takes the due ones across tenants,
-- so they are found by their next try alone, among those still to deliver (待推送, 重试中).
create index if not exists webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status in (1, 2);
