// A rented place's 月租缴至 (parkingPlaces.paidUntil) follows its rent bills. The bills of a place are
// those of its room (关联房屋) and its rent item (月租缴费项目, category 停车月租类), which generation
// bills only to the rooms a place is rented to (payment/generation.ts). Whenever the payment domain
// writes bills' paid amounts or states — the desk, online payment, paying from the balance,
// auto-deduction at approval, a waiver, a refund or a voided receipt — it calls the listener
// registered here in the same transaction, and one statement sets every touched place's date to the
// end of the period of its latest settled (已缴清) rent bill, or empty when none is left: a payment
// never moves it back, and a refund or a voided receipt moves it back to what the remaining settled
// bills give.
import { BillStatus, ParkingPlaceStatus, PaymentItemCategory } from "../../../generated/states.ts";
import { sql } from "../platform/db/sql.ts";
import type { DbSession } from "../platform/db/types.ts";
import { onBillsSettledChanged } from "../payment/public.ts";

/** The months a bill of a pricing type's cycle covers (按季 3, 按年 12, else 1), as SQL. */
const monthsSql = sql`case pt.billing_cycle when 2 then 3 when 3 then 12 else 1 end`;

async function syncPaidUntil(tx: DbSession, tenantId: number, billIds: readonly number[]): Promise<void> {
  await tx.query(
    sql`with touched as (
       select distinct b.room_id, b.payment_item_id
         from bills b join payment_items i on i.tenant_id = b.tenant_id and i.id = b.payment_item_id
        where b.tenant_id = ${tenantId} and b.id = any(${[...billIds]}::bigint[]) and i.category = ${PaymentItemCategory.Parking}
     ), ends as (
       select t.room_id, t.payment_item_id,
              max((to_date(b.period || '-01', 'YYYY-MM-DD') + make_interval(months => ${monthsSql}))::date - 1) as paid_until
         from touched t
         join payment_items i on i.tenant_id = ${tenantId} and i.id = t.payment_item_id
         join price_types pt on pt.tenant_id = i.tenant_id and pt.id = i.price_type_id
         left join bills b on b.tenant_id = ${tenantId} and b.room_id = t.room_id and b.payment_item_id = t.payment_item_id and b.status = ${BillStatus.Paid}
        group by t.room_id, t.payment_item_id
     )
     update parking_places p set paid_until = e.paid_until, updated_at = now(), version = p.version + 1
       from ends e
      where p.tenant_id = ${tenantId} and p.room_id = e.room_id and p.rent_item_id = e.payment_item_id and p.status = ${ParkingPlaceStatus.Rented}
        and p.paid_until is distinct from e.paid_until`,
  );
}

onBillsSettledChanged(syncPaidUntil);
