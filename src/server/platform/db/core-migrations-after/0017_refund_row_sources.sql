-- A refund's payments row keeps the source of the charge it refunds (issue 34: 实收 nets each refund
-- against its own kind). Before, refunds written by the refund approval took the column's default (1,
-- 账单缴费) whatever they refunded: a refunded temporary charge, top-up or deposit now says so.
update payments r set source = o.source
  from refunds f join payments o on o.tenant_id = f.tenant_id and o.id = f.payment_id
 where r.tenant_id = f.tenant_id and r.refund_id = f.id and r.source is distinct from o.source;
