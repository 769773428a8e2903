// Small waivers on an approved, not fully paid bill: a discount (spec §5 discount rule: 9.5 = 95 %
// of what is owed is still to pay) or a fixed amount off, with a reason. A waiver never exceeds what
// is owed minus the waivers still waiting for approval, so paid + waived never exceeds what was due
// and collected money never has to go back. Four eyes (four-eyes.ts): while the tenant's rule 减免 is
// on, every waiver waits for another user's approval; with it off, a waiver up to the community's
// waiverAutoApproveLimit takes effect at once and one above it waits (its applicant may approve it). Applying it fixes the bill's late fee.
// Approve and reject start from the states the waivers' actions declare (schemas/modules/
// propertyPayment.yaml, generated/actions.ts); an approval also needs its bill to still owe it
// (common/payment/row-actions.ts), which the bill-pay page checks the same way.
import type { ApplyWaiverBody } from "../../../generated/operation-types.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { checkRule } from "../../common/validate.ts";
import { fenToYuan } from "../../common/money.ts";
import { chinaDay } from "../../common/china-time.ts";
import { discountOffFen } from "../../common/payment/pricing.ts";
import { loadSettings } from "./settings.ts";
import { BILL_FROM, BILL_SELECT, lateFeeOn, normalizeBill, owedOn, type BillRow } from "./bills.ts";
import { audit, CODES, fen, notFound, optionalText, payAmountWithin, refused, ruleBroken, say } from "./common.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import { BillStatus, WaiverStatus, WaiverType } from "../../../generated/states.ts";
import { stateActions, type StateAction } from "../../../generated/actions.ts";
import { PAYABLE_STATES, startsFrom, stateRefusedMessage, waiverConditions } from "../../common/payment/row-actions.ts";
import { apiError } from "../platform/http/envelope.ts";
import { billsSettledChanged } from "./settled-bills.ts";
import { FourEyesRule, fourEyesOn, refuseSelfApproval } from "./four-eyes.ts";

const { approve: APPROVE, reject: REJECT } = stateActions.waivers.actions;

async function lockBill(tx: DbSession, tenantId: number, id: number): Promise<BillRow> {
  const rows = await camelRows<BillRow>(tx, sql`select ${BILL_SELECT} from ${BILL_FROM} where b.tenant_id = ${tenantId} and b.id = ${id} for update of b`);
  if (!rows[0]) throw notFound();
  return normalizeBill(rows[0]);
}

async function pendingOf(tx: DbSession, tenantId: number, billId: number, exceptId = 0): Promise<number> {
  const { rows } = await tx.query<{ n: string }>(
    sql`select coalesce(sum(amount), 0)::bigint as n from waivers
         where tenant_id = ${tenantId} and bill_id = ${billId} and status = ${WaiverStatus.Pending} and id <> ${exceptId}`,
  );
  return fen(rows[0].n);
}

/** Adds an approved waiver to its bill (late fee fixed, paid in full when nothing is left). */
async function applyToBill(tx: DbSession, session: SessionInfo, b: BillRow, amount: number, today: string, at: Date) {
  const lateFee = lateFeeOn(b, today);
  const waived = b.amountWaived + amount;
  const status = b.amountPaid + waived >= b.amountDue + lateFee ? BillStatus.Paid : b.status;
  await tx.query(
    sql`update bills set amount_waived = ${waived}, late_fee = ${lateFee}, status = ${status},
            paid_at = case when ${status}::int = ${BillStatus.Paid} then ${at.toISOString()}::timestamptz else paid_at end,
            updated_at = now(), updated_by = ${session.userId}, version = version + 1
      where tenant_id = ${session.tenantId} and id = ${b.id}`,
  );
  await billsSettledChanged(tx, session.tenantId, [b.id]);
}

function reasonOf(value: unknown, field: string, empty: "rejectReasonRequired" | "refundReasonRequired" | "waiverReasonRequired"): string {
  const text = optionalText(value, field, 128);
  if (!text) throw refused(empty, field);
  return text;
}

export async function applyWaiver(tx: DbSession, session: SessionInfo, ip: string | null, body: ApplyWaiverBody, at: Date = new Date()) {
  const billId = body.billId ?? null;
  if (billId === null) throw refused("selectBill", "billId");
  const bill = await lockBill(tx, session.tenantId, billId);
  if (!PAYABLE_STATES.includes(bill.status)) throw refused("waiverBillNotPayable", "billId");
  const today = chinaDay(at);
  const available = owedOn(bill, today) - (await pendingOf(tx, session.tenantId, billId));
  if (available <= 0) throw refused("nothingToWaive", "billId");
  const waiverType = body.waiverType ?? WaiverType.Discount;
  let amount: number;
  let discount: string | null = null;
  if (waiverType === WaiverType.Discount) {
    const problem = checkRule("discount", body.discount) ?? (body.discount === undefined || body.discount === "" ? say("discountRequired") : null);
    if (problem) throw ruleBroken(problem, "discount");
    discount = String(body.discount).trim();
    amount = discountOffFen(available, discount);
  } else {
    // WaiverType.FixedAmount: the operation's validator refused any other type (请选择减免方式).
    amount = payAmountWithin(body.amount, "amount", available);
  }
  if (amount <= 0) throw refused("waiverPositive", waiverType === WaiverType.Discount ? "discount" : "amount");
  const reason = reasonOf(body.reason, "reason", "waiverReasonRequired");
  const settings = await loadSettings(tx, session.tenantId, bill.communityId);
  const auto = amount <= settings.waiverAutoApproveLimit && !(await fourEyesOn(tx, session.tenantId, FourEyesRule.Waiver));
  const status = auto ? WaiverStatus.Approved : WaiverStatus.Pending;
  const { rows } = await tx.query<{ id: number }>(
    sql`insert into waivers (tenant_id, community_id, bill_id, room_id, waiver_type, discount, amount, reason, status, approver_id, approved_at, created_by, updated_by)
     values (${session.tenantId}, ${bill.communityId}, ${billId}, ${bill.roomId}, ${waiverType}, ${discount}, ${amount}, ${reason}, ${status},
             ${auto ? session.userId : null}, ${auto ? at.toISOString() : null}, ${session.userId}, ${session.userId}) returning id`,
  );
  if (auto) await applyToBill(tx, session, bill, amount, today, at);
  await audit(tx, session, ip, "waivers", "apply", rows[0].id, { communityId: bill.communityId, billId, amount: fenToYuan(amount), autoApproved: auto }, CODES.billPay);
  return { id: rows[0].id, status, amount };
}

/** The waiver, locked, in a state the action starts from (else 409 naming its state and the action). */
async function lockWaiver(tx: DbSession, tenantId: number, id: number, action: StateAction) {
  const rows = await camelRows<{ id: number; communityId: number; billId: number; amount: string; status: number; createdBy: number | null }>(
    tx,
    sql`select id, community_id, bill_id, amount, status, created_by from waivers where tenant_id = ${tenantId} and id = ${id} for update`,
  );
  if (!rows[0]) throw notFound();
  if (!startsFrom(action, rows[0].status)) throw apiError("CONFLICT", { message: stateRefusedMessage(stateActions.waivers, action, rows[0].status) });
  return { ...rows[0], amount: fen(rows[0].amount) };
}

export async function approveWaiver(tx: DbSession, session: SessionInfo, ip: string | null, id: number, at: Date = new Date()) {
  const waiver = await lockWaiver(tx, session.tenantId, id, APPROVE);
  await refuseSelfApproval(tx, session, FourEyesRule.Waiver, waiver.createdBy);
  const bill = await lockBill(tx, session.tenantId, waiver.billId);
  const today = chinaDay(at);
  // Every waiting waiver of the bill, this one included, against what it owes today.
  const facts = { status: bill.status, owed: owedOn(bill, today), pendingWaived: await pendingOf(tx, session.tenantId, bill.id) };
  if (!(waiverConditions.approve?.(facts) ?? true)) throw refused("waiverOverOutstanding", "amount");
  await applyToBill(tx, session, bill, waiver.amount, today, at);
  await tx.query(
    sql`update waivers set status = ${APPROVE.to}, approver_id = ${session.userId}, approved_at = ${at.toISOString()}, updated_at = now(),
            updated_by = ${session.userId}, version = version + 1
      where tenant_id = ${session.tenantId} and id = ${waiver.id}`,
  );
  await audit(tx, session, ip, "waivers", "approve", waiver.id, { communityId: bill.communityId, amount: fenToYuan(waiver.amount) }, CODES.billPay);
  return { id: waiver.id, status: APPROVE.to };
}

export async function rejectWaiver(tx: DbSession, session: SessionInfo, ip: string | null, id: number, reasonValue: unknown) {
  const reason = reasonOf(reasonValue, "reason", "rejectReasonRequired");
  const waiver = await lockWaiver(tx, session.tenantId, id, REJECT);
  await tx.query(
    sql`update waivers set status = ${REJECT.to}, approver_id = ${session.userId}, approved_at = now(), reject_reason = ${reason}, updated_at = now(),
            updated_by = ${session.userId}, version = version + 1
      where tenant_id = ${session.tenantId} and id = ${waiver.id}`,
  );
  await audit(tx, session, ip, "waivers", "reject", waiver.id, { communityId: waiver.communityId, reason }, CODES.billPay);
  return { id: waiver.id, status: REJECT.to };
}
