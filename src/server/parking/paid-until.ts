// A rented place's 月租缴至 (parkingPlaces.paidUntil) follows its rent bills. The bills of a place are
// those of its room (关联房屋) and its rent item (月租缴费项目, category 停车月租类), which generation
// bills only to the rooms a place is rented to (payment/generation.ts). Whenever the payment domain
// writes bills' paid amounts or states — the desk, online payment, paying from the balance,
// auto-deduction at approval, a waiver, a refund or a voided receipt — it calls the listener
// registered here in the same transaction, and one statement sets every touched place's date to the
// end of the last period up to which the rent is paid without a gap: the place's rent bills are
// walked in period order from the earliest (a bill covers 1, 3 or 12 months by its price type's
// cycle) and the run stops at the first bill that is not settled (已缴清; 草稿, 已审核, 已驳回 and
// 部分缴费 all end it) or at a month with no bill at all; empty when the earliest bill is not settled.
// Every bill of the room and item counts: a bill has no cancelled state (a 已驳回 one can still be
// approved and paid). Settling a bill can only lengthen the run, so a payment never
// moves the date back; a refund or a voided receipt that unsettles a bill moves it back to what the
// remaining settled bills give. Jan paid, Feb owed, Mar paid gives the end of January. The vehicles
// bound to a place (licencePlates.paidUntil) take its date in the same statement.
import { BillStatus, ParkingPlaceStatus, PaymentItemCategory } from "../../../generated/states.ts";
import { sql } from "../platform/db/sql.ts";
import type { DbSession } from "../platform/db/types.ts";
import { onBillsSettledChanged } from "../payment/public.ts";

/** The months a bill of a pricing type's cycle covers (按季 3, 按年 12, else 1), as SQL. */
const monthsSql = sql`case pt.billing_cycle when 2 then 3 when 3 then 12 else 1 end`;

async function syncPaidUntil(tx: DbSession, tenantId: number, billIds: readonly number[]): Promise<void> {
  // spans: each rent bill of a touched (room, item) with its period's first and last day; walked: a
  // bill ends the run when it is not settled or starts later than the day after the latest end of the
  // earlier bills (a month with no bill); runs: whether the run ended at or before this bill.
  await tx.query(
    sql`with touched as (
       select distinct b.room_id, b.payment_item_id
         from bills b join payment_items i on i.tenant_id = b.tenant_id and i.id = b.payment_item_id
        where b.tenant_id = ${tenantId} and b.id = any(${[...billIds]}::bigint[]) and i.category = ${PaymentItemCategory.Parking}
     ), spans as (
       select t.room_id, t.payment_item_id, b.status, s.first_day,
              (s.first_day + make_interval(months => ${monthsSql}))::date - 1 as last_day
         from touched t
         join payment_items i on i.tenant_id = ${tenantId} and i.id = t.payment_item_id
         join price_types pt on pt.tenant_id = i.tenant_id and pt.id = i.price_type_id
         join bills b on b.tenant_id = ${tenantId} and b.room_id = t.room_id and b.payment_item_id = t.payment_item_id
         cross join lateral (select to_date(b.period || '-01', 'YYYY-MM-DD') as first_day) s
     ), walked as (
       select room_id, payment_item_id, first_day, last_day,
              status <> ${BillStatus.Paid}
                or coalesce(first_day > max(last_day) over (partition by room_id, payment_item_id order by first_day
                                                            rows between unbounded preceding and 1 preceding) + 1, false) as ends_run
         from spans
     ), runs as (
       select room_id, payment_item_id, last_day,
              bool_or(ends_run) over (partition by room_id, payment_item_id order by first_day rows unbounded preceding) as ended
         from walked
     ), ends as (
       select room_id, payment_item_id, max(last_day) filter (where not ended) as paid_until
         from runs
        group by room_id, payment_item_id
     ), moved as (
       update parking_places p set paid_until = e.paid_until, updated_at = now(), version = p.version + 1
         from ends e
        where p.tenant_id = ${tenantId} and p.room_id = e.room_id and p.rent_item_id = e.payment_item_id and p.status = ${ParkingPlaceStatus.Rented}
          and p.paid_until is distinct from e.paid_until
       returning p.id, p.paid_until
     )
     update licence_plates v set paid_until = m.paid_until, updated_at = now(), version = v.version + 1
       from moved m
      where v.tenant_id = ${tenantId} and v.parking_place_id = m.id and v.paid_until is distinct from m.paid_until`,
  );
}

onBillsSettledChanged(syncPaidUntil);
