// Response shapes of the fee endpoints: the generated types of schemas/operations/payment.yaml under
// the names the fee pages use. Money fields are yuan text ("12.50").
import type { GetPaymentSettingsData, GetReconciliationDayData, PayBillsData, QueryArrearsData, QueryBillsData } from "../../../../generated/operation-types.ts";
import type { ReportRow } from "../../../common/payment/shapes.ts";

export type { ReportRow };
export type PaySettings = GetPaymentSettingsData;

/** A bill of the fee lists; the lists add the room's label and the approval and payment dates. */
export type BillView = QueryBillsData["list"][number];
export type PayResult = PayBillsData;
export type DaySummary = GetReconciliationDayData;
export type DayRow = DaySummary["rows"][number];

/** A room in arrears. */
export type ArrearsRow = QueryArrearsData["list"][number];

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
  /** The notice published to the room's residents with it, if any. */
  publishedNoticeId?: number | null;
}
