// The message functions codegen emits from errors.yaml and texts.yaml: every placeholder is a
// required, typed parameter, values are inserted literally, and the texts come out character for
// character as the schema writes them.
import { describe, expect, test } from "vitest";
import { fillErrorCode, fillMessage } from "../../../generated/fill-errors.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";

describe("generated message functions", () => {
  test("fill every placeholder from the schema's text", () => {
    expect(fillMessage.illegalState({ state: "已完成", action: "派单" })).toBe("当前状态为“已完成”，不能派单");
    expect(fillMessage.edgeChannelName({ device: "门口机", no: 2 })).toMatch(/门口机/);
    expect(fillErrorCode.BAD_PAGE_SIZE({ max: 500 })).toBe("每页条数应为1到500之间的整数");
    expect(fillTexts.tasks.importSummary({ imported: 3, rejected: 1 })).toBe("导入成功3条，失败1条");
  });

  test("take values literally: $ patterns and braces in a value are not read", () => {
    expect(fillMessage.menuItemUnknown({ key: "$& $' {key}" })).toBe("菜单项不存在：$& $' {key}");
    expect(fillTexts.ledger.depositRefundDeducted({ reason: "损坏 $& {reason}" })).toBe("押金退还，扣除原因：损坏 $& {reason}");
  });

  test("require each placeholder (a missing one does not compile)", () => {
    // @ts-expect-error: the action is required
    expect(fillMessage.illegalState({ state: "已完成" })).toBe("当前状态为“已完成”，不能{action}");
  });
});
