// The limits an uploaded import file is read within (src/server/excel/workbook.ts, importMax* in
// schemas/constants.yaml): the bytes its parts inflate to, whatever the zip declares; the rows kept,
// the read stopping at the first one too many; the columns of a row; the length of a cell; the text
// kept (the task's payload), however often a shared string repeats. Each is refused with its
// message; a zip the reader cannot walk is unreadable; no sheet goes to a temporary file.
import fs from "node:fs";
import ExcelJS from "exceljs";
import { describe, expect, it, vi } from "vitest";
import { constants } from "../../../generated/constants.ts";
import { importerOf } from "../../../src/server/excel/importers.ts";
import { readImportFile, TemplateError, templateWorkbook } from "../../../src/server/excel/workbook.ts";
import { columnName, rawXlsx, roomRows, rowXml, sheetXlsx } from "../../support/raw-xlsx.ts";

const columns = importerOf("rooms")!.columns("社区");
const MiB = 1024 * 1024;
const UNREADABLE = "无法读取文件，请上传 .xlsx 格式的导入模板";
const TOO_LARGE = "文件解压后超过100MB，请拆分后分批导入";

const refusal = async (content: Buffer) => {
  const err = await readImportFile(content, columns).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(TemplateError);
  return (err as TemplateError).message;
};

const HEADER = rowXml(1, ["楼栋", "单元", "房号", "楼层", "房屋类型", "建筑面积(㎡)", "计费面积(㎡)", "房屋状态", "交房日期", "部署状态", "可居住人数"]);

const dataSheet = (rows: Iterable<string>, extra: { sharedStrings?: string[]; declare?: (real: number) => number } = {}) => sheetXlsx({ sheetName: "导入数据", rows, ...extra });

/** A header, then `count` rows of one cell of `size` characters in column A (one segment, deflated once). */
function* longCells(count: number, size: number): Generator<string> {
  const text = "x".repeat(size);
  yield HEADER;
  for (let n = 2; n < count + 2; n++) yield* [`<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>`, text, "</t></is></c></row>"];
}

/** A header, then `count` rows of a building and, in a column the template lacks (not kept), 30 000 characters. */
function* notes(count: number): Generator<string> {
  const text = "x".repeat(30_000);
  yield HEADER;
  for (let n = 2; n < count + 2; n++) yield* [`<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>1栋</t></is></c><c r="L${n}" t="inlineStr"><is><t>`, text, "</t></is></c></row>"];
}

describe("limits of an uploaded import file", () => {
  it("names its limits in the schema's constants", () => {
    expect([constants.importMaxRows, constants.importMaxInflatedMb, constants.importMaxTextMb, constants.importMaxColumns, constants.importMaxCellLength]).toEqual([100_000, 100, 20, 200, 32_767]);
  });

  it("refuses a zip bomb by its declared size, and one that understates it by the bytes it inflates to", async () => {
    // 200 MiB of sheet in about 200 KB: refused before anything is inflated.
    expect(await refusal(dataSheet(longCells(200, MiB)))).toBe(TOO_LARGE);
    // Declared as 1 000 bytes: read, and refused at its first cell.
    expect(await refusal(dataSheet(longCells(200, MiB), { declare: () => 1000 }))).toBe("第2行有单元格超过32767个字符，请修改后重新导入");
    // Declared as 1 000 bytes, 120 MB of text no row keeps: refused once 100 MB have inflated.
    expect(await refusal(dataSheet(notes(4000), { declare: () => 1000 }))).toBe(TOO_LARGE);
    // 30 MB of it is read.
    expect(await readImportFile(dataSheet(notes(1000), { declare: () => 1000 }), columns)).toHaveLength(1000);
  });

  it("counts every part it parses, and inflates no sheet it passes over", async () => {
    const xml = (rows: Iterable<string>) =>
      function* () {
        yield '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
        yield* rows;
        yield "</sheetData></worksheet>";
      };
    const workbook = (sharedStrings: Iterable<string>) =>
      rawXlsx([
        {
          name: "xl/workbook.xml",
          xml: [
            '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="说明" sheetId="1" r:id="rId1"/><sheet name="导入数据" sheetId="2" r:id="rId2"/></sheets></workbook>',
          ],
        },
        {
          name: "xl/_rels/workbook.xml.rels",
          xml: ['<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="worksheets/sheet2.xml"/></Relationships>'],
        },
        { name: "xl/sharedStrings.xml", xml: sharedStrings, declare: () => 1000 },
        // Before the data sheet: a sheet of 200 MiB that says it is small.
        { name: "xl/worksheets/sheet1.xml", xml: xml(longCells(200, MiB))(), declare: () => 1000 },
        { name: "xl/worksheets/sheet2.xml", xml: xml(roomRows(2, (n) => ["1栋", "1单元", String(n)]))() },
      ]);
    expect(await readImportFile(workbook(["<sst/>"]), columns)).toHaveLength(2);
    const strings = function* () {
      yield "<sst>";
      for (let i = 0; i < 200; i++) yield* ["<si><t>", "x".repeat(MiB), "</t></si>"];
      yield "</sst>";
    };
    expect(await refusal(workbook(strings()))).toBe(TOO_LARGE);
  });

  it("stops at the first row past the limit, reading no further", async () => {
    // Rows 2 … 100 001 are data, then 20 000 more, then XML that does not parse: a read that went
    // on would call the file unreadable.
    const rows = function* () {
      yield* roomRows(constants.importMaxRows + 20_000, (n) => ["1栋", "1单元", String(n)]);
      yield "<row r=<<broken";
    };
    expect(await refusal(dataSheet(rows()))).toBe("每次最多导入100000行，请分批导入");
    const full = await readImportFile(dataSheet(roomRows(constants.importMaxRows, (n) => ["1栋", "1单元", String(n)])), columns);
    expect(full).toHaveLength(constants.importMaxRows);
    expect(full.at(-1)).toMatchObject({ row: constants.importMaxRows + 1, cells: { building: "1栋", unit: "1单元", roomNo: String(constants.importMaxRows + 1) } });
  });

  it("refuses a row wider than the column limit, wherever it is", async () => {
    const wide = (width: number, row: number) => roomRows(3, (n) => (n === row ? ["1栋", "1单元", "101", ...Array<string | null>(width - 4).fill(null), "末列"] : ["1栋", "1单元", String(n)]));
    expect(await readImportFile(dataSheet(wide(constants.importMaxColumns, 3)), columns)).toHaveLength(3);
    expect(await refusal(dataSheet(wide(constants.importMaxColumns + 1, 3)))).toBe("文件最多200列，请使用下载的导入模板");
    // A single cell far to the right is as wide.
    expect(await refusal(dataSheet([HEADER, `<row r="2"><c r="${columnName(16_384)}2" t="inlineStr"><is><t>x</t></is></c></row>`]))).toBe("文件最多200列，请使用下载的导入模板");
  });

  it("refuses a cell longer than Excel's limit, naming its row, in any column", async () => {
    const cell = (length: number, column: number) => roomRows(2, (n) => ["1栋", "1单元", String(n), ...Array<string | null>(column - 4).fill(null), n === 3 ? "字".repeat(length) : null]);
    expect(await readImportFile(dataSheet(cell(constants.importMaxCellLength, 4)), columns)).toHaveLength(2);
    expect(await refusal(dataSheet(cell(constants.importMaxCellLength + 1, 4)))).toBe("第3行有单元格超过32767个字符，请修改后重新导入");
    expect(await refusal(dataSheet(cell(constants.importMaxCellLength + 1, 20)))).toBe("第3行有单元格超过32767个字符，请修改后重新导入");
  });

  it("limits the text the rows keep (the task's payload): a shared string repeated in every cell", async () => {
    // 3 cells of 3 000 characters (27 KB of UTF-8) a row: past 20 MiB at the 777th row, in a file of a few KB.
    const rows = (count: number) =>
      function* () {
        yield HEADER;
        for (let n = 2; n < count + 2; n++) yield `<row r="${n}"><c r="A${n}" t="s"><v>0</v></c><c r="B${n}" t="s"><v>0</v></c><c r="C${n}" t="s"><v>0</v></c></row>`;
      };
    expect(await refusal(dataSheet(rows(800)(), { sharedStrings: ["字".repeat(3000)] }))).toBe("文件中的文字超过20MB，请拆分后分批导入");
    expect(await readImportFile(dataSheet(rows(770)(), { sharedStrings: ["字".repeat(3000)] }), columns)).toHaveLength(770);
  });

  it("calls a zip it cannot walk or inflate unreadable", async () => {
    expect(await refusal(Buffer.from("PK\x03\x04 and nothing of a zip after it"))).toBe(UNREADABLE);
    const good = dataSheet(roomRows(2, (n) => ["1栋", "1单元", String(n)]));
    // The central directory pointing past the file.
    const moved = Buffer.from(good);
    moved.writeUInt32LE(good.length + 10, good.length - 6);
    expect(await refusal(moved)).toBe(UNREADABLE);
    // A sheet whose deflate data is garbage.
    const garbage = rawXlsx([{ name: "xl/worksheets/sheet1.xml", xml: ["<worksheet/>"] }]);
    garbage.fill(0xff, 30 + "xl/worksheets/sheet1.xml".length, 30 + "xl/worksheets/sheet1.xml".length + 4);
    expect(await refusal(garbage)).toBe(UNREADABLE);
  });

  it("reads a file written as Excel writes it (the sheet before the shared strings) without a temporary file", async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await templateWorkbook("房屋", columns)) as unknown as ArrayBuffer);
    wb.getWorksheet("导入数据")!.addRow(["1栋", "1单元", "101", 1, "商铺", "80", "75.5", "出租", "2024-05-01", "未部署", 4]);
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const temporary = vi.spyOn(fs, "createWriteStream");
    try {
      expect(await readImportFile(content, columns)).toEqual([
        {
          row: 2,
          cells: {
            building: "1栋",
            unit: "1单元",
            roomNo: "101",
            floor: "1",
            houseType: "商铺",
            buildingArea: "80",
            chargeArea: "75.5",
            occupancyStatus: "出租",
            deliveryDate: "2024-05-01",
            status: "未部署",
            maxResidents: "4",
          },
        },
      ]);
      expect(temporary).not.toHaveBeenCalled();
    } finally {
      temporary.mockRestore();
    }
  });
});
