// Reading an uploaded import file (src/server/excel/workbook.ts, a streaming read, never the whole
// workbook): the template's data sheet (or the first sheet), columns found by their labels (a red *
// or spaces in the header are fine), cells as text or dates, empty rows skipped with the Excel row
// numbers kept; a file that is not the template is refused with a message that says why. The limits
// of a file: excel.import-limits.spec.ts.
import ExcelJS from "exceljs";
import { expect, test } from "vitest";
import { importerOf } from "../../../src/server/excel/importers.ts";
import { DATA_SHEET, readImportFile, TemplateError, templateWorkbook } from "../../../src/server/excel/workbook.ts";
import { rowXml, sheetXlsx } from "../../support/raw-xlsx.ts";

const columns = importerOf("inhabitants")!.columns("社区");

async function file(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const refusal = async (content: Buffer) => {
  const err = await readImportFile(content, columns).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(TemplateError);
  return (err as TemplateError).message;
};

test("reads the data sheet of the downloaded template, wherever it is, by the header's labels", async () => {
  const template = new ExcelJS.Workbook();
  await template.xlsx.load((await templateWorkbook("住户", columns)) as unknown as ArrayBuffer);
  const sheet = template.getWorksheet(DATA_SHEET)!;
  sheet.addRow(["1栋", "1单元", "101", "张三", "13800000000", "", "业主", "", new Date(Date.UTC(2024, 4, 1))]);
  sheet.addRow([]);
  sheet.addRow(["1栋", "1单元", "102", { richText: [{ text: "李" }, { text: "四 " }] }, 13900000000, null, "租户", "lisi@example.com", "2024/6/1"]);
  const rows = await readImportFile(Buffer.from(await template.xlsx.writeBuffer()), columns);
  expect(rows).toEqual([
    { row: 2, cells: { building: "1栋", unit: "1单元", roomNo: "101", name: "张三", phone: "13800000000", idCard: null, identity: "业主", email: null, moveInDate: new Date(Date.UTC(2024, 4, 1)) } },
    { row: 4, cells: { building: "1栋", unit: "1单元", roomNo: "102", name: "李四", phone: "13900000000", idCard: null, identity: "租户", email: "lisi@example.com", moveInDate: "2024/6/1" } },
  ]);

  // The data sheet after another one, columns in another order with marks in the header, a formula's value.
  const moved = await file((wb) => {
    wb.addWorksheet("说明").addRow(["请在导入数据表填写"]);
    const data = wb.addWorksheet(DATA_SHEET);
    data.addRow(["*姓名", "手机号 ", "楼栋＊", "单元", "房号", "备注"]);
    data.addRow(["王五", "13700000000", "2栋", "1单元", { formula: '"2"&"01"', result: "201" }, "不读的列"]);
  });
  expect(await readImportFile(moved, columns)).toEqual([{ row: 2, cells: { name: "王五", phone: "13700000000", building: "2栋", unit: "1单元", roomNo: "201" } }]);

  // No data sheet: the first sheet is read.
  const first = await file((wb) => {
    const s = wb.addWorksheet("Sheet1");
    s.addRow(["楼栋", "单元", "房号", "姓名", "手机号"]);
    s.addRow(["3栋", "2单元", "301", "赵六", "13600000000"]);
    wb.addWorksheet("Sheet2").addRow(["楼栋", "单元", "房号", "姓名", "手机号"]);
  });
  expect((await readImportFile(first, columns)).map((r) => r.cells.name)).toEqual(["赵六"]);
});

test("decodes each part's text as one stream: no character is cut between two chunks", async () => {
  // 5 000 rows of Chinese text: exceljs's own reader, decoding each chunk apart, turned the
  // characters split between two chunks into U+FFFD (in 6 of these rows).
  const content = await file((wb) => {
    const data = wb.addWorksheet(DATA_SHEET);
    data.addRow(["楼栋", "单元", "房号", "姓名", "手机号"]);
    for (let i = 0; i < 5000; i++) data.addRow([`幢楼${i}号楼栋名称`, `单元${i}`, String(i), `住户${i}号姓名`, "13800000000"]);
  });
  const rows = await readImportFile(content, columns);
  expect(rows).toHaveLength(5000);
  expect(rows.filter((r, i) => r.cells.building !== `幢楼${i}号楼栋名称` || r.cells.unit !== `单元${i}` || r.cells.name !== `住户${i}号姓名`)).toEqual([]);
});

test("refuses a file whose sheet does not parse as unreadable (no other reader is tried)", async () => {
  const broken = sheetXlsx({ sheetName: DATA_SHEET, rows: [rowXml(1, ["楼栋", "单元", "房号", "姓名", "手机号"]), rowXml(2, ["5栋", "1单元", "501", "孙七", "13500000000"]), "<row r=<<"] });
  expect(await refusal(broken)).toBe("无法读取文件，请上传 .xlsx 格式的导入模板");
});

test("refuses what is not the template, saying why", async () => {
  expect(await refusal(Buffer.from("not an excel file"))).toBe("无法读取文件，请上传 .xlsx 格式的导入模板");
  expect(await refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]))).toBe("无法读取文件，请上传 .xlsx 格式的导入模板");
  const wrong = await file((wb) => wb.addWorksheet(DATA_SHEET).addRow(["姓名", "手机号"]));
  expect(await refusal(wrong)).toBe("模板不正确：缺少“楼栋”“单元”“房号”列，请下载最新模板");
  const empty = await file((wb) => {
    const s = wb.addWorksheet(DATA_SHEET);
    s.addRow(columns.map((c) => c.label));
    s.addRow([null, "", null]);
  });
  expect(await refusal(empty)).toBe("文件中没有可导入的数据");
});
