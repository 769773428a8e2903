// A temporary stay paid at exit (临停出场收费): the lot's rule for the China day the car entered (its
// enabled rule with the latest 生效日期 on or before that day) prices the stay as the rule tester does
// (fee-rules.ts priceStay); paying records the money as the counter records a temporary charge — a
// payments row of source 临时收费 with its numbered receipt (payment/ledger.ts recordCharge), so 实收记录,
// 日结 and the receipts take it like any charge — and a parkingPayments row (临停缴费) naming the
// rule, the breakdown and the receipt, in one transaction. A free stay is recorded with no payment.
import type { PayParkingStayBody, PayParkingStayResult, QuoteParkingStayBody, QuoteParkingStayResult } from "../../../generated/operation-types.ts";
import { messages } from "../../../generated/errors.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import { ParkingFeeType, PayMethod, PaymentSource } from "../../../generated/states.ts";
import { chinaDateTime, chinaDay } from "../../common/china-time.ts";
import { fenToYuan } from "../../common/money.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import type { DbSession } from "../platform/db/types.ts";
import { apiError, validationError } from "../platform/http/envelope.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { acceptedPayMethod, recordCharge } from "../payment/public.ts";
import { instantOf, priceStay, ruleOfRow, type RuleRow } from "./fee-rules.ts";

interface StayQuote extends QuoteParkingStayResult {
  communityId: number;
  enteredAt: Date;
  leftAt: Date;
}

/** The stay priced by the lot's rule of its entry day; 40054 when the lot has none. */
async function quote(db: DbSession, tenantId: number, body: QuoteParkingStayBody): Promise<StayQuote> {
  const enteredAt = instantOf(body.enteredAt);
  const leftAt = instantOf(body.leftAt);
  const lots = await camelRows<{ communityId: number }>(db, sql`select community_id from parking_lots where tenant_id = ${tenantId} and id = ${body.lotId}`);
  if (!lots[0]) throw apiError("NOT_FOUND");
  const { rows } = await db.query<RuleRow & { id: number; name: string }>(sql`
    select id, name, free_minutes, first_minutes, first_fee, block_minutes, day_block_fee, night_mode, night_start, night_end, night_block_fee, night_flat_fee, daily_cap
      from parking_fee_rules
     where tenant_id = ${tenantId} and lot_id = ${body.lotId} and enabled is not false and effective_from <= ${chinaDay(enteredAt)}::date
     order by effective_from desc limit 1`);
  const rule = rows[0];
  if (!rule) throw apiError("PARKING_NO_RULE");
  const priced = priceStay(ruleOfRow(rule), enteredAt, leftAt);
  return { ...priced, ruleId: Number(rule.id), ruleName: rule.name, communityId: Number(lots[0].communityId), enteredAt, leftAt };
}

export async function quoteStay(db: DbSession, session: SessionInfo, body: QuoteParkingStayBody): Promise<QuoteParkingStayResult> {
  const { ruleId, ruleName, amount, lines } = await quote(db, session.tenantId, body);
  return { ruleId, ruleName, amount, lines };
}

export async function payStay(tx: DbSession, session: SessionInfo, body: PayParkingStayBody): Promise<PayParkingStayResult> {
  const q = await quote(tx, session.tenantId, body);
  const amount = Number(q.amount);
  if (body.expectedAmount !== undefined && body.expectedAmount !== null && body.expectedAmount !== amount) throw apiError("PARKING_STAY_AMOUNT_CHANGED");
  let payMethod = body.payMethod;
  let charge: { receiptId: number; receiptNo: string } | null = null;
  let changeAmount: number | null = null;
  const at = new Date();
  if (amount > 0) {
    payMethod = await acceptedPayMethod(tx, session, q.communityId, body.payMethod);
    if (payMethod === PayMethod.Cash) {
      const received = body.receivedAmount ?? amount;
      if (received < amount) throw validationError([{ field: "receivedAmount", message: messages.receivedBelowPaid }]);
      changeAmount = received - amount;
    }
    const remark = fillTexts.parkingStay.remark({ plate: body.plate, enteredAt: chinaDateTime(q.enteredAt), leftAt: chinaDateTime(q.leftAt) }).slice(0, 128);
    charge = await recordCharge(tx, session, { communityId: q.communityId, roomId: null, source: PaymentSource.AdHocCharge, amount, payMethod, payerName: body.plate, remark, at });
  }
  // The id is drawn first so that the order number can carry it (unique as the id is).
  const rows = await camelRows<{ id: number; orderNo: string }>(
    tx,
    sql`insert into parking_payments (id, tenant_id, community_id, order_no, plate, lot_id, fee_type, amount, pay_method, pay_time, entry_time, exit_time,
                                   operator_id, rule_id, receipt_no, receipt_id, lines, created_by, updated_by)
        select n.id, ${session.tenantId}, ${q.communityId}, 'TC' || lpad(n.id::text, 10, '0'), ${body.plate}, ${body.lotId}, ${ParkingFeeType.TemporaryParking}, ${amount},
               ${payMethod}, ${at.toISOString()}, ${q.enteredAt.toISOString()}, ${q.leftAt.toISOString()}, ${session.userId}, ${q.ruleId},
               ${charge?.receiptNo ?? null}, ${charge?.receiptId ?? null}, ${JSON.stringify(q.lines.map((l) => ({ label: l.label, amount: fenToYuan(Number(l.amount)) })))}::jsonb,
               ${session.userId}, ${session.userId}
          from (select nextval(pg_get_serial_sequence('parking_payments', 'id')) as id) n
        returning id, order_no`,
  );
  return {
    id: Number(rows[0].id),
    orderNo: rows[0].orderNo,
    amount,
    lines: q.lines,
    receiptId: charge?.receiptId ?? null,
    receiptNo: charge?.receiptNo ?? null,
    changeAmount,
  };
}
