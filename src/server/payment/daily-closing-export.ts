// The 日结单（交班表） of one settlement day as a workbook: the same figures as the printable sheet
// (DailyClosingPrintPage.tsx) — per cashier, each pay method's payments, refunds, what should have
// arrived, what was declared and the difference, the cashier's subtotal, then the day's total.
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { CheckedCommunity } from "../../../generated/operation-types.ts";
import { mappingLabel } from "../../common/mappings.ts";
import { chinaDateTime } from "../../common/china-time.ts";
import { cashierShifts, shiftTotals, type ShiftTotals } from "../../common/payment/cashier-shifts.ts";
import { texts } from "../../../generated/texts.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import { daySummary } from "./reconciliation.ts";
import { asAnswered } from "./answered.ts";
import { paymentWorkbook, xlsxBytes } from "./workbook.ts";

const t = texts.dailyClosing;
const COLUMNS = [
  { key: "cashierName", header: t.cashier, width: 14 },
  { key: "payMethod", header: t.payMethod, width: 12 },
  { key: "paymentCount", header: t.paymentCount, width: 8 },
  { key: "recordedAmount", header: t.recordedAmount, width: 12 },
  { key: "refundAmount", header: t.refundAmount, width: 12 },
  { key: "netAmount", header: t.netAmount, width: 12 },
  { key: "declaredAmount", header: t.declaredAmount, width: 13 },
  { key: "difference", header: t.difference, width: 12 },
  { key: "remark", header: t.remark, width: 20 },
] as const;
const MONEY = ["recordedAmount", "refundAmount", "netAmount", "declaredAmount", "difference"] as const;

/** A yuan string as the number Excel shows with two decimals; a missing amount stays empty. */
const amount = (yuan: string | null) => (yuan === null ? null : Number(yuan));

/** A group's totals as the sheet's bold row, under the label `cashierName`. */
const totalsRow = (cashierName: string, totals: ShiftTotals) => ({
  ...totals,
  cashierName,
  ...Object.fromEntries(MONEY.map((k) => [k, amount(totals[k])])),
});

/** `community`: the one the operation's scope guard checked. */
export async function dailyClosingWorkbook(db: DbSession, session: SessionInfo, community: CheckedCommunity, day: string): Promise<{ fileName: string; content: Buffer }> {
  const d = asAnswered("getReconciliationDay", await daySummary(db, session, community.id, day));
  const wb = paymentWorkbook();
  const ws = wb.addWorksheet(t.sheet);
  ws.columns = COLUMNS.map((c) => ({ key: c.key, width: c.width }));
  ws.addRow([t.title]).font = { bold: true, size: 14 };
  const status = d.closing ? fillTexts.dailyClosing.closed({ name: d.closing.closedByName ?? "", at: chinaDateTime(d.closing.closedAt) }) : t.open;
  ws.addRow([fillTexts.dailyClosing.community({ name: community.name }), null, null, fillTexts.dailyClosing.day({ day: d.day }), null, null, status]);
  ws.addRow([]);
  ws.addRow(COLUMNS.map((c) => c.header)).font = { bold: true };
  for (const { cashier, list, subtotal } of cashierShifts(d.rows)) {
    for (const r of list) {
      ws.addRow({
        ...r,
        cashierName: cashier,
        payMethod: mappingLabel("payMethod", r.payMethod),
        ...Object.fromEntries(MONEY.map((k) => [k, amount(r[k])])),
      });
    }
    ws.addRow(totalsRow(t.subtotal, subtotal)).font = { bold: true };
  }
  ws.addRow(totalsRow(texts.common.total, shiftTotals(d.rows))).font = { bold: true };
  for (const key of MONEY) ws.getColumn(key).numFmt = "0.00";
  return { fileName: fillTexts.dailyClosing.file({ day: d.day }), content: await xlsxBytes(wb) };
}
