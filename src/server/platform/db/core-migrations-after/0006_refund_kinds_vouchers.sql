-- Refunds got a kind (generated/migrations: refunds.refund_kind, default 2 冲正 — what every refund did
-- before kinds existed), a voucher number, their receipt and their applicant; receipts the sum of their
-- approved refunds (refunded_amount) and the fields of a void; refund rows of payments the refund that
-- wrote them. Existing rows get what their history says. Applied after generated/migrations: it needs
-- the new columns.

update refunds f set receipt_id = r.id
  from payments p join receipts r on r.tenant_id = p.tenant_id and r.receipt_no = p.receipt_no
 where p.tenant_id = f.tenant_id and p.id = f.payment_id and f.receipt_id is null;

update refunds set applicant_id = created_by where applicant_id is null and created_by is not null;

update receipts r set refunded_amount = t.amount
  from (select tenant_id, receipt_id, sum(amount) as amount from refunds where status = 2 and receipt_id is not null group by 1, 2) t
 where t.tenant_id = r.tenant_id and t.receipt_id = r.id;

-- Approved refunds get their voucher numbers as an approval would have given them: TK{yyyymm}-{n} by
-- the China month of the approval, in order of approval within the tenant and month; each month's
-- counter then continues after the last number given.
with numbered as (
  select id, tenant_id, to_char((refunded_at at time zone 'UTC') + interval '8 hours', 'YYYYMM') as month,
         row_number() over (partition by tenant_id, to_char((refunded_at at time zone 'UTC') + interval '8 hours', 'YYYYMM') order by refunded_at, id) as n
    from refunds where status = 2 and voucher_no is null and refunded_at is not null
)
update refunds f set voucher_no = 'TK' || numbered.month || '-' || lpad(numbered.n::text, 6, '0')
  from numbered where numbered.tenant_id = f.tenant_id and numbered.id = f.id;

insert into tenant_counters (tenant_id, name, value)
select tenant_id, 'refundVoucher' || substr(voucher_no, 3, 6), max(substr(voucher_no, 10)::bigint)
  from refunds where voucher_no like 'TK______-%'
 group by tenant_id, substr(voucher_no, 3, 6)
on conflict (tenant_id, name) do update set value = greatest(tenant_counters.value, excluded.value);

-- The refund rows an approval wrote: same receipt, bill, amount and time as their refund.
update payments p set refund_id = f.id
  from refunds f
 where f.tenant_id = p.tenant_id and f.status = 2 and p.return_flag = 1 and p.refund_id is null
   and p.bill_id is not distinct from f.bill_id and p.amount = f.amount and p.paid_at = f.refunded_at
   and p.receipt_no = (select q.receipt_no from payments q where q.tenant_id = f.tenant_id and q.id = f.payment_id);
