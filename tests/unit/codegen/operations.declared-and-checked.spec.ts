// Declared operations: codegen turns schemas/operations/<domain>.yaml into the route table, types,
// client and OpenAPI entry; a mistake fails with the file and what is wrong, writing nothing.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { run } from "../../../scripts/codegen/index.ts";
import { useProjectCopy } from "./support/project-copy.ts";

const copy = useProjectCopy();

const probe = (operation: string) => `domain: probe
description: 测试
operations:
${operation}
`;
const write = (yaml: string) => writeFileSync(join(copy.project.root, "schemas", "operations", "probe.yaml"), yaml);

test("a new operation reaches the route table, the types, the client and the OpenAPI document", async () => {
  write(
    probe(`  getProbe:
    method: GET
    path: /api/probe/:probeId
    summary: 探针
    authority: HBL01001
    scope: tenant
    params: { properties: { probeId: { type: integer, label: 探针 } } }
    query: { properties: { word: { type: string, label: 关键字, rule: name } } }
    data: { type: object, required: [n], properties: { n: { type: integer } } }
    errors: [NOT_FOUND]`),
  );
  expect(await run(copy.project.root, [])).toBe(0);
  const out = copy.project.generated();
  expect(out.get("operations.ts")).toContain('"path": "/api/probe/:probeId"');
  expect(out.get("operation-types.ts")).toMatch(/export interface GetProbeParams \{\s*\/\*\*\s*\* 探针\s*\*\/\s*probeId: number/);
  // The handler's types say number; the client may also send an integer's text (converted at the edge).
  expect(out.get("operation-types.ts")).toMatch(/export interface GetProbeParamsInput \{\s*\/\*\*\s*\* 探针\s*\*\/\s*probeId: \(number \| string\)/);
  expect(out.get("api-client.ts")).toContain("getProbe: (input: { params: GetProbeParamsInput; query?: GetProbeQuery }, options?: O) =>");
  const doc = JSON.parse(out.get("openapi.json")!);
  expect(doc.paths["/api/probe/{probeId}"].get.operationId).toBe("getProbe");
  expect(doc.paths["/api/probe/{probeId}"].get.responses["404"].description).toContain("NOT_FOUND");
}, 60_000);

test.each([
  {
    what: "an unknown key",
    op: "  a:\n    method: GET\n    path: /api/a\n    summary: a\n    authority: public\n    colour: red",
    message: /schemas\/operations\/probe\.yaml:\d+: at \/operations\/a: unknown property "colour"/,
  },
  {
    what: "an unknown error code",
    op: "  a:\n    method: GET\n    path: /api/a\n    summary: a\n    authority: public\n    errors: [NOPE]",
    message: /operation a: error NOPE is not a code of schemas\/errors\.yaml/,
  },
  {
    what: "a path parameter not declared",
    op: "  a:\n    method: GET\n    path: /api/a/:id\n    summary: a\n    authority: public",
    message: /operation a: params \(none\) must be exactly the path's :names \(id\)/,
  },
  {
    what: "a typo'd rule",
    op: "  a:\n    method: POST\n    path: /api/a\n    summary: a\n    authority: signedIn\n    body: { properties: { x: { rule: nmae } } }",
    message: /operation a: body\.x: rule nmae does not exist/,
  },
  {
    what: "a signed-in operation without its community scope",
    op: "  a:\n    method: GET\n    path: /api/a\n    summary: a\n    authority: signedIn",
    message: /operation a: declares no scope/,
  },
  {
    what: "a name used twice",
    op: "  login:\n    method: GET\n    path: /api/a\n    summary: a\n    authority: public",
    message: /operation login: the name is also used in schemas\/operations\/auth\.yaml/,
  },
])(
  "$what fails with the file and writes nothing",
  async ({ op, message }) => {
    write(probe(op));
    const before = copy.project.generated();
    expect(await run(copy.project.root, [])).toBe(1);
    expect(copy.errors).toMatch(message);
    const after = copy.project.generated();
    expect([...after.keys()].filter((k) => after.get(k) !== before.get(k))).toEqual([]);
  },
  60_000,
);
