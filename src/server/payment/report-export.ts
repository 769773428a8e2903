// The money-desk reports as .xlsx workbooks (exceljs, as the payment report, the daily closing and
// the arrears exports): a title, the community and the range, the header, one line per row of the
// report's answer (as the client gets it: asAnswered), then the total; money cells hold the two-decimal values with a 0.00 format.
import ExcelJS from "exceljs";
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { ExportPaymentReportsQuery } from "../../../generated/operation-types.ts";
import { mappingLabel } from "../../common/mappings.ts";
import { sumYuan } from "../../common/money.ts";
import { texts } from "../../../generated/texts.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import { chargeReport } from "./report-charges.ts";
import { collectionReport } from "./report-collection.ts";
import { depositLedger, prepayLedger } from "./report-ledgers.ts";
import type { ReportCommunity } from "./report-period.ts";
import { asAnswered } from "./answered.ts";
import { money, paymentWorkbook, table, xlsxBytes, type Column } from "./workbook.ts";

const t = texts.paymentReports;

/** What every report answers: its range, one line per row and the totals. */
interface Loaded {
  start: string;
  end: string;
  rows: readonly object[];
  totals: object;
}

/**
 * One report's sheet: its loader (for the community already checked), its title and columns (which
 * may depend on the answer's granularity or grouping), and what comes after the table. Written as
 * methods so that a Sheet of one report's answer is a Sheet<Loaded> (method parameters are bivariant).
 */
interface Sheet<R extends Loaded = Loaded> {
  load(db: DbSession, session: SessionInfo, q: ExportPaymentReportsQuery, community: ReportCommunity): Promise<R>;
  title(r: R): string;
  columns(r: R): Column[];
  after?(ws: ExcelJS.Worksheet, r: R): void;
}

const sheetOf = <R extends Loaded>(s: Sheet<R>): Sheet => s;

const SHEETS: Record<ExportPaymentReportsQuery["report"], Sheet> = {
  charges: sheetOf({
    load: async (db, session, q, c) => asAnswered("getChargeReport", await chargeReport(db, session, { communityId: c.id, granularity: q.granularity ?? "day", start: q.start, end: q.end }, c)),
    title: (r) => (r.granularity === "month" ? t.chargesMonth : t.chargesDay),
    columns: (r) => [
      { key: "date", header: r.granularity === "month" ? t.month : t.date, width: 12 },
      money("receivable", t.receivable),
      money("lateFee", t.lateFee),
      money("collected", t.gross),
      money("currentCollected", t.currentCollected),
      money("arrearsCollected", t.arrearsCollected),
      money("waived", t.waived),
      money("refunded", t.refunded),
      money("net", t.net),
      money("recharged", t.topUps),
      money("deposits", t.depositsTaken),
    ],
    // The same charges and refunds by pay method, in a second table.
    after: (ws, r) => {
      ws.addRow([]);
      ws.addRow([t.byPayMethod]).font = { bold: true };
      const methods = r.byPayMethod.map((m) => ({ ...m, payMethod: mappingLabel("payMethod", m.payMethod) }));
      const sum = (k: "collected" | "refunded" | "net") => sumYuan(methods.map((m) => m[k]));
      table(
        ws,
        [{ key: "payMethod", header: t.payMethod, width: 12 }, { key: "count", header: t.count, width: 8 }, money("collected", t.gross), money("refunded", t.refunded), money("net", t.net)],
        methods,
        {
          count: methods.reduce((s, m) => s + m.count, 0),
          collected: sum("collected"),
          refunded: sum("refunded"),
          net: sum("net"),
        },
      );
    },
  }),
  collection: sheetOf({
    load: async (db, session, q, c) => asAnswered("getCollectionReport", await collectionReport(db, session, { communityId: c.id, groupBy: q.groupBy ?? "building", start: q.start, end: q.end }, c)),
    title: (r) => (r.groupBy === "item" ? t.collectionItem : t.collectionBuilding),
    columns: (r) => [
      { key: "name", header: r.groupBy === "item" ? t.item : t.building, width: 16 },
      { key: "bills", header: t.bills, width: 8 },
      money("receivable", t.receivable),
      money("collected", t.collected),
      money("waived", t.waived),
      money("outstanding", t.outstanding),
      { key: "collectionRate", header: t.collectionRate, width: 10, rate: true },
    ],
  }),
  prepayLedger: sheetOf({
    load: async (db, session, q, c) => asAnswered("getPrepayLedger", await prepayLedger(db, session, { communityId: c.id, start: q.start, end: q.end }, c)),
    title: () => t.prepayLedger,
    columns: () => [
      { key: "roomName", header: t.room, width: 18 },
      money("opening", t.opening),
      money("recharged", t.recharged),
      money("deducted", t.deducted),
      money("refunded", t.refunded),
      money("closing", t.closing),
    ],
  }),
  depositLedger: sheetOf({
    load: async (db, session, q, c) => asAnswered("getDepositLedger", await depositLedger(db, session, { communityId: c.id, start: q.start, end: q.end }, c)),
    title: () => t.depositLedger,
    columns: () => [
      { key: "itemName", header: t.depositItem, width: 14 },
      { key: "roomName", header: t.room, width: 18 },
      { key: "count", header: t.count, width: 8 },
      money("collected", t.depositCollected),
      money("refunded", t.depositRefunded),
      money("deducted", t.depositDeducted),
      money("held", t.held),
    ],
  }),
};

/** `community`: the one the operation's scope guard checked (reportCommunity). */
export async function reportsWorkbook(db: DbSession, session: SessionInfo, q: ExportPaymentReportsQuery, community: ReportCommunity): Promise<{ fileName: string; content: Buffer }> {
  const sheet = SHEETS[q.report];
  const r = await sheet.load(db, session, q, community);
  const title = sheet.title(r);
  const range = { start: r.start, end: r.end };
  const wb = paymentWorkbook();
  const ws = wb.addWorksheet(title);
  ws.addRow([title]).font = { bold: true, size: 14 };
  ws.addRow([fillTexts.paymentReports.community({ name: community.name }), null, null, fillTexts.paymentReports.range(range)]);
  ws.addRow([]);
  table(ws, sheet.columns(r), r.rows, r.totals);
  sheet.after?.(ws, r);
  return { fileName: fillTexts.paymentReports.file({ report: title, ...range }), content: await xlsxBytes(wb) };
}
