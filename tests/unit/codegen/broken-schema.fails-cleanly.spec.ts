// A broken module file makes codegen return 1 with a message naming the file, the line and column,
// the path inside it and what is wrong, and leaves generated/ exactly as it was. Semantic problems
// (found after the meta-schema passed) point at the exact YAML node that is wrong.
import { expect, test } from "vitest";
import { run } from "../../../scripts/codegen/index.ts";
import { probeModule, PROBE_FILE, PROBE_MODULE } from "./support/probe-module.ts";
import { useProjectCopy } from "./support/project-copy.ts";

const copy = useProjectCopy();

const file = PROBE_FILE.replace(/[.]/g, "\\.");
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** "line:column" (both from 1) of the first occurrence of `needle` in `text`, after `after` if given. */
function at(text: string, needle: string, after = ""): string {
  const offset = text.indexOf(needle, after ? text.indexOf(after) : 0);
  if (offset < 0) throw new Error(`${needle} is not in the probe module`);
  const lines = text.slice(0, offset).split("\n");
  return `${lines.length}:${lines[lines.length - 1].length + 1}`;
}

/** The probe module with more YAML: before its `resources:` key, or at the end of its one resource. */
const withRoutes = (yaml: string, routes: string) => yaml.replace("resources:\n", `${routes}resources:\n`);
const withResourceKeys = (yaml: string, keys: string) => `${yaml}${keys}`;

const typoRule = probeModule({ priceField: "{ name: price, type: money, label: 单价, rule: amout }" });
const typoMapping = probeModule({ statusField: "{ name: status, type: integer, label: 状态, mapping: roomStatuz }" });
const unknownRef = probeModule({ statusField: "{ name: owner, type: ref, label: 业主, ref: { resource: nobodies } }" });
const unknownState = withResourceKeys(probeModule(), "    actions:\n      stateField: status\n      list:\n        - { name: ship, label: 发货, from: [1], to: 77 }\n");
const duplicateCode = withRoutes(probeModule(), "  - path: /codegenProbe/copy\n    code: HBLPROBE01\n    title: 复制\n    page: probeCopy\n");
const duplicateMapping = `${probeModule()}mappings:\n  roomStatus:\n    description: 又一个房屋状态\n    values: { 1: { name: Vacant, label: 空置 } }\n`;

const twinNames = `${probeModule()}mappings:\n  probeTwins:\n    description: 同名状态\n    values: { 1: { name: Same, label: 甲 }, 2: { name: Same, label: 乙 } }\n`;

test.each([
  {
    what: "one name for two values of a mapping",
    yaml: twinNames,
    message: new RegExp(`${file}:\\d+:\\d+: at /mappings/probeTwins/values/2: name "Same" is given to another value of "probeTwins" too`),
  },
  {
    what: "an unknown property",
    yaml: probeModule({ titleField: "{ name: title, type: string, label: 标题, colour: red }" }),
    message: new RegExp(`${file}:\\d+:\\d+: at /resources/0/fields/0: unknown property "colour"`),
  },
  {
    what: "a typo'd rule name",
    yaml: typoRule,
    message: new RegExp(`${file}:${at(typoRule, "amout")}: at /resources/0/fields/1 \\(resource "probeGadgets" field "price"\\): unknown rule "amout"`),
  },
  {
    what: "a typo'd mapping name",
    yaml: typoMapping,
    message: new RegExp(`${file}:${at(typoMapping, "roomStatuz")}: at /resources/0/fields/2 \\(resource "probeGadgets" field "status"\\): unknown mapping "roomStatuz"`),
  },
  {
    what: "a reference to a resource that does not exist",
    yaml: unknownRef,
    message: new RegExp(`${file}:${at(unknownRef, "{ resource: nobodies }")}: at /resources/0/fields/2 \\(resource "probeGadgets" field "owner"\\): unknown resource "nobodies"`),
  },
  {
    what: "an action moving to a state its mapping does not have",
    yaml: unknownState,
    message: new RegExp(`${file}:${at(unknownState, "77")}: resource "probeGadgets": action "ship": state 77 is not a value of mapping roomStatus`),
  },
  {
    what: "a permission code already given to another route",
    yaml: duplicateCode,
    message: new RegExp(
      `${file}:${at(duplicateCode, "HBLPROBE01", "/codegenProbe/copy")}: route /codegenProbe/copy: code HBLPROBE01 is already given to /codegenProbe/gadgets \\(${file}:${at(duplicateCode, "HBLPROBE01")}\\)`,
    ),
  },
  {
    what: "a mapping name the module defines again",
    yaml: duplicateMapping,
    message: new RegExp(`${file}:${at(duplicateMapping, "roomStatus:")}: at /mappings/roomStatus: mapping "roomStatus" is already defined at ${escape("schemas/mappings.yaml")}:\\d+:\\d+`),
  },
  {
    what: "a bulk-updated field that does not exist",
    yaml: withResourceKeys(probeModule(), "    updatedInBulk: [status, colour]\n"),
    message: new RegExp(`${file}:\\d+:\\d+: .*resource "probeGadgets": updatedInBulk field "colour" does not exist`),
  },
  {
    what: "a composed field made of a part that does not exist",
    yaml: probeModule({ titleField: "{ name: title, type: string, label: 标题, composedOf: [price, colour] }" }),
    message: new RegExp(`${file}:\\d+:\\d+: .*resource "probeGadgets" field "title": part "colour" is not a plain field of the resource`),
  },
  {
    what: "related rows of a resource that does not refer to this one",
    yaml: withResourceKeys(probeModule(), "    related:\n      - { resource: rooms, field: unitId }\n"),
    message: new RegExp(`${file}:\\d+:\\d+: .*resource "probeGadgets": related rooms.unitId must be a filterable ref of "rooms" to "probeGadgets"`),
  },
  {
    what: "a value of the wrong type",
    yaml: probeModule({ titleField: "{ name: title, type: string, label: 标题, maxLength: twenty }" }),
    message: new RegExp(`${file}:\\d+:\\d+: at /resources/0/fields/0/maxLength: must be integer`),
  },
  {
    what: "an unknown field type",
    yaml: probeModule({ titleField: "{ name: title, type: strng, label: 标题 }" }),
    message: new RegExp(`${file}:\\d+:\\d+: at /resources/0/fields/0/type: must be one of \\[.*"string".*\\]`),
  },
  {
    what: "broken YAML",
    yaml: probeModule({ titleField: "{ name: title, type: string, label: 标题" }),
    message: new RegExp(`${file}:\\d+:\\d+: YAML error: `),
  },
])(
  "$what: run returns 1, names file, path and problem, and writes nothing",
  async ({ yaml, message }) => {
    copy.project.writeModule(PROBE_MODULE, yaml);
    const before = copy.project.generated();
    expect(await run(copy.project.root, [])).toBe(1);
    expect(copy.errors).toMatch(message);
    expect(copy.errors).toContain("generated/ was left as it was");
    const after = copy.project.generated();
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect([...after.keys()].filter((k) => after.get(k) !== before.get(k))).toEqual([]);
  },
  60_000,
);
