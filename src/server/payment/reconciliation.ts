// Daily settlement of a community: per business day (payments.accountingDay), pay method and
// cashier, what the books recorded (charges, refunds, net) against what the cashier declares
// arrived; a difference shows until they agree or a remark explains it. Closing a day freezes its
// rows (reconciliations.closed) and writes a dailyClosings row; from then on the day is read-only
// and payments or refunds made later on that calendar day count for the next open day
// (bills.ts accountingDay). Closing takes the community's day lock exclusively, payments share it,
// so no payment slips into a day while it closes.
// Payments taken online (a gateway's verified callback; no cashier, the gateway's pay method) make a
// line of their own per pay method, with no cashier (cashierId null, named 在线支付): nobody counts
// that money, so its declared amount is what the books say (recorded − refunded). A refund of such a
// payment paid back by the same method (through the gateway) nets on that line; one paid back another
// way (现金 at the desk …) is the desk's, on its cashier's line, as any refund.
// The day's total comes with its make-up (breakdown, income.ts): 实收 (fee income, as 收费日报 counts
// it) − what of it was paid from a prepayment balance + top-ups + deposits = what arrived.
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { fenToYuan } from "../../common/money.ts";
import { chinaDay } from "../../common/china-time.ts";
import { audit, CODES, conflict, dayLockKey, fen, optionalText, refused, personNameSql } from "./common.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import { BALANCE_PAY_METHOD } from "./settings.ts";
import { ReturnFlag } from "../../../generated/states.ts";
import { queueWebhookEvent } from "../webhooks/public.ts";
import { communityMoney } from "./income.ts";
import { texts } from "../../../generated/texts.ts";
import type { CloseReconciliationBody, DeclareReconciliationBody, GetReconciliationDayData } from "../../../generated/operation-types.ts";

interface Line {
  payMethod: number;
  /** The cashier; null for the line of the payments taken online (no cashier). */
  cashierId: number | null;
  cashierName: string | null;
  paymentCount: number;
  recordedAmount: number;
  refundAmount: number;
  declaredAmount: number | null;
  remark: string | null;
}

/** A line as read: the books' or the stored figures (counts and fen). */
type LineRow = Pick<Line, "payMethod" | "cashierId" | "paymentCount" | "recordedAmount" | "refundAmount"> & { declaredAmount?: number | null; remark?: string | null };

async function computed(db: DbSession, tenantId: number, communityId: number, day: string): Promise<Line[]> {
  // The line's cashier: none for a payment taken online, and for a refund of one paid back by the
  // same method (the refund row names its approver); else the row's cashier.
  const rows = await camelRows<LineRow>(
    db,
    sql`select p.pay_method,
            case when p.cashier_id is null or (o.id is not null and o.cashier_id is null and o.pay_method = p.pay_method) then null else p.cashier_id end as cashier_id,
            count(*) filter (where p.return_flag is distinct from ${ReturnFlag.Refund})::int as payment_count,
            coalesce(sum(p.amount) filter (where p.return_flag is distinct from ${ReturnFlag.Refund}), 0)::bigint as recorded_amount,
            coalesce(sum(p.amount) filter (where p.return_flag = ${ReturnFlag.Refund}), 0)::bigint as refund_amount
       from payments p
       left join refunds f on f.tenant_id = p.tenant_id and f.id = p.refund_id
       left join payments o on o.tenant_id = f.tenant_id and o.id = f.payment_id
      where p.tenant_id = ${tenantId} and p.community_id = ${communityId} and p.accounting_day = ${day}::date
        and p.pay_method <> ${BALANCE_PAY_METHOD} -- paid from a prepayment balance: no money arrived (the recharge was counted)
      group by 1, 2`,
  );
  return rows.map((r) => ({
    payMethod: Number(r.payMethod),
    cashierId: cashierOf(r.cashierId),
    cashierName: null,
    paymentCount: Number(r.paymentCount),
    recordedAmount: fen(r.recordedAmount),
    refundAmount: fen(r.refundAmount),
    declaredAmount: null,
    remark: null,
  }));
}

async function stored(db: DbSession, tenantId: number, communityId: number, day: string): Promise<Line[]> {
  const rows = await camelRows<LineRow>(
    db,
    sql`select pay_method, cashier_id, payment_count, recorded_amount,
            refund_amount, declared_amount, remark
       from reconciliations where tenant_id = ${tenantId} and community_id = ${communityId} and day = ${day}::date`,
  );
  return rows.map((r) => ({
    payMethod: Number(r.payMethod),
    cashierId: cashierOf(r.cashierId),
    cashierName: null,
    paymentCount: Number(r.paymentCount ?? 0),
    recordedAmount: fen(r.recordedAmount),
    refundAmount: fen(r.refundAmount),
    declaredAmount: r.declaredAmount === null || r.declaredAmount === undefined ? null : fen(r.declaredAmount),
    remark: r.remark ?? null,
  }));
}

const cashierOf = (id: number | null | undefined): number | null => (id === null || id === undefined ? null : Number(id));

const key = (l: { payMethod: number; cashierId: number | null }) => `${l.payMethod}:${l.cashierId ?? "online"}`;

/** A line of payments taken online: nobody counts its money, what arrived is what the books say. */
const online = (l: { cashierId: number | null }) => l.cashierId === null;

/** The books' net of a line (fen). */
const netOf = (l: Pick<Line, "recordedAmount" | "refundAmount">) => l.recordedAmount - l.refundAmount;

/** The day's closing, when it is closed. */
type Closing = NonNullable<GetReconciliationDayData["closing"]> & { id: number; closedBy: number | null };

async function closingOf(db: DbSession, tenantId: number, communityId: number, day: string): Promise<Closing | null> {
  const rows = await camelRows<Closing>(
    db,
    sql`select d.id, d.closed_at, d.closed_by, ${personNameSql("u")} as closed_by_name, d.remark
       from daily_closings d left join users u on u.tenant_id = d.tenant_id and u.id = d.closed_by
      where d.tenant_id = ${tenantId} and d.community_id = ${communityId} and d.day = ${day}::date`,
  );
  return rows[0] ?? null;
}

/** The lines of a day: frozen when closed, else the books merged with what was declared. */
async function lines(db: DbSession, tenantId: number, communityId: number, day: string, closed: boolean): Promise<Line[]> {
  const saved = await stored(db, tenantId, communityId, day);
  if (closed) return saved;
  const byKey = new Map(saved.map((l) => [key(l), l]));
  const out = (await computed(db, tenantId, communityId, day)).map((l) => {
    const s = byKey.get(key(l));
    byKey.delete(key(l));
    return { ...l, declaredAmount: online(l) ? netOf(l) : (s?.declaredAmount ?? null), remark: s?.remark ?? null };
  });
  for (const s of byKey.values()) out.push({ ...s, paymentCount: 0, recordedAmount: 0, refundAmount: 0, declaredAmount: online(s) ? 0 : s.declaredAmount });
  return out;
}

async function names(db: DbSession, tenantId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<{ id: number; name: string }>(sql`select id, ${personNameSql("users")} as name from users where tenant_id = ${tenantId} and id = any(${ids}::bigint[])`);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

const view = (l: Line, who: Map<number, string>) => {
  const net = netOf(l);
  return {
    payMethod: l.payMethod,
    cashierId: l.cashierId,
    cashierName: l.cashierId === null ? texts.dailyClosing.online : (who.get(l.cashierId) ?? String(l.cashierId)),
    paymentCount: l.paymentCount,
    recordedAmount: l.recordedAmount,
    refundAmount: l.refundAmount,
    netAmount: net,
    declaredAmount: l.declaredAmount,
    difference: l.declaredAmount === null ? null : l.declaredAmount - net,
    remark: l.remark,
  };
};

/**
 * `communityId`: the tenant's community, checked by the caller (the operation's scope guard, or the
 * demo seed's own); `day`: "YYYY-MM-DD", the operations' validators refused any other (请选择对账日期).
 */
export async function daySummary(db: DbSession, session: SessionInfo, communityId: number, day: string) {
  const closing = await closingOf(db, session.tenantId, communityId, day);
  const list = await lines(db, session.tenantId, communityId, day, !!closing);
  // The desk's lines by pay method and cashier, then the online lines by pay method.
  list.sort((a, b) => Number(online(a)) - Number(online(b)) || a.payMethod - b.payMethod || (a.cashierId ?? 0) - (b.cashierId ?? 0));
  const who = await names(db, session.tenantId, [...new Set(list.flatMap((l) => (l.cashierId === null ? [] : [l.cashierId])))]);
  const sum = (f: (l: Line) => number) => list.reduce((s, l) => s + f(l), 0);
  const declared = list.filter((l) => l.declaredAmount !== null);
  return {
    communityId,
    day,
    closed: !!closing,
    closing,
    rows: list.map((l) => view(l, who)),
    totals: {
      paymentCount: sum((l) => l.paymentCount),
      recordedAmount: sum((l) => l.recordedAmount),
      refundAmount: sum((l) => l.refundAmount),
      netAmount: sum((l) => l.recordedAmount - l.refundAmount),
      declaredAmount: declared.reduce((s, l) => s + (l.declaredAmount ?? 0), 0),
      allDeclared: declared.length === list.length,
    },
    today: chinaDay(),
    // What the day's total is made of, as 收费日报 counts the day (income.ts).
    breakdown: await communityMoney(db, session.tenantId, communityId, day, day),
  };
}

interface Declared {
  payMethod: number;
  /** null: the online line of the pay method (its declared amount is the books', whatever is given). */
  cashierId: number | null;
  declaredAmount: number | null;
  remark: string | null;
}

/** The rows as the edge checked them: each names its pay method and cashier (null: the online line), at most 200, amounts as fen. */
function declaredRows(value: DeclareReconciliationBody["rows"]): Declared[] {
  return (value ?? []).map((r) => {
    const { payMethod, cashierId } = r;
    return { payMethod, cashierId, declaredAmount: cashierId === null ? null : (r.declaredAmount ?? null), remark: optionalText(r.remark, "remark", 128) };
  });
}

/** Stores the lines of an open day: the books' figures and the declared amounts. */
async function saveLines(tx: DbSession, session: SessionInfo, communityId: number, day: string, declared: Declared[], closed: boolean) {
  const current = await lines(tx, session.tenantId, communityId, day, false);
  const given = new Map(declared.map((d) => [key(d), d]));
  for (const d of declared) {
    if (!current.some((l) => key(l) === key(d))) current.push({ ...d, declaredAmount: online(d) ? 0 : d.declaredAmount, cashierName: null, paymentCount: 0, recordedAmount: 0, refundAmount: 0 });
  }
  const out: Line[] = [];
  for (const l of current) {
    const d = given.get(key(l));
    const declaredAmount = online(l) ? netOf(l) : d ? d.declaredAmount : l.declaredAmount;
    const remark = d ? d.remark : l.remark;
    out.push({ ...l, declaredAmount, remark });
    // An online line is unique by its pay method alone (a partial unique index where cashier_id is null).
    const target = l.cashierId === null ? sql`(tenant_id, community_id, day, pay_method) where cashier_id is null` : sql`(tenant_id, community_id, day, pay_method, cashier_id)`;
    await tx.query(
      sql`insert into reconciliations (tenant_id, community_id, day, pay_method, cashier_id, payment_count, recorded_amount, refund_amount, declared_amount, remark,
                                    closed, closed_by, closed_at, created_by, updated_by)
       values (${session.tenantId}, ${communityId}, ${day}::date, ${l.payMethod}, ${l.cashierId}, ${l.paymentCount}, ${l.recordedAmount}, ${l.refundAmount}, ${declaredAmount}, ${remark},
               ${closed}, case when ${closed} then ${session.userId}::bigint end, case when ${closed} then now() end, ${session.userId}, ${session.userId})
       on conflict ${target} do update set
         payment_count = excluded.payment_count, recorded_amount = excluded.recorded_amount, refund_amount = excluded.refund_amount,
         declared_amount = excluded.declared_amount, remark = excluded.remark, closed = excluded.closed, closed_by = excluded.closed_by,
         closed_at = excluded.closed_at, updated_by = excluded.updated_by, updated_at = now(), version = reconciliations.version + 1`,
    );
  }
  return out;
}

export async function declareDay(tx: DbSession, session: SessionInfo, ip: string | null, communityId: number, body: DeclareReconciliationBody) {
  const day = body.day;
  const [k1, k2] = dayLockKey(communityId);
  await tx.query(sql`select pg_advisory_xact_lock(${k1}, ${k2})`);
  if (await closingOf(tx, session.tenantId, communityId, day)) throw conflict("dayClosedNoChange");
  await saveLines(tx, session, communityId, day, declaredRows(body.rows), false);
  await audit(tx, session, ip, "reconciliations", "declare", null, { communityId, day }, CODES.settings);
}

export async function closeDay(tx: DbSession, session: SessionInfo, ip: string | null, communityId: number, body: CloseReconciliationBody) {
  const day = body.day;
  if (day > chinaDay()) throw refused("dayAfterToday", "day");
  const remark = optionalText(body.remark, "remark", 128);
  const [k1, k2] = dayLockKey(communityId);
  await tx.query(sql`select pg_advisory_xact_lock(${k1}, ${k2})`);
  if (await closingOf(tx, session.tenantId, communityId, day)) throw conflict("dayAlreadyClosed");
  const saved = await saveLines(tx, session, communityId, day, declaredRows(body.rows), true);
  if (saved.some((l) => l.declaredAmount === null)) throw refused("declareEveryRow", "rows");
  const sum = (f: (l: Line) => number) => saved.reduce((s, l) => s + f(l), 0);
  const { rows } = await tx.query<{ id: number }>(
    sql`insert into daily_closings (tenant_id, community_id, day, payment_count, recorded_amount, refund_amount, declared_amount, closed_by, closed_at, remark, created_by, updated_by)
     values (${session.tenantId}, ${communityId}, ${day}::date, ${sum((l) => l.paymentCount)}, ${sum((l) => l.recordedAmount)}, ${sum((l) => l.refundAmount)}, ${sum((l) => l.declaredAmount ?? 0)},
             ${session.userId}, now(), ${remark}, ${session.userId}, ${session.userId}) returning id`,
  );
  await audit(tx, session, ip, "dailyClosings", "close", rows[0].id, { communityId, day }, CODES.settings);
  await queueWebhookEvent(tx, session.tenantId, "day.closed", {
    closingId: rows[0].id,
    communityId,
    day,
    paymentCount: sum((l) => l.paymentCount),
    recordedAmount: fenToYuan(sum((l) => l.recordedAmount)),
    refundAmount: fenToYuan(sum((l) => l.refundAmount)),
    declaredAmount: fenToYuan(sum((l) => l.declaredAmount ?? 0)),
  });
  return { id: rows[0].id, day };
}
