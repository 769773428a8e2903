// Excel files with exceljs: the import template of a resource (a data sheet whose header row holds
// the column labels, required ones in red, and a 填写说明 sheet with what each column takes and an
// example), reading an uploaded file back by those labels, and the export of a list.
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { messages } from "../../../generated/errors.ts";
import { texts } from "../../../generated/texts.ts";
import { fillText } from "../../common/fill-text.ts";
import type { ImportColumn, Cells } from "./importers.ts";
import { cellText } from "./cells.ts";

export const DATA_SHEET = texts.excel.dataSheet;
/** Rows one file may hold (100 000 rooms of a large estate in one go; docs/benchmarks.md, Excel import). */
export const MAX_IMPORT_ROWS = 100_000;
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const width = (text: string) => Math.min(60, Math.max(10, [...text].reduce((n, c) => n + (c.charCodeAt(0) > 255 ? 2 : 1), 0) + 4));

export async function templateWorkbook(title: string, columns: ImportColumn[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const data = wb.addWorksheet(DATA_SHEET);
  data.columns = columns.map((c) => ({ header: c.label, key: c.key, width: width(c.label) + 4 }));
  data.getRow(1).eachCell((cell, i) => {
    cell.font = { bold: true, color: { argb: columns[i - 1].required ? "FFD4380D" : "FF262626" } };
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFF5F5F5" } };
  });
  data.views = [{ state: "frozen", ySplit: 1 }];
  const notes = wb.addWorksheet(texts.excel.notesSheet);
  notes.columns = [
    { header: texts.excel.notesLabel, key: "label", width: 18 },
    { header: texts.excel.notesHint, key: "hint", width: 60 },
    { header: texts.excel.notesExample, key: "example", width: 24 },
  ];
  for (const c of columns) notes.addRow({ label: c.label, hint: c.hint, example: c.example });
  notes.addRow({});
  notes.addRow({ label: texts.excel.notesNoteLabel, hint: fillText(texts.excel.notesNote, { sheet: DATA_SHEET, title, max: MAX_IMPORT_ROWS }) });
  notes.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export class TemplateError extends Error {}

export interface ParsedRow {
  /** The Excel row number (the header is row 1). */
  row: number;
  cells: Cells;
}

const norm = (s: string) => s.replace(/[\s*＊]/g, "");

interface SheetRows {
  keyOfColumn: Map<number, string>;
  rows: ParsedRow[];
  /** More data rows than MAX_IMPORT_ROWS (the rest were not kept). */
  tooMany: boolean;
}

/** One worksheet as the import reads it: the header (row 1) by label, then the non-empty data rows. */
async function readSheet(sheet: AsyncIterable<ExcelJS.Row> | Iterable<ExcelJS.Row>, byLabel: Map<string, ImportColumn>): Promise<SheetRows> {
  const out: SheetRows = { keyOfColumn: new Map(), rows: [], tooMany: false };
  for await (const r of sheet) {
    if (r.number === 1) {
      r.eachCell((cell, col) => {
        const label = cellText(cell.value);
        const c = typeof label === "string" ? byLabel.get(norm(label)) : undefined;
        if (c) out.keyOfColumn.set(col, c.key);
      });
      continue;
    }
    if (out.tooMany || out.keyOfColumn.size === 0) continue;
    const cells: Cells = {};
    let any = false;
    for (const [col, key] of out.keyOfColumn) {
      const v = cellText(r.getCell(col).value);
      cells[key] = v;
      if (v !== null) any = true;
    }
    if (!any) continue;
    if (out.rows.length >= MAX_IMPORT_ROWS) out.tooMany = true;
    else out.rows.push({ row: r.number, cells });
  }
  return out;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

interface Sheet {
  name: string | undefined;
  rows: AsyncIterable<ExcelJS.Row> | Iterable<ExcelJS.Row>;
}

/**
 * The file's sheets read as a stream (exceljs WorkbookReader: one row at a time, only its cells'
 * text kept), so a file of MAX_IMPORT_ROWS rows takes a fraction of the time and memory of loading
 * the whole workbook.
 */
async function* streamedSheets(content: Buffer): AsyncGenerator<Sheet> {
  // styles "cache": number cells in a date format come back as dates (as the full loader gives them).
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([content]), { sharedStrings: "cache", styles: "cache", hyperlinks: "ignore", worksheets: "emit", entries: "ignore" });
  for await (const sheet of reader) yield { name: (sheet as unknown as { name?: string }).name, rows: sheet };
}

/** The same sheets from the whole workbook loaded at once. */
async function* loadedSheets(content: Buffer): AsyncGenerator<Sheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ArrayBuffer); // exceljs types its own Buffer, not Node's generic one
  for (const ws of wb.worksheets) yield { name: ws.name, rows: ws.getRows(1, ws.rowCount) ?? [] };
}

/** The sheet read: the data sheet (导入数据), else the first sheet of the file. */
async function chosenSheet(sheets: AsyncIterable<Sheet>, byLabel: Map<string, ImportColumn>): Promise<SheetRows | null> {
  let chosen: SheetRows | null = null;
  let chosenIsData = false;
  for await (const { name, rows } of sheets) {
    const wanted = !chosenIsData && (name === DATA_SHEET || chosen === null);
    // Every sheet is read to its end (the stream moves on only then); only the wanted one is kept.
    const parsed = await readSheet(rows, wanted ? byLabel : new Map<string, ImportColumn>());
    if (wanted) {
      chosen = parsed;
      chosenIsData = name === DATA_SHEET;
    }
  }
  return chosen;
}

/** The data rows of an uploaded file, by column key; a file that is not the template is refused. */
export async function readImportFile(content: Buffer, columns: ImportColumn[]): Promise<ParsedRow[]> {
  const unreadable = () => new TemplateError(messages.importFileUnreadable);
  if (content.length < 4 || !content.subarray(0, 4).equals(ZIP_MAGIC)) throw unreadable();
  const byLabel = new Map(columns.map((c) => [norm(c.label), c]));
  let chosen: SheetRows | null;
  try {
    chosen = await chosenSheet(streamedSheets(content), byLabel);
  } catch {
    // The stream reader once refused a valid file in a full test run (its temporary files for
    // sheets stored before the shared strings; not reproduced): the whole workbook, loaded at once,
    // is tried before the file is called unreadable.
    try {
      chosen = await chosenSheet(loadedSheets(content), byLabel);
    } catch {
      throw unreadable();
    }
  }
  if (!chosen) throw new TemplateError(messages.importFileNoSheet);
  const present = new Set(chosen.keyOfColumn.values());
  const missing = columns.filter((c) => c.required && !present.has(c.key));
  if (missing.length) throw new TemplateError(messages.importFileMissingColumns.replace("{columns}", missing.map((c) => c.label).join("”“")));
  if (chosen.rows.length === 0) throw new TemplateError(messages.importFileEmpty);
  if (chosen.tooMany) throw new TemplateError(messages.importFileTooManyRows.replace("{max}", String(MAX_IMPORT_ROWS)));
  return chosen.rows;
}

/** A list as one sheet: a header row of labels and one row per record. */
export async function exportWorkbook(sheetName: string, headers: string[], rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, "").slice(0, 31) || "Sheet1");
  sheet.columns = headers.map((h, i) => ({ header: h, key: String(i), width: Math.max(width(h), ...rows.slice(0, 200).map((r) => width(String(r[i] ?? "")))) }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
