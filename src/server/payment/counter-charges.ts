// Deposits (押金) and temporary charges (临时收费): money taken at the cashier through the generic
// create form, then fixed. Creating one records the charge (a payments row of its source, with a
// receipt) in the same transaction; editing or deleting it is refused. A deposit is refunded in
// full or in part (the rest kept as a deduction, with its reason) after approval by 收费审核
// (PAYMENT_APPROVE), another user than its applicant while the rule 押金退还 is on (four-eyes.ts).
import { scalarText } from "../../common/scalar-text.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { checkRule } from "../../common/validate.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import { texts } from "../../../generated/texts.ts";
import { registerResourceHooks, type ActionHookContext } from "../crud/hooks.ts";
import { fen, refused, ruleBroken } from "./common.ts";
import { apiError } from "../platform/http/envelope.ts";
import { ALL_PAY_METHODS } from "./settings.ts";
import { acceptedPayMethod, recordCharge, recordReturn, requireRoomIn } from "./ledger.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { raw, sql } from "../platform/db/sql.ts";
import { PaymentSource } from "../../../generated/states.ts";
import { FourEyesRule, refuseSelfApproval } from "./four-eyes.ts";

interface ChargeRow {
  communityId: number;
  roomId: number | null;
  paymentItemId: number;
  amount: number;
  payMethod: number;
  payerName: string | null;
  receiptNo: string | null;
  refundAmount: number | null;
  refundMethod: number | null;
  deductionReason: string | null;
}

async function chargeRow(tx: DbSession, table: string, tenantId: number, id: number): Promise<ChargeRow> {
  const refundCols = raw(table === "deposits" ? "refund_amount, refund_method, deduction_reason" : "null as refund_amount, null as refund_method, null as deduction_reason");
  const rows = await camelRows<ChargeRow>(
    tx,
    sql`select community_id, room_id, payment_item_id, amount, pay_method,
            payer_name, receipt_no, ${refundCols}
       from ${raw(table)} where tenant_id = ${tenantId} and id = ${id}`,
  );
  const r = rows[0];
  return {
    ...r,
    communityId: Number(r.communityId),
    roomId: r.roomId === null ? null : Number(r.roomId),
    amount: fen(r.amount),
    refundAmount: r.refundAmount === null ? null : fen(r.refundAmount),
  };
}

/** The item must be one of the community's own. */
async function requireItemIn(tx: DbSession, tenantId: number, communityId: number, itemId: number): Promise<void> {
  const { rows } = await tx.query(sql`select 1 from payment_items where tenant_id = ${tenantId} and id = ${itemId} and community_id = ${communityId}`);
  if (!rows.length) throw refused("chargeItemNotInCommunity", "paymentItemId");
}

/** After the row is created: the charge and its receipt, written back onto the row. */
async function collect(tx: DbSession, session: SessionInfo, table: "deposits" | "temp_charges", id: number): Promise<void> {
  const row = await chargeRow(tx, table, session.tenantId, id);
  await requireRoomIn(tx, session.tenantId, row.communityId, row.roomId);
  await requireItemIn(tx, session.tenantId, row.communityId, row.paymentItemId);
  if (!(row.amount > 0)) throw ruleBroken(checkRule("positiveAmount", "0")!, "amount");
  const payMethod = await acceptedPayMethod(tx, session, row.communityId, row.payMethod);
  const source = table === "deposits" ? PaymentSource.Deposit : PaymentSource.AdHocCharge;
  const charge = await recordCharge(tx, session, {
    communityId: row.communityId,
    roomId: row.roomId,
    paymentItemId: row.paymentItemId,
    source,
    amount: row.amount,
    payMethod,
    payerName: row.payerName,
  });
  const taken = table === "deposits" ? sql`collected_at = now()` : sql`charged_at = now(), cashier_id = ${session.userId}`;
  await tx.query(sql`update ${raw(table)} set receipt_no = ${charge.receiptNo}, receipt_id = ${charge.receiptId}, ${taken} where tenant_id = ${session.tenantId} and id = ${id}`);
}

const fixed = (what: string) => ({
  async beforeWrite({ mode }: { mode: "create" | "update" }) {
    if (mode === "update") throw refused("chargeCollectedNoEdit", "", { what });
  },
  async beforeDelete() {
    throw refused("chargeCollectedNoDelete", "", { what });
  },
});

/** Applying for a refund: 0 ≤ refund ≤ the deposit; what is kept is the deduction, which needs a reason. */
async function applyDepositRefund(ctx: ActionHookContext): Promise<void> {
  const row = await chargeRow(ctx.tx, "deposits", ctx.session.tenantId, Number(ctx.row.id));
  const refund = Number(ctx.columns.get("refund_amount") ?? 0);
  if (refund > row.amount) throw refused("depositRefundOverAmount", "refundAmount", { amount: scalarText(ctx.row.amount) });
  const method = Number(ctx.inputs.refundMethod);
  if (!ALL_PAY_METHODS.includes(method)) throw refused("selectReturnMethod", "refundMethod");
  const deduction = row.amount - refund;
  if (deduction > 0 && !ctx.inputs.deductionReason) throw refused("deductionReasonRequired", "deductionReason");
  if (deduction === 0) ctx.columns.set("deduction_reason", null);
  ctx.columns.set("deduction_amount", deduction);
  ctx.columns.set("reject_reason", null);
}

/** Approving: the refund leaves as a ReturnFlag.Refund row under the deposit's receipt number. */
async function approveDepositRefund(ctx: ActionHookContext): Promise<void> {
  await refuseSelfApproval(ctx.tx, ctx.session, FourEyesRule.DepositRefund, ctx.row.refundApplicantId);
  const row = await chargeRow(ctx.tx, "deposits", ctx.session.tenantId, Number(ctx.row.id));
  if (!row.refundAmount) return;
  await recordReturn(ctx.tx, ctx.session, {
    communityId: row.communityId,
    roomId: row.roomId,
    paymentItemId: row.paymentItemId,
    source: PaymentSource.Deposit,
    amount: row.refundAmount,
    payMethod: row.refundMethod ?? row.payMethod,
    payerName: row.payerName,
    receiptNo: row.receiptNo,
    remark: row.deductionReason ? fillTexts.ledger.depositRefundDeducted({ reason: row.deductionReason }).slice(0, 128) : texts.ledger.depositRefund,
  });
}

export function registerCounterChargeHooks(): void {
  registerResourceHooks("deposits", {
    ...fixed(texts.ledger.depositWhat),
    // A deposit is collected when it is created: deleting one is refused with a code of its own, whose
    // text the pages show (the error-code table's text of VALIDATION_FAILED would not say why).
    async beforeDelete() {
      throw apiError("DEPOSIT_COLLECTED");
    },
    afterWrite: async (tx, session, id, mode) => (mode === "create" ? collect(tx, session, "deposits", id) : undefined),
    beforeAction: {
      refund: applyDepositRefund,
      approveRefund: approveDepositRefund,
    },
  });
  registerResourceHooks("tempCharges", {
    ...fixed(texts.ledger.tempChargeWhat),
    async beforeWrite({ mode, body }) {
      if (mode === "update") throw refused("tempChargeCollectedNoEdit");
      const visitor = typeof body.visitorName === "string" ? body.visitorName.trim() : "";
      if ((body.roomId === undefined || body.roomId === null || body.roomId === "") && !visitor) throw refused("roomOrVisitorRequired", "roomId");
    },
    afterWrite: async (tx, session, id, mode) => (mode === "create" ? collect(tx, session, "temp_charges", id) : undefined),
  });
}
