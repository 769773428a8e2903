// Bill lists of the fee pages and a room's history.
//   queryBills: bills with their room and item, for the approval, bill-pay and history pages
//   (filters: community, statuses, period, item, batch, building, room, keyword on room/bill number).
//   roomHistory: every bill of a room with its payments, refunds and waivers.
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { isPeriod } from "../../common/payment/period.ts";
import { chinaDay } from "../../common/china-time.ts";
import { pageArgs, textOf } from "../platform/http/request-input.ts";
import type { GetRoomHistoryResult, QueryBillsBody } from "../../../generated/operation-types.ts";
import { BILL_FROM, BILL_SELECT, billView, normalizeBill, type BillRow } from "./bills.ts";
import { fen, notFound, personNameSql } from "./common.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { allOf, anyOf, ilikeContains, raw, sql, type Sql } from "../platform/db/sql.ts";

const ROOM_LABEL: Sql = raw("(select ro.full_name from rooms ro where ro.tenant_id = b.tenant_id and ro.id = b.room_id) as room_label");

export async function queryBills(db: DbSession, session: SessionInfo, body: QueryBillsBody) {
  const { pageNo, pageSize, offset } = pageArgs(body);
  const conditions: Sql[] = [sql`b.tenant_id = ${session.tenantId}`];
  if (body.communityId != null) conditions.push(sql`b.community_id = ${body.communityId}`);
  if (Array.isArray(body.status)) conditions.push(anyOf(sql`b.status`, body.status, "int"));
  else if (body.status != null) conditions.push(sql`b.status = ${body.status}`);
  if (isPeriod(body.period)) conditions.push(sql`b.period = ${body.period}`);
  for (const [key, column] of [
    ["paymentItemId", "b.payment_item_id"],
    ["batchId", "b.batch_id"],
    ["roomId", "b.room_id"],
  ] as const) {
    const id = body[key];
    if (id != null) conditions.push(sql`${raw(column)} = ${id}`);
  }
  const buildingId = body.buildingId;
  if (buildingId != null) conditions.push(sql`exists (select 1 from rooms r where r.tenant_id = b.tenant_id and r.id = b.room_id and r.building_id = ${buildingId})`);
  const keyword = textOf(body.keyword, 32);
  if (keyword) {
    conditions.push(
      sql`(${ilikeContains(sql`b.bill_no`, keyword)} or exists (select 1 from rooms r where r.tenant_id = b.tenant_id and r.id = b.room_id and ${ilikeContains(sql`r.full_name`, keyword)}))`,
    );
  }
  const where = allOf(conditions);
  const rows = await camelRows<BillRow & { roomLabel: string; rejectReason: string | null; approvedAt: string | null; paidAt: string | null; batchId: number | null }>(
    db,
    sql`select ${BILL_SELECT}, b.reject_reason, b.approved_at, b.paid_at, b.batch_id, ${ROOM_LABEL}
       from ${BILL_FROM} where ${where}
      order by b.period desc, b.room_id, b.id limit ${pageSize} offset ${offset}`,
  );
  let total = offset + rows.length;
  if (rows.length === pageSize || (rows.length === 0 && offset > 0)) {
    total = (await db.query<{ n: number }>(sql`select count(*)::int as n from bills b where ${where}`)).rows[0].n;
  }
  const today = chinaDay();
  const list = rows.map((r) => ({
    ...billView(normalizeBill(r), today),
    roomLabel: r.roomLabel,
    rejectReason: r.rejectReason,
    approvedAt: r.approvedAt,
    paidAt: r.paidAt,
    batchId: r.batchId,
  }));
  return { list, total, pageNo, pageSize };
}

/** A history row as read: its amount in fen (the column's text until made a number). */
type Read<T extends { amount: number }> = Omit<T, "amount"> & { amount: number | string };

export async function roomHistory(db: DbSession, session: SessionInfo, roomId: number) {
  const { rows: room } = await db.query(sql`select id from rooms where tenant_id = ${session.tenantId} and id = ${roomId}`);
  if (!room.length) throw notFound();
  const bills = await camelRows<BillRow & { paidAt: string | null; rejectReason: string | null }>(
    db,
    sql`select ${BILL_SELECT}, b.paid_at, b.reject_reason from ${BILL_FROM}
      where b.tenant_id = ${session.tenantId} and b.room_id = ${roomId} order by b.period desc, b.id desc limit 500`,
  );
  const inFen = <T extends { amount: number | string }>(r: T) => ({ ...r, amount: fen(r.amount) });
  const payments = await camelRows<Read<GetRoomHistoryResult["payments"][number]>>(
    db,
    sql`select id, serial_no, bill_id, amount, pay_method, payment_type,
            return_flag, receipt_no, paid_at, accounting_day,
            (select ${personNameSql("u")} from users u where u.tenant_id = p.tenant_id and u.id = p.cashier_id) as cashier_name,
            (select r.id from receipts r where r.tenant_id = p.tenant_id and r.receipt_no = p.receipt_no limit 1) as receipt_id
       from payments p where tenant_id = ${session.tenantId} and room_id = ${roomId} order by paid_at desc, id desc limit 1000`,
  );
  const refunds = await camelRows<Read<GetRoomHistoryResult["refunds"][number]>>(
    db,
    sql`select id, payment_id, bill_id, amount, refund_kind, voucher_no, refund_method, reason, status, apply_time,
            refunded_at, reject_reason
       from refunds where tenant_id = ${session.tenantId} and room_id = ${roomId} order by apply_time desc, id desc limit 500`,
  );
  const waivers = await camelRows<Read<GetRoomHistoryResult["waivers"][number]>>(
    db,
    sql`select id, bill_id, waiver_type, discount, amount, reason, status, approved_at,
            reject_reason, created_at
       from waivers where tenant_id = ${session.tenantId} and room_id = ${roomId} order by created_at desc, id desc limit 500`,
  );
  const today = chinaDay();
  return {
    bills: bills.map((b) => ({ ...billView(normalizeBill(b), today), paidAt: b.paidAt, rejectReason: b.rejectReason })),
    payments: payments.map(inFen),
    refunds: refunds.map(inFen),
    waivers: waivers.map(inFen),
  };
}
