// Adding a module is one YAML file: codegen then emits its row type, validators, Refine resource,
// route, table (full DDL and a new migration) and OpenAPI paths, with no TypeScript written by hand.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { run } from "../../../scripts/codegen/index.ts";
import { probeModule, PROBE_MODULE } from "./support/probe-module.ts";
import { copyProject, readTree, type TempProject } from "./support/temp-project.ts";

let project: TempProject;
let before: Map<string, string>;
let after: Map<string, string>;
let schemasBefore: Map<string, string>;
let code: number;
let baselineCode: number;

beforeAll(async () => {
  project = copyProject();
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  // Bring the copy's generated/ in line with its schemas first, so the comparison below sees only
  // what the new module adds even while the real tree is being edited.
  baselineCode = await run(project.root, []);
  schemasBefore = readTree(join(project.root, "schemas"));
  before = project.generated();
  project.writeModule(PROBE_MODULE, probeModule());
  code = await run(project.root, []);
  vi.restoreAllMocks();
  after = project.generated();
}, 120_000);
afterAll(() => project?.remove());

const genUrl = (file: string) => pathToFileURL(join(project.root, "generated", file)).href;

test("codegen succeeds, and the only source change is the one YAML file", () => {
  expect(baselineCode).toBe(0);
  expect(code).toBe(0);
  const schemasAfter = readTree(join(project.root, "schemas"));
  expect([...schemasAfter.keys()].filter((k) => schemasAfter.get(k) !== schemasBefore.get(k))).toEqual([`modules/${PROBE_MODULE}.yaml`]);
});

describe("what codegen emits for the new resource", () => {
  test("a row type in generated/types.ts", () => {
    expect(after.get("types.ts")).toMatch(/export interface ProbeGadgetsRow \{[^}]*\btitle\??: [^}]*\bprice\??: [^}]*\bstatus\??: /);
    expect(after.get("types.ts")).toContain("probeGadgets: ProbeGadgetsRow;");
  });

  test("create and update validators in generated/validators/probeGadgets.js that apply the field rules", async () => {
    const validators = await import(genUrl("validators/probeGadgets.js"));
    expect(typeof validators.create).toBe("function");
    expect(typeof validators.update).toBe("function");
    expect(validators.create({ title: "扳手", price: "12.50", communityId: "1000" })).toBe(true);
    expect(validators.create({ title: "扳手", price: "1000000.01", communityId: "1000" })).toBe(false);
    expect(validators.create({ price: "1.00", communityId: "1000" })).toBe(false); // title is required
    expect(Object.values(validators.meta.messages)).toContain("输入的金额不能大于1000000.00");
    const index = await import(genUrl("validators/index.js"));
    expect(index.validators.resource_probeGadgets_create.validate).toBe(validators.create);
  });

  test("a Refine resource with list, create, edit and show routes", async () => {
    const { refineResources } = await import(genUrl("refine-resources.ts"));
    expect(refineResources.find((r: { name: string }) => r.name === "probeGadgets")).toMatchObject({
      list: "/codegenProbe/gadgets",
      create: "/codegenProbe/gadgets/create",
      edit: "/codegenProbe/gadgets/edit/:id",
      show: "/codegenProbe/gadgets/show/:id",
      meta: { service: "property", code: "HBLPROBE01", scope: "community" },
    });
  });

  test("a route and a menu entry in generated/routes.ts", async () => {
    const { routes, menu } = await import(genUrl("routes.ts"));
    expect(routes.find((r: { path: string }) => r.path === "/codegenProbe/gadgets")).toMatchObject({ code: "HBLPROBE01", resource: "probeGadgets", module: PROBE_MODULE });
    expect(menu.find((m: { index: string }) => m.index === PROBE_MODULE)?.subMenus[0]).toMatchObject({ path: "/codegenProbe/gadgets", alias: "探针物品" });
  });

  test("the table in generated/ddl.sql and in exactly one new migration", () => {
    const table = 'create table if not exists "probe_gadgets"';
    expect(after.get("ddl.sql")).toContain(table);
    const added = [...after.keys()].filter((k) => !before.has(k) && k.startsWith("migrations/"));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^migrations\/\d{4}_\w+\.sql$/);
    expect(after.get(added[0])).toContain(table);
    expect(after.get(added[0])).toContain('"community_id" bigint not null');
    // Earlier migrations are kept byte for byte.
    for (const k of before.keys()) if (/^migrations\/\d{4}_/.test(k)) expect(after.get(k)).toBe(before.get(k));
  });

  test("OpenAPI paths for the generic endpoints", () => {
    const paths = JSON.parse(after.get("openapi.json")!).paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths["/api/property/probeGadgets/actions/pageList"] ?? {})).toContain("post");
    expect(Object.keys(paths["/api/property/probeGadgets"] ?? {})).toContain("post");
    expect(Object.keys(paths["/api/property/probeGadgets/{id}"] ?? {}).sort()).toEqual(expect.arrayContaining(["delete", "get", "put"]));
    expect(Object.keys(paths["/api/property/probeGadgets/actions/batchDelete"] ?? {})).toContain("delete");
  });
});
