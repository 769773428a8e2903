// Shapes the fee endpoints and the fee pages share (docs/payment.md). Money in responses is yuan
// text ("12.50").

/** A community's payment settings; the waiver auto-approve limit is fen on the server, yuan text in responses. */
export interface PaymentSettingsShape<Limit> {
  id: number | null;
  communityId: number;
  payMethods: number[];
  roundingMode: number;
  payParamsSavedAt: string | null;
  receiptTitle: string | null;
  receiptPrefix: string | null;
  defaultReceiptType: number;
  invoiceEnabled: boolean;
  taxNo: string | null;
  /** mapping receiptTemplate: 1 A4, 2 A4 二等分, 3 针式 241 mm 三联 */
  receiptTemplate: number;
  /** 收款单位 printed on receipts (null: the tenant's name). */
  payeeName: string | null;
  sealEnabled: boolean;
  sealText: string | null;
  receiptSavedAt: string | null;
  allowPartialPayment: boolean;
  waiverAutoApproveLimit: Limit;
  autoPrintReceipt: boolean;
  /** Residents send meter readings from this day of the month to its end; 0: not open. */
  residentReadingFromDay: number;
  otherSavedAt: string | null;
}

/** Steering flags of the payment guide: which settings tabs are really configured. */
export interface SteerFlags {
  priceTypeConfigEnable: boolean;
  paymentTimeConfigEnable: boolean;
  payParamConfigEnable: boolean;
  receiptConfigEnable: boolean;
  otherConfigEnable: boolean;
}

/** One community and billing month of the payment report (`Money`: yuan text as answered, fen as the server's handler returns it). */
export interface ReportRow<Money = string> {
  communityId: number;
  communityName: string;
  period: string;
  amountDue: Money;
  collected: Money;
  refunded: Money;
  waived: Money;
  arrears: Money;
  collectionRate: string;
  households: number;
  paidHouseholds: number;
  householdRate: string;
  /** The month's 实收 (fee income on its business days), its top-ups and deposits: not the period's bills. */
  income: Money;
  recharged: Money;
  deposits: Money;
}
