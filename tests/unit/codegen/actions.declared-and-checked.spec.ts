// A resource's state flow, import and ingest are YAML: codegen carries them into generated/ (the
// server's action, import and ingest endpoints and the list's buttons read them) and refuses an
// action that names a state its mapping lacks or a field the resource lacks.
import { expect, test } from "vitest";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { run } from "../../../scripts/codegen/index.ts";
import { probeModule, PROBE_MODULE, PROBE_FILE } from "./support/probe-module.ts";
import { useProjectCopy } from "./support/project-copy.ts";

const copy = useProjectCopy();

const withFlow = (actions: string) =>
  probeModule({ statusField: "{ name: status, type: integer, label: 状态, mapping: roomStatus, default: 1, readOnly: true, list: true }" }) +
  `    importable: true\n    ingest: true\n    actions:\n      stateField: status\n      list:\n${actions}`;

test("actions, importable and ingest reach generated/resources.ts and openapi.json", async () => {
  copy.project.writeModule(PROBE_MODULE, withFlow("        - { name: deploy, label: 部署, from: [1], to: 2, inputs: [title], required: [title], confirm: 确定部署吗？ }\n"));
  expect(await run(copy.project.root, [])).toBe(0);
  const { resourceByName } = await import(pathToFileURL(join(copy.project.root, "generated", "resources.ts")).href);
  expect(resourceByName.probeGadgets).toMatchObject({
    importable: true,
    ingest: true,
    actions: { stateField: "status", list: [{ name: "deploy", label: "部署", from: ["1"], to: "2", inputs: ["title"], required: ["title"], danger: false }] },
  });
  const paths = JSON.parse(copy.project.generated().get("openapi.json")!).paths;
  expect(paths["/api/property/probeGadgets/{id}/actions/deploy"].post.requestBody.content["application/json"].schema.required).toEqual(["title"]);
  expect(paths["/api/property/probeGadgets/actions/import"]).toBeDefined();
  expect(paths["/api/property/probeGadgets/actions/ingest"]).toBeDefined();
}, 60_000);

test.each([
  ["a state the mapping lacks", "        - { name: deploy, label: 部署, from: [1], to: 9 }\n", "9", 'action "deploy": state 9 is not a value of mapping roomStatus'],
  ["an input the resource lacks", "        - { name: deploy, label: 部署, from: [1], to: 2, inputs: [colour] }\n", "colour", 'action "deploy": input "colour" does not exist'],
  ["a required field that is no input", "        - { name: deploy, label: 部署, from: [1], to: 2, required: [title] }\n", "title", 'action "deploy": required "title" is not one of its inputs'],
])(
  "%s fails with the file:line:column of the wrong value and the action, and writes nothing",
  async (_what, actions, wrong, message) => {
    copy.project.writeModule(PROBE_MODULE, withFlow(actions));
    const before = copy.project.generated();
    expect(await run(copy.project.root, [])).toBe(1);
    // The position is the wrong value's, on the action's line.
    const yaml = withFlow(actions);
    const line = yaml.slice(0, yaml.lastIndexOf(actions)).split("\n").length;
    const column = actions.lastIndexOf(wrong) + 1;
    expect(copy.errors).toContain(`${PROBE_FILE}:${line}:${column}: resource "probeGadgets": ${message}`);
    const after = copy.project.generated();
    expect([...after.keys()].filter((k) => after.get(k) !== before.get(k))).toEqual([]);
  },
  60_000,
);
