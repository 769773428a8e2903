// A broken module file makes codegen return 1 with a message naming the file, the path inside it and
// what is wrong, and leaves generated/ exactly as it was.
import { expect, test } from "vitest";
import { run } from "../../../scripts/codegen/index.ts";
import { probeModule, PROBE_FILE, PROBE_MODULE } from "./support/probe-module.ts";
import { useProjectCopy } from "./support/project-copy.ts";

const copy = useProjectCopy();

const file = PROBE_FILE.replace(/[.]/g, "\\.");

test.each([
  {
    what: "an unknown property",
    yaml: probeModule({ titleField: "{ name: title, type: string, label: 标题, colour: red }" }),
    message: new RegExp(`${file}:\\d+: at /resources/0/fields/0: unknown property "colour"`),
  },
  {
    what: "a typo'd rule name",
    yaml: probeModule({ priceField: "{ name: price, type: money, label: 单价, rule: amout }" }),
    message: new RegExp(`${file}: at /resources/0/fields/1 \\(resource "probeGadgets" field "price"\\): unknown rule "amout"`),
  },
  {
    what: "a typo'd mapping name",
    yaml: probeModule({ statusField: "{ name: status, type: integer, label: 状态, mapping: roomStatuz }" }),
    message: new RegExp(`${file}: at /resources/0/fields/2 \\(resource "probeGadgets" field "status"\\): unknown mapping "roomStatuz"`),
  },
  {
    what: "a value of the wrong type",
    yaml: probeModule({ titleField: "{ name: title, type: string, label: 标题, maxLength: twenty }" }),
    message: new RegExp(`${file}:\\d+: at /resources/0/fields/0/maxLength: must be integer`),
  },
  {
    what: "an unknown field type",
    yaml: probeModule({ titleField: "{ name: title, type: strng, label: 标题 }" }),
    message: new RegExp(`${file}:\\d+: at /resources/0/fields/0/type: must be one of \\[.*"string".*\\]`),
  },
  {
    what: "broken YAML",
    yaml: probeModule({ titleField: "{ name: title, type: string, label: 标题" }),
    message: new RegExp(`${file}:\\d+: YAML error: `),
  },
])("$what: run returns 1, names file, path and problem, and writes nothing", async ({ yaml, message }) => {
  copy.project.writeModule(PROBE_MODULE, yaml);
  const before = copy.project.generated();
  expect(await run(copy.project.root, [])).toBe(1);
  expect(copy.errors).toMatch(message);
  expect(copy.errors).toContain("generated/ was left as it was");
  const after = copy.project.generated();
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  expect([...after.keys()].filter((k) => after.get(k) !== before.get(k))).toEqual([]);
}, 60_000);
