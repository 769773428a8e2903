// fillText: the {name} placeholders of a schema text (schemas/texts.yaml, errors.yaml) get their
// values; the filled texts are the ones the server wrote before they moved to the schemas.
import { describe, expect, test } from "vitest";
import { fillText } from "../../../src/common/fill-text.ts";
import { messages } from "../../../generated/errors.ts";
import { texts } from "../../../generated/texts.ts";

describe("fillText", () => {
  test("fills every placeholder, repeated ones too, and leaves unknown ones as they are", () => {
    expect(fillText("{a}-{b}-{a}", { a: 1, b: "x" })).toBe("1-x-1");
    expect(fillText("{a}{scene}", { a: "请选择" })).toBe("请选择{scene}");
  });

  test("takes values literally ($ patterns and braces in a value are not read)", () => {
    expect(fillText(texts.ledger.depositRefundDeducted, { reason: "损坏 $& {reason}" })).toBe("押金退还，扣除原因：损坏 $& {reason}");
  });

  test("schema texts give the server's texts character for character", () => {
    expect(fillText(texts.tasks.importSummary, { imported: 3, rejected: 1 })).toBe("导入成功3条，失败1条");
    expect(fillText(texts.tasks.exportSummary, { rows: 7 }) + fillText(texts.tasks.exportTruncated, { max: 100000 })).toBe("已导出7条（最多导出100000条）");
    expect(fillText(texts.importReasons.optionInvalid, { label: "房屋状态", text: "x", options: ["自住", "出租"].join(texts.excel.optionSeparator) })).toBe("房屋状态“x”不正确，可选：自住、出租");
    expect(fillText(texts.paymentReport.file, { start: "2024-01", end: "2024-03" })).toBe("缴费报表_2024-01_2024-03.xlsx");
    expect(fillText(messages.illegalState, { state: "已完成", action: "派单" })).toBe("当前状态为“已完成”，不能派单");
    expect(fillText(texts.startup.dataDirLocked, { dir: "/d", pid: 42 })).toBe(
      "数据目录 /d 已被另一个进程（pid 42）占用，不能同时启动两个服务。\nThe data folder /d is locked by another running process (pid 42); refusing to start a second server on it.",
    );
  });
});
