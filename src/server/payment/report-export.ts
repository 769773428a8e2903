// The money-desk reports as .xlsx workbooks (exceljs, as the payment report, the daily closing and
// the arrears exports): a title, the community and the range, the header, one line per row of the
// report's answer, then the total; money cells hold the two-decimal values with a 0.00 format.
import ExcelJS from "exceljs";
import type { DbSession } from "../db/types.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import type { ExportPaymentReportsQuery } from "../../../generated/operation-types.ts";
import { mappingLabel } from "../../common/mappings.ts";
import { sumYuan } from "../../common/money.ts";
import { texts } from "../../../generated/texts.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import { chargeReport } from "./report-charges.ts";
import { collectionReport } from "./report-collection.ts";
import { depositLedger, prepayLedger } from "./report-ledgers.ts";
import { reportCommunity } from "./report-period.ts";
import { money, paymentWorkbook, table, xlsxBytes } from "./workbook.ts";

const t = texts.paymentReports;

export async function reportsWorkbook(db: DbSession, session: SessionInfo, q: ExportPaymentReportsQuery): Promise<{ fileName: string; content: Buffer }> {
  const community = await reportCommunity(db, session, q.communityId);
  const communityId = community.id;
  const wb = paymentWorkbook();
  let title: string;
  let range: { start: string; end: string };
  const sheet = (name: string) => {
    const ws = wb.addWorksheet(name);
    ws.addRow([name]).font = { bold: true, size: 14 };
    return ws;
  };
  const heading = (ws: ExcelJS.Worksheet) => {
    ws.addRow([fillTexts.paymentReports.community({ name: community.name }), null, null, fillTexts.paymentReports.range(range)]);
    ws.addRow([]);
  };
  if (q.report === "charges") {
    const r = await chargeReport(db, session, { communityId, granularity: q.granularity ?? "day", start: q.start, end: q.end });
    title = r.granularity === "month" ? t.chargesMonth : t.chargesDay;
    range = r;
    const ws = sheet(title);
    heading(ws);
    table(
      ws,
      [
        { key: "date", header: r.granularity === "month" ? t.month : t.date, width: 12 },
        money("receivable", t.receivable),
        money("lateFee", t.lateFee),
        money("collected", t.collected),
        money("currentCollected", t.currentCollected),
        money("arrearsCollected", t.arrearsCollected),
        money("waived", t.waived),
        money("refunded", t.refunded),
        money("net", t.net),
      ],
      r.rows,
      r.totals,
    );
    ws.addRow([]);
    ws.addRow([t.byPayMethod]).font = { bold: true };
    const methods = r.byPayMethod.map((m) => ({ ...m, payMethod: mappingLabel("payMethod", m.payMethod) }));
    const sum = (k: "collected" | "refunded" | "net") => sumYuan(methods.map((m) => m[k]));
    table(
      ws,
      [{ key: "payMethod", header: t.payMethod, width: 12 }, { key: "count", header: t.count, width: 8 }, money("collected", t.collected), money("refunded", t.refunded), money("net", t.net)],
      methods,
      {
        count: methods.reduce((s, m) => s + m.count, 0),
        collected: sum("collected"),
        refunded: sum("refunded"),
        net: sum("net"),
      },
    );
  } else if (q.report === "collection") {
    const r = await collectionReport(db, session, { communityId, groupBy: q.groupBy ?? "building", start: q.start, end: q.end });
    title = r.groupBy === "item" ? t.collectionItem : t.collectionBuilding;
    range = r;
    const ws = sheet(title);
    heading(ws);
    table(
      ws,
      [
        { key: "name", header: r.groupBy === "item" ? t.item : t.building, width: 16 },
        { key: "bills", header: t.bills, width: 8 },
        money("receivable", t.receivable),
        money("collected", t.collected),
        money("waived", t.waived),
        money("outstanding", t.outstanding),
        { key: "collectionRate", header: t.collectionRate, width: 10, rate: true },
      ],
      r.rows,
      r.totals,
    );
  } else if (q.report === "prepayLedger") {
    const r = await prepayLedger(db, session, { communityId, start: q.start, end: q.end });
    title = t.prepayLedger;
    range = r;
    const ws = sheet(title);
    heading(ws);
    table(
      ws,
      [
        { key: "roomName", header: t.room, width: 18 },
        money("opening", t.opening),
        money("recharged", t.recharged),
        money("deducted", t.deducted),
        money("refunded", t.refunded),
        money("closing", t.closing),
      ],
      r.rows,
      r.totals,
    );
  } else {
    const r = await depositLedger(db, session, { communityId, start: q.start, end: q.end });
    title = t.depositLedger;
    range = r;
    const ws = sheet(title);
    heading(ws);
    table(
      ws,
      [
        { key: "itemName", header: t.depositItem, width: 14 },
        { key: "roomName", header: t.room, width: 18 },
        { key: "count", header: t.count, width: 8 },
        money("collected", t.depositCollected),
        money("refunded", t.depositRefunded),
        money("deducted", t.depositDeducted),
        money("held", t.held),
      ],
      r.rows,
      r.totals,
    );
  }
  return { fileName: fillTexts.paymentReports.file({ report: title, ...range }), content: await xlsxBytes(wb) };
}
