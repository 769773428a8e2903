// Schema keys usedWhen (a field used only with some values of another) and ref.where (a reference
// only to target rows holding some values): codegen carries them into generated/ (the forms, the
// pickers and the server's hooks read them) and refuses what cannot work.
import { expect, test } from "vitest";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { run } from "../../../scripts/codegen/index.ts";
import { probeModule, PROBE_MODULE } from "./support/probe-module.ts";
import { useProjectCopy } from "./support/project-copy.ts";

const copy = useProjectCopy();

const withPrice = (price: string) => probeModule({ priceField: price });

test("usedWhen and ref.where reach generated/resources.ts", async () => {
  const yaml =
    withPrice("{ name: price, type: money, label: 单价, rule: amount, list: true, usedWhen: { field: status, in: [1, 2], required: true, requiredMessage: 请输入单价 } }") +
    "      - { name: itemId, type: ref, label: 押金项目, ref: { resource: paymentItems, labelField: name, where: { category: 2 } } }\n";
  copy.project.writeModule(PROBE_MODULE, yaml);
  expect(await run(copy.project.root, [])).toBe(0);
  const { resourceByName } = await import(pathToFileURL(join(copy.project.root, "generated", "resources.ts")).href);
  const fields = resourceByName.probeGadgets.fields as { name: string }[];
  expect(fields.find((f) => f.name === "price")).toMatchObject({ required: false, usedWhen: { field: "status", in: [1, 2], required: true, requiredMessage: "请输入单价" } });
  expect(fields.find((f) => f.name === "itemId")).toMatchObject({ ref: { resource: "paymentItems", labelField: "name", where: { category: 2 } } });
}, 60_000);

test.each([
  ["a usedWhen on a field the resource lacks", withPrice("{ name: price, type: money, label: 单价, usedWhen: { field: colour, in: [1] } }"), 'usedWhen.field "colour" must be another mapping'],
  ["a usedWhen value its mapping lacks", withPrice("{ name: price, type: money, label: 单价, usedWhen: { field: status, in: [9] } }"), 'usedWhen.in: 9 is no value of "status" (mapping roomStatus)'],
  ["a usedWhen on a required field", withPrice("{ name: price, type: money, label: 单价, required: true, usedWhen: { field: status, in: [1] } }"), "a field with usedWhen is neither required"],
  [
    "a ref.where on a field the target cannot filter by",
    probeModule() + "      - { name: itemId, type: ref, label: 项目, ref: { resource: paymentItems, labelField: name, where: { dueDay: 15 } } }\n",
    'where "dueDay" must be a filterable field of "paymentItems"',
  ],
  [
    "a ref.where value its mapping lacks",
    probeModule() + "      - { name: itemId, type: ref, label: 项目, ref: { resource: paymentItems, labelField: name, where: { category: 7 } } }\n",
    'where category = 7 is no code of mapping "paymentItemCategory"',
  ],
])(
  "%s fails and writes nothing",
  async (_what, yaml, message) => {
    copy.project.writeModule(PROBE_MODULE, yaml);
    const before = copy.project.generated();
    expect(await run(copy.project.root, [])).toBe(1);
    expect(copy.errors).toContain(message);
    const after = copy.project.generated();
    expect([...after.keys()].filter((k) => after.get(k) !== before.get(k))).toEqual([]);
  },
  60_000,
);
