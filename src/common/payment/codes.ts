// Route codes of the fee pages (schemas/modules/propertyPayment.yaml): the server guards each fee
// endpoint with them, the pages show an action only to a session holding the code.
export const PAYMENT_CODES = {
  cashier: "HBL0701315",
  received: "HBL0701317",
  generation: "HBL1901",
  approval: "HBL1903",
  billPay: "HBL1905",
  history: "HBL1907",
  settings: "HBL1913",
  report: "HBL0701309",
} as const;

/** 收费审核 (schemas/permissions.yaml): approving 作废, 退费/冲正, 减免 and 押金退还, which another user applied for (docs/payment.md "Four eyes"). */
export const PAYMENT_APPROVE = "PAYMENT_APPROVE";
