// The payment domain's Excel sheets, one way for all of them (the report tabs, the community × month
// report, arrears, the daily closing): a workbook made by the platform, and a table of a header, one
// line per row and a bold total, whose money and rate cells hold the two-decimal values as numbers
// with a 0.00 format ("-" stays text).
import ExcelJS from "exceljs";
import { texts } from "../../../generated/texts.ts";

export interface Column {
  key: string;
  header: string;
  width: number;
  money?: boolean;
  rate?: boolean;
}

/** A money column of the usual width. */
export const money = (key: string, header: string, width = 14): Column => ({ key, header, width, money: true });

/** A yuan or percent text as the number Excel shows with two decimals ("-" stays as it is). */
const cellOf = (c: Column, v: unknown) => ((c.money || c.rate) && typeof v === "string" && v !== "-" ? Number(v) : v);

/** A new workbook, made by the platform. */
export function paymentWorkbook(): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = texts.common.platformName;
  return wb;
}

/** The header, the lines and the total (合计 in the first column) at the sheet's next rows; the columns' widths and number formats. */
export function table(ws: ExcelJS.Worksheet, columns: Column[], lines: readonly object[], total: object) {
  const at = (line: object, key: string): unknown => (line as Record<string, unknown>)[key];
  ws.addRow(columns.map((c) => c.header)).font = { bold: true };
  for (const line of lines) ws.addRow(columns.map((c) => cellOf(c, at(line, c.key))));
  ws.addRow(columns.map((c, i) => (i === 0 ? texts.common.total : cellOf(c, at(total, c.key))))).font = { bold: true };
  columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    col.width = Math.max(col.width ?? 0, c.width);
    if (c.money || c.rate) col.numFmt = "0.00";
  });
}

/** The workbook as the bytes of an .xlsx file. */
export const xlsxBytes = async (wb: ExcelJS.Workbook): Promise<Buffer> => Buffer.from(await wb.xlsx.writeBuffer());
