// Response shapes of the fee endpoints (docs/payment.md). Money fields are yuan text ("12.50").
import type { PaymentSettingsShape, ReportRow, SteerFlags } from "../../../common/payment/shapes.ts";
import type { BillViewShape } from "../../../common/payment/bill.ts";

export type { ReportRow, SteerFlags };
export type PaySettings = PaymentSettingsShape<string>;

export interface PageResult<T> {
  list: T[];
  total: number;
  pageNo?: number;
  pageSize?: number;
}

/** A bill of the fee lists; the lists add the room's label and the approval and payment dates. */
export interface BillView extends BillViewShape {
  roomLabel?: string;
  rejectReason?: string | null;
  approvedAt?: string | null;
  paidAt?: string | null;
  batchId?: number | null;
}

export interface RoomBills {
  room: { id: number; roomNo: string; communityId: number; communityName: string; buildingName: string; unitName: string; buildingArea: string | null; status: number };
  bills: BillView[];
  totals: { count: number; amountDue: string; lateFee: string; amountPaid: string; amountWaived: string; outstanding: string };
  draftCount: number;
  payMethods: number[];
  allowPartialPayment: boolean;
  autoPrintReceipt: boolean;
  /** The room's prepayment account, or null. */
  prepay: { id: number; balance: string; autoDeduct: boolean; status: number } | null;
}

export interface PayResult {
  receiptId: number;
  receiptNo: string;
  payAmount: string;
  receivedAmount: string | null;
  changeAmount: string | null;
  accountingDay: string;
}

export interface ReceiptView {
  id: number;
  receiptNo: string;
  receiptType: number;
  title: string;
  communityName: string;
  roomNo: string | null;
  buildingName: string | null;
  unitName: string | null;
  payerName: string | null;
  amount: string;
  payMethod: number;
  receivedAmount: string | null;
  changeAmount: string | null;
  status: number;
  issuedAt: string;
  issuerName: string | null;
  taxNo: string | null;
  lines: { id: number; serialNo: string; amount: string; billNo: string; period: string; itemName: string; paymentType: number | null }[];
}

export interface HistoryPayment {
  id: number;
  serialNo: string;
  billId: number | null;
  amount: string;
  payMethod: number;
  paymentType: number | null;
  returnFlag: number | null;
  receiptNo: string | null;
  receiptId: number | null;
  paidAt: string;
  accountingDay: string | null;
  cashierName: string | null;
}

export interface RoomHistory {
  bills: BillView[];
  payments: HistoryPayment[];
  refunds: { id: number; paymentId: number; amount: string; refundMethod: number; reason: string; status: number; applyTime: string; refundedAt: string | null; rejectReason: string | null }[];
  waivers: { id: number; billId: number; waiverType: number; discount: string | null; amount: string; reason: string; status: number; approvedAt: string | null; rejectReason: string | null; createdAt: string }[];
}

export interface GenerationTask {
  id: number;
  name: string;
  state: string;
  progress: number;
  done: number;
  total: number;
  result: string | null;
  batches: { id: number; batchNo: string; itemName: string; status: number; roomCount: number; billCount: number; existingCount: number; skippedCount: number; totalAmount: string; errorMessage: string | null }[];
}

export interface DayRow {
  payMethod: number;
  cashierId: number;
  cashierName: string;
  paymentCount: number;
  recordedAmount: string;
  refundAmount: string;
  netAmount: string;
  declaredAmount: string | null;
  difference: string | null;
  remark: string | null;
}

export interface DaySummary {
  communityId: number;
  day: string;
  closed: boolean;
  closing: { closedAt: string; closedByName: string | null; remark: string | null } | null;
  rows: DayRow[];
  totals: { paymentCount: number; recordedAmount: string; refundAmount: string; netAmount: string; declaredAmount: string; allDeclared: boolean };
  today: string;
}

export interface ReportResult {
  startMonth: string;
  endMonth: string;
  list: ReportRow[];
  totals: Omit<ReportRow, "communityId" | "communityName" | "period">;
}

/** A room in arrears (POST {property}/arrears/actions/pageList). */
export interface ArrearsRow {
  roomId: number;
  communityName: string;
  buildingName: string | null;
  roomNo: string;
  amountOwed: string;
  billCount: number;
  oldestPeriod: string;
  daysPastDue: number;
  bucket: number;
  bucketLabel: string;
}

/** A dunning notice in the list (generic pageList of dunningNotices). */
export interface DunningNoticeRow {
  id: number;
  noticeNo: string;
  roomId: number;
  roomIdLabel?: string;
  amountOwed: string;
  billCount: number;
  oldestPeriod: string;
  issuedAt: string;
}

/** One dunning notice for its print view. */
export interface DunningNoticeView {
  id: number;
  noticeNo: string;
  title: string;
  content: string;
  amountOwed: string;
  billCount: number;
  oldestPeriod: string;
  bills: { billNo: string; itemName: string; period: string; dueDate: string; outstanding: string }[];
  issuedAt: string;
  roomNo: string;
  buildingName: string | null;
  unitName: string | null;
  communityName: string;
  issuer: string;
}
