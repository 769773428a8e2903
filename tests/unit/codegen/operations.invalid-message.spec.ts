// An input property's invalidMessage (a key of schemas/errors.yaml, one for every check or one per
// keyword) reaches the compiled validator's messages, its {max} filled with the property's limit;
// a mapping becomes the validator's enum; a key that is not a message fails codegen.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { run } from "../../../scripts/codegen/index.ts";
import { useProjectCopy } from "./support/project-copy.ts";

const copy = useProjectCopy();

const write = (body: string) =>
  writeFileSync(
    join(copy.project.root, "schemas", "operations", "probe.yaml"),
    `domain: probe
description: 测试
operations:
  rejectProbe:
    method: POST
    path: /api/probe/reject
    summary: 探针
    authority: HBL01001
    scope: tenant
    body:
      required: [ids, reason]
      properties:
${body}
`,
  );

/** The messages and required messages of one compiled validator, as generated/validators/operations.js holds them. */
function metaOf(name: string): { messages: Record<string, string>; required: Record<string, string> } {
  const text = copy.project.generated().get("validators/operations.js")!;
  const metas = JSON.parse(/const metas = (\{.*\});\n/.exec(text)![1]);
  return metas[name];
}

test("invalidMessage reaches the validator's messages: one key, one per keyword, {max} filled", async () => {
  write(`        ids: { type: array, items: { type: integer, minimum: 1 }, minItems: 1, maxItems: 500, label: 账单, requiredMessage: selectRows, invalidMessage: { minItems: selectRows, maxItems: tooManyRows } }
        reason: { type: string, minLength: 1, maxLength: 128, label: 驳回原因, requiredMessage: rejectReasonRequired, invalidMessage: rejectReasonTooLong }
        note: { type: string, label: 备注, rule: name, invalidMessage: textTooLong }
        method: { type: [integer, "null"], mapping: payMethod, label: 支付方式, invalidMessage: selectPayMethod }`);
  expect(await run(copy.project.root, [])).toBe(0);
  const meta = metaOf("rejectProbe_body");
  expect(meta.messages["#/properties/ids/minItems"]).toBe("请选择要操作的数据");
  expect(meta.messages["#/properties/ids/maxItems"]).toBe("一次最多操作500条数据");
  // Other checks of the property keep the default.
  expect(meta.messages["#/properties/ids"]).toBe("账单格式不正确");
  expect(meta.messages["#/properties/reason"]).toBe("驳回原因不能超过128个字符");
  expect(meta.required).toMatchObject({ ids: "请选择要操作的数据", reason: "请输入驳回原因" });
  // A rule property: every check of the rule says the one message (no maxLength here: {max} stays).
  const rule = Object.entries(meta.messages).filter(([path]) => path.startsWith("#/properties/note/"));
  expect(rule.length).toBeGreaterThan(0);
  for (const [, message] of rule) expect(message).toBe("内容不能超过{max}个字符");
  // mapping: the codes a counter may choose (预存款抵扣 is recorded by the system only), null as the type allows.
  expect(meta.messages["#/properties/method"]).toBe("请选择支付方式");
  const text = copy.project.generated().get("validators/operations.js")!;
  const schema = JSON.parse(/const schema\d+ = (\{"\$id":"op_rejectProbe_body".*\});\n/.exec(text)![1]);
  expect(schema.properties.method.enum).toEqual([1, 2, 3, 4, 5, 6, null]);
}, 60_000);

test("an invalidMessage that is not a message of schemas/errors.yaml fails codegen", async () => {
  write(`        ids: { type: array, label: 账单 }
        reason: { type: string, label: 驳回原因, invalidMessage: noSuchMessage }`);
  expect(await run(copy.project.root, [])).toBe(1);
  expect(copy.errors).toMatch(/operation rejectProbe: body\.reason: message noSuchMessage is not a message of schemas\/errors\.yaml/);
}, 60_000);
