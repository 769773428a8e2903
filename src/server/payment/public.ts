// What other domains may use of the fee domain: the workbench's fee card reads its report, arrears
// and 实收 (income.ts); the demo data runs its generation, approval, cashier, refunds, waivers, closing
// and dunning as a user of the product would; online payment reads the owed bills and settles them through the cashier. Everything else in payment/ is its own.
export { owedSql } from "./arrears.ts";
export { paymentReport } from "./report.ts";
// 实收 as every money screen counts it.
export { communityMoney } from "./income.ts";
export { loadSettings, saveSettings } from "./settings.ts";
export { generateInline } from "./generation.ts";
export { approveBills, rejectBills } from "./approval.ts";
export { payBills, PAYABLE } from "./cashier.ts";
// The residents' app prepays months online: the desk's plan frozen in the order, the bills made when the gateway confirms.
export { makePrepaidBills, prepayPlan, prepayTerms, type PrepayTerms } from "./desk.ts";
// The residents' app shows a bound room's receipts as the print page does.
export { receiptView } from "./cashier.ts";
// Online payment (onlinepay/) holds a room's owed bills in its orders and settles them as the desk does.
export { BILL_FROM, BILL_SELECT, normalizeBill, owedOn, type BillRow } from "./bills.ts";
export { applyRefund, approveRefund, rejectRefund } from "./refunds.ts";
// Online payment sends the refunds of the payments it took through their gateway and completes them by its answer.
export { completeGatewayRefund, failGatewayRefund } from "./refunds.ts";
export { registerRefundGateway, type RefundToSend } from "./refund-gateway.ts";
export { applyWaiver, approveWaiver, rejectWaiver } from "./waivers.ts";
export { closeDay, daySummary } from "./reconciliation.ts";
export { dunningInline } from "./dunning.ts";
export { registerPrepayHooks } from "./prepay.ts";
export { registerCounterChargeHooks } from "./counter-charges.ts";
// Parking keeps a rented place's paid-until date with its rent bills, and takes a stay's money at exit as the counter does.
export { onBillsSettledChanged } from "./settled-bills.ts";
export { acceptedPayMethod, recordCharge } from "./ledger.ts";
// The residents' app sends a room meter's reading, settled as an entered one.
export { settleReading } from "./meter-readings.ts";
