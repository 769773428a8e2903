// The message an action answers after it succeeded (crud/actions.ts): its `done` text, else
// 「<label>成功」. That default reads well only after a plain two-character verb (发布成功, 充值成功,
// 停用成功); after a longer label or a state word it does not (开始处理成功, 完成成功, 退还审核通过成功,
// 申请退还成功), so every such action declares its `done`. Actions performed by a hand-written
// operation answer that operation's message instead.
import { describe, expect, it } from "vitest";
import { resources } from "../../../generated/resources.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";

/** Two-character labels whose 「…成功」 still reads badly. */
const AWKWARD = new Set(["完成", "通过", "处理", "受理", "回复", "关闭", "派单", "评价", "撤回", "驳回", "忽略"]);

describe("action success messages", () => {
  const actions = resources.flatMap((r) => (r.actions?.list ?? []).filter((a) => !a.operation).map((a) => ({ resource: r.name, action: a })));

  it("covers the actions of the schemas", () => {
    expect(actions.length).toBeGreaterThan(20);
  });

  it("never reads like 开始处理成功 / 完成成功 / 退还审核通过成功", () => {
    const bad = actions
      .filter(({ action }) => !action.done && ([...action.label].length !== 2 || AWKWARD.has(action.label)))
      .map(({ resource, action }) => `${resource}.${action.name}: ${fillMessage.actionDone({ action: action.label })}`);
    expect(bad).toEqual([]);
    for (const { action } of actions) expect(action.done ?? fillMessage.actionDone({ action: action.label })).not.toMatch(/(开始处理|完成|通过|申请|使用|预约)成功$/);
  });
});
