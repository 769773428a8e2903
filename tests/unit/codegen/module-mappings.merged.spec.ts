// A module may define its own display mappings under a top-level `mappings:` key: codegen merges
// them with schemas/mappings.yaml, and a field of any module can use them.
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { run } from "../../../scripts/codegen/index.ts";
import { probeModule, PROBE_MODULE } from "./support/probe-module.ts";
import { copyProject, type TempProject } from "./support/temp-project.ts";

let project: TempProject;
let code: number;
let errors = "";

beforeAll(async () => {
  project = copyProject();
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void (errors += args.join(" ")));
  const yaml = probeModule({ statusField: "{ name: status, type: integer, label: 状态, mapping: probeGadgetStatus, default: 1, list: true }" });
  project.writeModule(
    PROBE_MODULE,
    `${yaml}mappings:\n  probeGadgetStatus:\n    description: 探针物品状态\n    values: { 1: { name: InStock, label: 在库 }, 2: { name: Lent, label: 借出, color: warning } }\n`,
  );
  code = await run(project.root, []);
  vi.restoreAllMocks();
}, 120_000);
afterAll(() => project?.remove());

test("codegen accepts the module's own mapping and emits it beside the shared ones", async () => {
  expect(errors).toBe("");
  expect(code).toBe(0);
  const text = project.generated().get("mappings.ts")!;
  expect(text).toContain('"probeGadgetStatus": {');
  expect(text).toContain('"roomStatus": {');
  expect(text).toMatch(/"2": \{\s*"name": "Lent",\s*"label": "借出",\s*"color": "warning"/);
  // …and as named states, a constant object and the union of its codes.
  const states = project.generated().get("states.ts")!;
  expect(states).toContain("export const ProbeGadgetStatus = {\n  /** 在库 */\n  InStock: 1,\n  /** 借出 */\n  Lent: 2,\n} as const;");
  expect(states).toContain("export type ProbeGadgetStatus = (typeof ProbeGadgetStatus)[keyof typeof ProbeGadgetStatus];");
  expect(states).toContain("export const BillStatus = {");
});
