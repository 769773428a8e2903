// A row of 实收记录 (the generic pageList of payments): a charge or a refund with its labels. The
// payments table lists them and the refund dialog applies for a refund of one.
export interface PaymentRow {
  id: number;
  serialNo: string;
  billIdLabel?: string;
  roomIdLabel?: string;
  payerName: string | null;
  amount: string;
  payMethod: number;
  paymentType: number | null;
  returnFlag: number | null;
  receiptNo: string | null;
  refundId: number | null;
  cashierIdLabel?: string;
  paidAt: string;
  accountingDay: string | null;
}
