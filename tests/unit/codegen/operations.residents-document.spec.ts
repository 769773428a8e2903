// The residents' app's operations (docs/residents.md): a path under /api/h5/ or the authority
// `resident` puts an operation into generated/h5-openapi.json and keeps it out of the staff
// document; a staff authority under /api/h5/ and a resident operation elsewhere are refused.
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

test("a resident operation goes into the residents' document only, with the resident cookie as its security", async () => {
  write(
    probe(`  getMyProbe:
    method: GET
    path: /api/h5/probe
    summary: 探针
    authority: resident
    scope: session
    data: { type: object }`),
  );
  expect(await run(copy.project.root, [])).toBe(0);
  const out = copy.project.generated();
  const h5 = JSON.parse(out.get("h5-openapi.json")!);
  const staff = JSON.parse(out.get("openapi.json")!);
  expect(h5.paths["/api/h5/probe"].get).toMatchObject({ operationId: "getMyProbe", security: [{ residentCookie: [] }], "x-authority": "resident" });
  expect(h5.paths["/api/h5/probe"].get.responses["401"].description).toContain("NOT_LOGGED_IN");
  expect(h5.paths["/api/h5/probe"].get.responses["403"]).toBeUndefined();
  expect(staff.paths["/api/h5/probe"]).toBeUndefined();
  expect(Object.keys(h5.paths).every((p) => p.startsWith("/api/h5/"))).toBe(true);
  expect(Object.keys(staff.paths).filter((p) => p.startsWith("/api/h5/"))).toEqual([]);
  expect(out.get("operations.ts")).toContain('"authority": "resident"');
}, 60_000);

test.each([
  {
    what: "a staff authority under /api/h5/",
    op: "  a:\n    method: GET\n    path: /api/h5/a\n    summary: a\n    authority: signedIn\n    scope: session",
    message: /operation a: a path under \/api\/h5\/ is public or resident, never a staff authority/,
  },
  {
    what: "a resident operation outside /api/h5/",
    op: "  a:\n    method: GET\n    path: /api/a\n    summary: a\n    authority: resident\n    scope: session",
    message: /operation a: authority resident needs a path under \/api\/h5\//,
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
