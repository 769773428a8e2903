// Hand-made .xlsx files for the tests of hostile uploads (no exceljs): each part's XML given in
// segments, deflated with a full flush after each long segment (so the deflated pieces join into one
// deflate stream) and a long segment repeated deflated once, so that a sheet of a gigabyte of
// repeated cells takes about a megabyte and a moment to build. The zip as APPNOTE.TXT describes it: local
// headers, central directory, end record (CRCs left 0: the reader checks none).
import { constants, deflateRawSync } from "node:zlib";

interface RawPart {
  name: string;
  /** The XML, in segments (a long segment repeated is deflated once). */
  xml: Iterable<string>;
  /** The uncompressed size the zip declares, from the real one (a bomb may understate it). */
  declare?: (real: number) => number;
}

const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

/** Segments shorter than this are deflated together (each deflate call costs a zlib context). */
const LONG = 16 * 1024;

function deflated(xml: Iterable<string>): { data: Buffer; size: number } {
  const out: Buffer[] = [];
  let pending: string[] = [];
  let pendingLength = 0;
  let last: { segment: string; data: Buffer } | undefined;
  let size = 0;
  const deflate = (text: string) => deflateRawSync(text, { finishFlush: constants.Z_FULL_FLUSH });
  const flush = () => {
    if (pendingLength) out.push(deflate(pending.join("")));
    [pending, pendingLength] = [[], 0];
  };
  for (const segment of xml) {
    size += Buffer.byteLength(segment);
    if (segment.length < LONG) {
      pending.push(segment);
      if ((pendingLength += segment.length) >= 64 * LONG) flush();
      continue;
    }
    flush();
    // A long segment repeated (a bomb's cell) is deflated once.
    if (last?.segment !== segment) last = { segment, data: deflate(segment) };
    out.push(last.data);
  }
  flush();
  out.push(FINAL_BLOCK);
  return { data: Buffer.concat(out), size };
}

function header(signature: number, fields: [bytes: 2 | 4, value: number][], name: Buffer): Buffer {
  const head = Buffer.alloc(4 + fields.reduce((n, [bytes]) => n + bytes, 0));
  head.writeUInt32LE(signature, 0);
  let at = 4;
  for (const [bytes, value] of fields) at = bytes === 2 ? head.writeUInt16LE(value, at) : head.writeUInt32LE(value, at);
  return Buffer.concat([head, name]);
}

/** A zip of the parts, each deflated. */
export function rawXlsx(parts: RawPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const { data, size } = deflated(part.xml);
    const declared = part.declare ? part.declare(size) : size;
    // version, flags (UTF-8 name), method (deflate), time, date, crc, sizes, name and extra length
    const common: [2 | 4, number][] = [
      [2, 20],
      [2, 0x800],
      [2, 8],
      [2, 0],
      [2, 0],
      [4, 0],
      [4, data.length],
      [4, declared],
      [2, name.length],
      [2, 0],
    ];
    const local = header(0x04034b50, common, name);
    locals.push(local, data);
    centrals.push(header(0x02014b50, [[2, 20], ...common, [2, 0], [2, 0], [2, 0], [4, 0], [4, offset]], name));
    offset += local.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = header(
    0x06054b50,
    [
      [2, 0],
      [2, 0],
      [2, parts.length],
      [2, parts.length],
      [4, directory.length],
      [4, offset],
      [2, 0],
    ],
    Buffer.alloc(0),
  );
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The letters of a column (1 → A, 27 → AA). */
export function columnName(n: number): string {
  let name = "";
  for (; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A row of inline-text cells from column A (null: no cell), as the sheet part holds it. */
export function rowXml(row: number, cells: (string | null)[]): string {
  const xml = cells.map((text, i) => (text === null ? "" : `<c r="${columnName(i + 1)}${row}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`));
  return `<row r="${row}">${xml.join("")}</row>`;
}

const SHEET_OPEN = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_CLOSE = "</sheetData></worksheet>";

interface SheetFile {
  /** The sheet's rows, in segments (rowXml; a long repeated segment is deflated once). */
  rows: Iterable<string>;
  sheetName: string;
  /** Shared strings (<si> entries' texts), when the rows refer to them (t="s"). */
  sharedStrings?: string[];
  /** The sheet's declared uncompressed size, from the real one. */
  declare?: (real: number) => number;
}

/** A workbook of one sheet, its parts written as Excel writes them (the sheet before the shared strings). */
export function sheetXlsx({ rows, sheetName, sharedStrings, declare }: SheetFile): Buffer {
  const ns = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const sheet = function* () {
    yield SHEET_OPEN;
    yield* rows;
    yield SHEET_CLOSE;
  };
  const parts: RawPart[] = [
    {
      name: "_rels/.rels",
      xml: [`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    },
    {
      name: "xl/workbook.xml",
      xml: [`<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${ns}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`],
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      xml: [`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`],
    },
    { name: "xl/worksheets/sheet1.xml", xml: sheet(), declare },
  ];
  if (sharedStrings)
    parts.push({
      name: "xl/sharedStrings.xml",
      xml: [`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${sharedStrings.map((s) => `<si><t>${escapeXml(s)}</t></si>`).join("")}</sst>`],
    });
  return rawXlsx(parts);
}

/** Rows of the template of rooms (楼栋 … 可居住人数): its header, then the data rows, in segments of `batch` rows. */
export function* roomRows(count: number, row: (n: number) => (string | null)[], batch = 10_000): Generator<string> {
  yield rowXml(1, ["楼栋", "单元", "房号", "楼层", "房屋类型", "建筑面积(㎡)", "计费面积(㎡)", "房屋状态", "交房日期", "部署状态", "可居住人数"]);
  for (let from = 2; from <= count + 1; from += batch) {
    const xml: string[] = [];
    for (let n = from; n < Math.min(from + batch, count + 2); n++) xml.push(rowXml(n, row(n)));
    yield xml.join("");
  }
}
