// Excel files with exceljs: the import template of a resource (a data sheet whose header row holds
// the column labels, required ones in red, and a 填写说明 sheet with what each column takes and an
// example), reading an uploaded file back by those labels, and the export of a list.
import ExcelJS from "exceljs";
import type { ImportColumn, Cells } from "./importers.ts";
import { cellText } from "./cells.ts";

export const DATA_SHEET = "导入数据";
export const MAX_IMPORT_ROWS = 5000;
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
  const notes = wb.addWorksheet("填写说明");
  notes.columns = [
    { header: "列名", key: "label", width: 18 },
    { header: "填写要求", key: "hint", width: 60 },
    { header: "示例", key: "example", width: 24 },
  ];
  for (const c of columns) notes.addRow({ label: c.label, hint: c.hint, example: c.example });
  notes.addRow({});
  notes.addRow({ label: "说明", hint: `在“${DATA_SHEET}”表第2行起每行填写一条${title}，红色列为必填；表头请勿修改。每次最多导入${MAX_IMPORT_ROWS}行。` });
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

/** The data rows of an uploaded file, by column key; a file that is not the template is refused. */
export async function readImportFile(content: Buffer, columns: ImportColumn[]): Promise<ParsedRow[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new TemplateError("无法读取文件，请上传 .xlsx 格式的导入模板");
  }
  const sheet = wb.getWorksheet(DATA_SHEET) ?? wb.worksheets[0];
  if (!sheet) throw new TemplateError("文件中没有工作表，请使用下载的导入模板");
  const byLabel = new Map(columns.map((c) => [norm(c.label), c]));
  const keyOfColumn = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const label = cellText(cell.value);
    const c = typeof label === "string" ? byLabel.get(norm(label)) : undefined;
    if (c) keyOfColumn.set(col, c.key);
  });
  const present = new Set(keyOfColumn.values());
  const missing = columns.filter((c) => c.required && !present.has(c.key));
  if (missing.length) throw new TemplateError(`模板不正确：缺少“${missing.map((c) => c.label).join("”“")}”列，请下载最新模板`);

  const rows: ParsedRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: Cells = {};
    let any = false;
    for (const [col, key] of keyOfColumn) {
      const v = cellText(r.getCell(col).value);
      cells[key] = v;
      if (v !== null) any = true;
    }
    if (any) rows.push({ row: rowNumber, cells });
  });
  if (rows.length === 0) throw new TemplateError("文件中没有可导入的数据");
  if (rows.length > MAX_IMPORT_ROWS) throw new TemplateError(`每次最多导入${MAX_IMPORT_ROWS}行，请分批导入`);
  return rows;
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
