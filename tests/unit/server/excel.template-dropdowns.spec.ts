// The template's dropdowns and the error workbook (src/server/excel/workbook.ts): a column with a
// fixed list of values (a mapping, 是 / 否) gets an Excel data validation list over every row the
// import takes, given inline, or read from a hidden sheet when the list is too long for that (or a
// value holds a comma); the template still reads back. The error workbook is the template's data
// sheet with the rejected rows as uploaded and a 错误原因 column the import does not read.
import ExcelJS from "exceljs";
import { expect, test } from "vitest";
import { importerOf, type ImportColumn } from "../../../src/server/excel/importers.ts";
import { DATA_SHEET, errorWorkbook, MAX_IMPORT_ROWS, readImportFile, templateWorkbook } from "../../../src/server/excel/workbook.ts";

async function load(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  return wb;
}

test("a column with a list of values gets a dropdown over every row the import takes", async () => {
  const columns = importerOf("rooms")!.columns("社区");
  const sheet = (await load(await templateWorkbook("房屋", columns))).getWorksheet(DATA_SHEET)!;
  const status = columns.findIndex((c) => c.label === "部署状态") + 1;
  const letter = sheet.getColumn(status).letter;
  const list = sheet.getCell(`${letter}2`).dataValidation;
  expect(list).toMatchObject({ type: "list", allowBlank: true, showErrorMessage: true, formulae: ['"未部署,部署中,待交付,验收中,已交付"'], errorTitle: "请从下拉列表中选择" });
  expect(sheet.getCell(`${letter}${MAX_IMPORT_ROWS + 1}`).dataValidation).toEqual(list);
  expect(sheet.getCell(`${letter}1`).dataValidation).toBeUndefined(); // the header
  expect(sheet.getCell(`${letter}${MAX_IMPORT_ROWS + 2}`).dataValidation).toBeUndefined();
  // Only the columns with a list.
  expect(columns.flatMap((c, i) => (sheet.getCell(2, i + 1).dataValidation ? [c.label] : []))).toEqual(["房屋类型", "房屋状态", "部署状态"]);
  const occupancy = sheet.getColumn(columns.findIndex((c) => c.label === "房屋状态") + 1).letter;
  expect(sheet.getCell(`${occupancy}2`).dataValidation).toMatchObject({ type: "list", formulae: ['"自住,出租,空置,装修,未交付"'] });
});

test("a list too long to be given inline, or with a comma in a value, is read from a hidden sheet", async () => {
  const long = Array.from({ length: 60 }, (_, i) => `选项${i + 1}`);
  const columns: ImportColumn[] = [
    { key: "a", label: "甲", required: true, hint: "", example: "", options: long },
    { key: "b", label: "乙", required: false, hint: "", example: "", options: ["一,二", "三"] },
    { key: "c", label: "丙", required: false, hint: "", example: "", options: ["是", "否"] },
  ];
  const template = await templateWorkbook("测试", columns);
  const wb = await load(template);
  const data = wb.getWorksheet(DATA_SHEET)!;
  data.addRow(["选项3", "三", "是"]);
  expect(data.getCell("A2").dataValidation.formulae).toEqual(["'选项'!$A$1:$A$60"]);
  expect(data.getCell("B2").dataValidation.formulae).toEqual(["'选项'!$B$1:$B$2"]);
  expect(data.getCell("C2").dataValidation.formulae).toEqual(['"是,否"']);
  const lists = wb.getWorksheet("选项")!;
  expect(lists.state).toBe("veryHidden");
  expect(lists.getCell("A60").value).toBe("选项60");
  expect(lists.getCell("B1").value).toBe("一,二");
  // Filled in, it reads back (the data sheet by its name, whatever else the file holds).
  expect(await readImportFile(Buffer.from(await wb.xlsx.writeBuffer()), columns)).toEqual([{ row: 2, cells: { a: "选项3", b: "三", c: "是" } }]);
});

test("the error workbook holds the rejected rows as uploaded, with their reasons, and reads back as an import", async () => {
  const columns = importerOf("inhabitants")!.columns("社区");
  const content = await errorWorkbook(columns, [
    { cells: { building: "1栋", unit: "1单元", roomNo: "101", name: "张三", phone: "1234", identity: "业主", moveInDate: new Date(Date.UTC(2024, 4, 1)) }, reason: "请输入正确的手机号" },
    { cells: { building: "1栋", unit: "1单元", roomNo: "102", name: "李四", phone: "13900000000", identity: "邻居" }, reason: "身份“邻居”不正确" },
  ]);
  const sheet = (await load(content)).getWorksheet(DATA_SHEET)!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...columns.map((c) => c.label), "错误原因"]);
  expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(["1栋", "1单元", "101", "张三", "1234", undefined, "业主", undefined, new Date(Date.UTC(2024, 4, 1)), "请输入正确的手机号"]);
  expect(sheet.getCell("I2").numFmt).toBe("yyyy-mm-dd");
  expect(sheet.getCell("J3").value).toBe("身份“邻居”不正确");
  expect(sheet.getCell("G2").dataValidation).toMatchObject({ type: "list", formulae: ['"业主,家属,租客"'] });
  const rows = await readImportFile(content, columns);
  expect(rows.map((r) => [r.row, r.cells.phone, r.cells.identity])).toEqual([
    [2, "1234", "业主"],
    [3, "13900000000", "邻居"],
  ]);
});
