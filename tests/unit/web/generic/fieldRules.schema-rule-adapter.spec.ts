// The generic form's rule adapter: each field's antd rule runs the generated validator over the
// payload of the whole form and reports that field's exact Chinese message (spec §5).
import { describe, expect, it } from "vitest";
import { validateResource } from "../../../../src/common/validate.ts";
import { fieldMessage, INVALID_JSON_MESSAGE, schemaRule } from "../../../../src/web/generic/fieldRules.ts";
import { formFields } from "../../../../src/web/generic/fields.ts";
import { resourceByName } from "../../../../generated/resources.ts";

const def = (name: string) => {
  const d = resourceByName[name];
  if (!d) throw new Error(`no resource ${name}`);
  return d;
};
const field = (resource: string, name: string) => def(resource).fields.find((f) => f.name === name)!;

/** What antd calls: the rule factory gets the form, the validator gets the field's value. */
async function runRule(resource: string, fieldName: string, value: unknown, others: Record<string, unknown> = {}, mode: "create" | "edit" = "create") {
  const fields = formFields(def(resource));
  const form = { getFieldsValue: () => ({ ...others, [fieldName]: value }) };
  const rule = schemaRule(resource, mode, fields, field(resource, fieldName))(form as never);
  try {
    await rule.validator!(rule, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("schemaRule (antd rule over the generated validator)", () => {
  it('a name "a$" gives 内容不能含有特殊字符', async () => {
    expect(await runRule("areas", "name", "a$")).toBe("内容不能含有特殊字符");
    expect(await runRule("characters", "name", "a$")).toBe("内容不能含有特殊字符");
  });
  it("passes a good value", async () => {
    expect(await runRule("areas", "name", "东区")).toBeNull();
  });
  it("an empty required field gives its required message", async () => {
    expect(await runRule("areas", "name", "")).toBe("请输入区域名称");
  });
  it("reports only its own field, whatever the others hold", async () => {
    expect(await runRule("rooms", "roomNo", "101", { buildingArea: "12.345" })).toBeNull();
    expect(await runRule("rooms", "buildingArea", "12.345", { roomNo: "101" })).toBe("请输入数字类型，仅保留两位小数");
  });
  it("judges numbers as typed text (spec §5 rules read what the user typed)", async () => {
    expect(await runRule("visitors", "qrDurationHours", "200")).toBe("有效时长不能大于168小时");
    expect(await runRule("visitors", "qrDurationHours", "24")).toBeNull();
  });
  it("fills the scene name into messages and labels", () => {
    const fields = formFields(def("communities"));
    const name = field("communities", "name");
    const message = fieldMessage(validateResource, "communities", "create", fields, { name: "" }, name, {}, "园区");
    expect(message).not.toContain("{scene}");
  });
  it("a json field that does not parse says so", () => {
    const fields = formFields(def("characters"));
    expect(fieldMessage(validateResource, "characters", "create", fields, { name: "角色", authorities: "[1," }, field("characters", "authorities"))).toBe(INVALID_JSON_MESSAGE);
  });
});
