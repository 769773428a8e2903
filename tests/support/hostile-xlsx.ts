// The hostile Excel uploads the server must refuse, each with the message it answers (the import
// limits in schemas/constants.yaml): zip bombs, a huge cell, a million rows, too many columns,
// shared strings repeated past the limit, random bytes. Each file is built in a moment and stays
// under 20 MB. Used by the API test of hostile uploads and by the upload benchmark.
import { randomBytes } from "node:crypto";
import { roomRows, rowXml, sheetXlsx } from "./raw-xlsx.ts";

const MiB = 1024 * 1024;
const TOO_LARGE = "文件解压后超过100MB，请拆分后分批导入";

/** 1 100 rows of one 1 MiB cell: 1.15 GB of sheet in about 1.2 MB of zip. */
function* bombRows(): Generator<string> {
  const cell = "x".repeat(MiB);
  yield rowXml(1, ["楼栋", "单元", "房号"]);
  for (let n = 2; n <= 1101; n++) yield* [`<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>`, cell, "</t></is></c></row>"];
}

/** 4 000 rows of a building and, in a column the template lacks, 30 000 characters: 120 MB that no row keeps. */
function* noteRows(): Generator<string> {
  const note = "x".repeat(30_000);
  yield rowXml(1, ["楼栋", "单元", "房号", "楼层", "建筑面积(㎡)", "房屋状态", "可居住人数"]);
  for (let n = 2; n <= 4001; n++) yield* [`<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>1栋</t></is></c><c r="H${n}" t="inlineStr"><is><t>`, note, "</t></is></c></row>"];
}

/** Rows whose seven cells all show one shared string of 32 000 characters (22 billion characters from a file of 1.5 MB). */
function* sharedRows(): Generator<string> {
  yield rowXml(1, ["楼栋", "单元", "房号", "楼层", "建筑面积(㎡)", "房屋状态", "可居住人数"]);
  for (let from = 2; from < 100_000; from += 10_000) {
    const rows: string[] = [];
    for (let n = from; n < from + 10_000; n++) rows.push(`<row r="${n}">${[..."ABCDEFG"].map((c) => `<c r="${c}${n}" t="s"><v>0</v></c>`).join("")}</row>`);
    yield rows.join("");
  }
}

export const hostileUploads: { name: string; file: () => Buffer; message: string }[] = [
  { name: "a zip bomb (1.2 MB inflating to 1.15 GB)", file: () => sheetXlsx({ sheetName: "导入数据", rows: bombRows() }), message: TOO_LARGE },
  // Read, since it does not say how large it is, and refused at its first cell.
  { name: "a zip bomb that declares a small size", file: () => sheetXlsx({ sheetName: "导入数据", rows: bombRows(), declare: () => 4096 }), message: "第2行有单元格超过32767个字符，请修改后重新导入" },
  // Read, and refused once 100 MB have inflated.
  { name: "a zip bomb of text no row keeps, declaring a small size", file: () => sheetXlsx({ sheetName: "导入数据", rows: noteRows(), declare: () => 4096 }), message: TOO_LARGE },
  {
    name: "a single cell of 1 MiB",
    file: () => sheetXlsx({ sheetName: "导入数据", rows: roomRows(3, (n) => ["1栋", "1单元", n === 3 ? "房".repeat(MiB) : String(n)]) }),
    message: "第3行有单元格超过32767个字符，请修改后重新导入",
  },
  {
    name: "1 000 000 rows",
    file: () => sheetXlsx({ sheetName: "Sheet1", rows: roomRows(1_000_000, () => ["1栋"]) }),
    message: "每次最多导入100000行，请分批导入",
  },
  {
    name: "a row of 250 columns",
    file: () => sheetXlsx({ sheetName: "导入数据", rows: roomRows(2, (n) => ["1栋", "1单元", String(n), ...Array<string>(247).fill("列")]) }),
    message: "文件最多200列，请使用下载的导入模板",
  },
  {
    name: "shared strings repeated past the limit",
    file: () => sheetXlsx({ sheetName: "导入数据", sharedStrings: ["字".repeat(32_000)], rows: sharedRows() }),
    message: "文件中的文字超过20MB，请拆分后分批导入",
  },
  { name: "19 MB of random bytes", file: () => randomBytes(19 * MiB), message: "无法读取文件，请上传 .xlsx 格式的导入模板" },
  { name: "random bytes after a zip signature", file: () => Buffer.concat([Buffer.from("PK\x03\x04"), randomBytes(10 * MiB)]), message: "无法读取文件，请上传 .xlsx 格式的导入模板" },
];
