// Excel files with exceljs: the import template of a resource (a data sheet whose header row holds
// the column labels, required ones in red, a dropdown (data validation list) in each column with a
// fixed list of values, and a 填写说明 sheet with what each column takes and an example), reading an
// uploaded file back by those labels, an import's error workbook (its rejected rows as uploaded, in
// the template's data sheet, with a 错误原因 column: fixed, it imports again) and the export of a list.
// An upload is read within the limits of schemas/constants.yaml (importMax*), the read stopping at
// the first one crossed: the bytes its parts inflate to (their declared sizes first, then each chunk
// as it inflates, before exceljs parses it: a 1 MB zip can hold a sheet of 1 GB), and the rows,
// columns, cell length and text kept of the sheet.
import { UserFacingError } from "../platform/http/user-facing-error.ts";
import { InflateLimit, ZipError, inflateChunks, zipEntries, type ZipEntry } from "../platform/zip.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import ExcelJS from "exceljs";
import { constants } from "../../../generated/constants.ts";
import { messages } from "../../../generated/errors.ts";
import { texts } from "../../../generated/texts.ts";
import type { ImportColumn, Cells } from "./importers.ts";
import { cellText } from "./cells.ts";

export const DATA_SHEET = texts.excel.dataSheet;
/** Rows one file may hold (100 000 rooms of a large estate in one go; docs/benchmarks.md, Excel import). */
export const MAX_IMPORT_ROWS = constants.importMaxRows;
const MB = 1024 * 1024;
const MAX_INFLATED_BYTES = constants.importMaxInflatedMb * MB;
/** The text the rows keep (UTF-8): what the import task's payload holds. */
const MAX_TEXT_BYTES = constants.importMaxTextMb * MB;
const MAX_COLUMNS = constants.importMaxColumns;
const MAX_CELL_LENGTH = constants.importMaxCellLength;
/** Rows read between two turns of the event loop, so that other requests are answered meanwhile (with CHUNK: the fastest read and the shortest waits measured). */
const ROWS_PER_TURN = 250;
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const width = (text: string) => Math.min(60, Math.max(10, [...text].reduce((n, c) => n + (c.charCodeAt(0) > 255 ? 2 : 1), 0) + 4));

/** exceljs keeps a sheet's data validations by address (not in its types; a range is one address). */
interface Validated {
  dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void };
}

/** An Excel data validation list given inline: its text (quotes included) is at most 255 characters, no value with a comma or a quote. */
const MAX_INLINE_LIST = 255;
const RED = "FFD4380D";
/** A cell's absolute address ($A$1). */
const absolute = (column: string, row: number) => ["$", column, "$", row].join("");

/**
 * The data sheet of the template's columns: the header row (required labels in red), frozen, and a
 * dropdown over the data rows (row 2 to the import's row limit) of each column with `options`. A
 * list too long to be given inline is read from a hidden sheet.
 */
function dataSheet(wb: ExcelJS.Workbook, columns: ImportColumn[], extra: { header: string; width: number }[] = []): ExcelJS.Worksheet {
  const data = wb.addWorksheet(DATA_SHEET);
  data.columns = [...columns.map((c) => ({ header: c.label, width: width(c.label) + 4 })), ...extra];
  data.getRow(1).eachCell((cell, i) => {
    const column = columns[i - 1] as ImportColumn | undefined; // none: an extra column (错误原因), in red
    cell.font = { bold: true, color: { argb: column && !column.required ? "FF262626" : RED } };
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFF5F5F5" } };
  });
  data.views = [{ state: "frozen", ySplit: 1 }];
  let lists: ExcelJS.Worksheet | undefined;
  columns.forEach((c, i) => {
    if (!c.options?.length) return;
    const inline = `"${c.options.join(",")}"`;
    let formula = inline;
    if (inline.length > MAX_INLINE_LIST || c.options.some((o) => /[",]/.test(o))) {
      lists ??= wb.addWorksheet(texts.excel.optionsSheet, { state: "veryHidden" });
      const list = lists.getColumn(i + 1);
      c.options.forEach((o, r) => (lists!.getCell(r + 1, i + 1).value = o));
      formula = `'${texts.excel.optionsSheet}'!${absolute(list.letter, 1)}:${absolute(list.letter, c.options.length)}`;
    }
    const letter = data.getColumn(i + 1).letter;
    (data as unknown as Validated).dataValidations.add(`${letter}2:${letter}${MAX_IMPORT_ROWS + 1}`, {
      type: "list",
      allowBlank: true,
      formulae: [formula],
      showErrorMessage: true,
      errorStyle: "stop",
      errorTitle: texts.excel.dropdownErrorTitle,
      error: fillTexts.excel.dropdownError({ options: c.options.join(texts.excel.optionSeparator) }).slice(0, MAX_INLINE_LIST),
    });
  });
  return data;
}

export async function templateWorkbook(title: string, columns: ImportColumn[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  dataSheet(wb, columns);
  const notes = wb.addWorksheet(texts.excel.notesSheet);
  notes.columns = [
    { header: texts.excel.notesLabel, key: "label", width: 18 },
    { header: texts.excel.notesHint, key: "hint", width: 60 },
    { header: texts.excel.notesExample, key: "example", width: 24 },
  ];
  for (const c of columns) notes.addRow({ label: c.label, hint: c.hint, example: c.example });
  notes.addRow({});
  notes.addRow({ label: texts.excel.notesNoteLabel, hint: fillTexts.excel.notesNote({ sheet: DATA_SHEET, title, max: MAX_IMPORT_ROWS }) });
  notes.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The uploaded file cannot be read as the template: answered 400 with its message. */
export class TemplateError extends UserFacingError {}

export interface ParsedRow {
  /** The Excel row number (the header is row 1). */
  row: number;
  cells: Cells;
}

const unreadable = () => new TemplateError(messages.importFileUnreadable);
const tooLarge = () => new TemplateError(fillMessage.importFileTooLargeInflated({ max: constants.importMaxInflatedMb }));

// ---- The zip, walked by hand (src/server/platform/zip.ts) instead of by exceljs's unzipper: only
// the parts the reader uses are inflated, in the order it needs them, each as a stream whose bytes
// count against the limit as they come.

const RELS = "xl/_rels/workbook.xml.rels";
const WORKBOOK = "xl/workbook.xml";
const SHARED_STRINGS = "xl/sharedStrings.xml";
const STYLES = "xl/styles.xml";
const SHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** The parts the reader needs, workbook, shared strings and styles before the sheets, the sheets in the file's order; every other entry is left out. */
function readerParts(entries: ZipEntry[]): ZipEntry[] {
  const byName = new Map<string, ZipEntry>();
  for (const e of entries) if (!byName.has(e.name)) byName.set(e.name, e);
  const parts = [RELS, WORKBOOK, SHARED_STRINGS, STYLES].flatMap((name) => byName.get(name) ?? []);
  return [...parts, ...[...byName.values()].filter((e) => SHEET_PART.test(e.name))];
}

/** Bytes parsed at a time (zlib's default chunk): the XML of a chunk is parsed in one go. */
const CHUNK = 16 * 1024;

/**
 * A part's XML as text, each chunk counted against the budget before it is parsed. Decoded as one
 * stream: exceljs decodes each chunk on its own, which cut a character split between two chunks into
 * two U+FFFD (6 rows of 5 000 of Chinese text in a test).
 */
async function* partText(part: ZipEntry, budget: InflateLimit): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  for await (const chunk of inflateChunks(part, CHUNK, budget)) {
    yield decoder.decode(chunk, { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

// ---- exceljs's stream reader (WorkbookReader, exceljs 4.4) fed part by part with that text: the
// steps of its own parse() over the unzipped file (not in its types). Its parse() unzips every entry,
// and writes each sheet met before the shared strings (where Excel puts them) to a temporary file.

interface PartReader {
  _parseRels(text: Readable): Promise<void>;
  _parseWorkbook(text: Readable): Promise<void>;
  _parseSharedStrings(text: Readable): AsyncIterable<unknown>;
  _parseStyles(text: Readable): Promise<void>;
  _parseWorksheet(text: AsyncIterable<string>, sheetNo: string): Iterable<{ value: ExcelJS.stream.xlsx.WorksheetReader }>;
  /** The workbook part: the sheets' names. */
  model?: { sheets?: { name?: string }[] };
}

interface Sheet {
  rows: AsyncIterable<ExcelJS.Row>;
  /** A sheet before the data sheet the workbook lists: passed over, not even inflated. */
  skip: boolean;
}

/** The file's sheets, each read (inflated and parsed) only as its rows are asked for. */
async function* streamedSheets(parts: ZipEntry[]): AsyncGenerator<Sheet> {
  const budget = new InflateLimit(MAX_INFLATED_BYTES, parts);
  // styles "cache": number cells in a date format come back as dates (as the full loader gives them).
  const options = { sharedStrings: "cache", styles: "cache", hyperlinks: "ignore", worksheets: "emit", entries: "ignore" } as const;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), options) as unknown as PartReader;
  const text = (part: ZipEntry) => Readable.from(partText(part, budget));
  for (const part of parts) {
    if (part.name === RELS) await reader._parseRels(text(part));
    else if (part.name === WORKBOOK) await reader._parseWorkbook(text(part));
    else if (part.name === SHARED_STRINGS) for await (const _ of reader._parseSharedStrings(text(part)));
    else if (part.name === STYLES) await reader._parseStyles(text(part));
    else for (const { value: sheet } of reader._parseWorksheet(partText(part, budget), SHEET_PART.exec(part.name)![1])) yield { rows: sheet, skip: skipped(reader, sheet) };
  }
}

/** Whether a data sheet the workbook lists comes instead of this one (only when exceljs named this sheet from the workbook too). */
function skipped(reader: PartReader, sheet: ExcelJS.stream.xlsx.WorksheetReader): boolean {
  const name = (sheet as unknown as { name?: string }).name;
  const listed = (reader.model?.sheets ?? []).map((s) => s.name);
  return name !== DATA_SHEET && listed.includes(name) && listed.includes(DATA_SHEET);
}

// ---- The sheet, read a row at a time (only its cells' text kept), never the whole workbook.

const norm = (s: string) => s.replace(/[\s*＊]/g, "");

interface SheetRows {
  keyOfColumn: Map<number, string>;
  rows: ParsedRow[];
}

/** Refuses a row wider than the column limit or with a cell longer than the cell limit. */
function checkRow(r: ExcelJS.Row): void {
  if (r.cellCount > MAX_COLUMNS) throw new TemplateError(fillMessage.importFileTooManyColumns({ max: MAX_COLUMNS }));
  r.eachCell((cell) => {
    const text = cellText(cell.value);
    if (typeof text === "string" && text.length > MAX_CELL_LENGTH) throw new TemplateError(fillMessage.importCellTooLong({ row: r.number, max: MAX_CELL_LENGTH }));
  });
}

/** A data row's cells by column key, and the bytes of their text (UTF-8); null when they are all empty. */
function dataRow(r: ExcelJS.Row, keyOfColumn: Map<number, string>): { cells: Cells; bytes: number } | null {
  const cells: Cells = {};
  let bytes = 0;
  let any = false;
  for (const [col, key] of keyOfColumn) {
    const v = cellText(r.getCell(col).value);
    cells[key] = v;
    if (v !== null) any = true;
    if (typeof v === "string") bytes += Buffer.byteLength(v);
  }
  return any ? { cells, bytes } : null;
}

/**
 * The sheet as the import reads it: the header (row 1) by label, then the non-empty data rows. Stops
 * at the first limit crossed. The text kept has a limit of its own: a short cell can show a long
 * shared string, and any number of cells the same one (a file of 10 KB asked for a payload of 300 MB:
 * 500, and 2.3 GB of memory).
 */
async function readSheet(sheet: AsyncIterable<ExcelJS.Row>, byLabel: Map<string, ImportColumn>): Promise<SheetRows> {
  const out: SheetRows = { keyOfColumn: new Map(), rows: [] };
  let read = 0;
  let text = 0;
  for await (const r of sheet) {
    if (++read % ROWS_PER_TURN === 0) await nextTurn();
    checkRow(r);
    if (r.number === 1) {
      r.eachCell((cell, col) => {
        const label = cellText(cell.value);
        const c = typeof label === "string" ? byLabel.get(norm(label)) : undefined;
        if (c) out.keyOfColumn.set(col, c.key);
      });
      continue;
    }
    if (out.keyOfColumn.size === 0) break; // no column of the template: nothing to keep
    const row = dataRow(r, out.keyOfColumn);
    if (!row) continue;
    if (out.rows.length >= MAX_IMPORT_ROWS) throw new TemplateError(fillMessage.importFileTooManyRows({ max: MAX_IMPORT_ROWS }));
    text += row.bytes;
    if (text > MAX_TEXT_BYTES) throw new TemplateError(fillMessage.importFileTooMuchText({ max: constants.importMaxTextMb }));
    out.rows.push({ row: r.number, cells: row.cells });
  }
  return out;
}

/** The sheet read: the data sheet (导入数据), else the first sheet; null when the file has none. */
async function chosenSheet(sheets: AsyncIterable<Sheet>, byLabel: Map<string, ImportColumn>): Promise<SheetRows | null> {
  let chosen: SheetRows | null = null;
  for await (const sheet of sheets) {
    if (sheet.skip) continue;
    chosen = await readSheet(sheet.rows, byLabel);
    break;
  }
  return chosen;
}

/** The data rows of an uploaded file, by column key; a file that is not the template, or is past a limit, is refused. */
export async function readImportFile(content: Buffer, columns: ImportColumn[]): Promise<ParsedRow[]> {
  const byLabel = new Map(columns.map((c) => [norm(c.label), c]));
  let chosen: SheetRows | null;
  try {
    chosen = await chosenSheet(streamedSheets(readerParts(zipEntries(content, "utf-8"))), byLabel);
  } catch (err) {
    // A refusal as it is, a zip past the inflated limit as too large; any other failure (no zip this
    // reads, a broken deflate stream or XML) means an unreadable file.
    if (err instanceof TemplateError) throw err;
    throw err instanceof ZipError && err.reason === "too large" ? tooLarge() : unreadable();
  }
  if (!chosen) throw new TemplateError(messages.importFileNoSheet);
  const present = new Set(chosen.keyOfColumn.values());
  const missing = columns.filter((c) => c.required && !present.has(c.key));
  if (missing.length) throw new TemplateError(fillMessage.importFileMissingColumns({ columns: missing.map((c) => c.label).join("”“") }));
  if (chosen.rows.length === 0) throw new TemplateError(messages.importFileEmpty);
  return chosen.rows;
}

/**
 * An import's rejected rows as a workbook: the template's data sheet (header, dropdowns) holding each
 * row's cells as uploaded (dates as dates), and its reason in a last column, 错误原因 (which the
 * import does not read: the sheet, fixed, imports again).
 */
export async function errorWorkbook(columns: ImportColumn[], rows: { cells: Cells; reason: string }[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const reasonWidth = Math.max(width(texts.excel.errorColumn), ...rows.slice(0, 200).map((r) => width(r.reason)));
  const data = dataSheet(wb, columns, [{ header: texts.excel.errorColumn, width: reasonWidth }]);
  const dateFormat = (c: ImportColumn) => (c.field?.type === "datetime" ? "yyyy-mm-dd hh:mm:ss" : "yyyy-mm-dd");
  for (const r of rows) {
    const row = data.addRow([...columns.map((c) => r.cells[c.key] ?? null), r.reason.slice(0, MAX_CELL_LENGTH)]);
    columns.forEach((c, i) => {
      if (r.cells[c.key] instanceof Date) row.getCell(i + 1).numFmt = dateFormat(c);
    });
    row.getCell(columns.length + 1).font = { color: { argb: RED } };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
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
