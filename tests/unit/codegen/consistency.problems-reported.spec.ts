// scripts/check/consistency.ts on small hand-made models: a clean one passes, and each kind of
// problem (unknown code, duplicate code, unused rule or mapping, missing spec route, menu entry
// without a route) is reported. Independent of what schemas/ holds today.
import { describe, expect, test } from "vitest";
import { checkConsistency, type CheckInput } from "../../../scripts/check/consistency.ts";
import type { FieldDef, MenuNode, ResourceDef, RouteDef } from "../../../generated/model-types.ts";

function route(path: string, extra: Partial<RouteDef> = {}): RouteDef {
  return {
    path,
    name: path.split("/").pop()!,
    module: path.split("/")[1],
    public: false,
    title: path,
    breadcrumb: [],
    inMenu: true,
    outsideFrame: false,
    hideTabs: false,
    tenantMenu: false,
    iframe: false,
    offline: false,
    demo: false,
    ...extra,
  };
}

function field(name: string, extra: Partial<FieldDef> = {}): FieldDef {
  return {
    name,
    column: name,
    type: "string",
    label: name,
    required: false,
    list: true,
    filter: false,
    search: false,
    sort: false,
    form: true,
    detail: true,
    readOnly: false,
    ...extra,
  };
}

function resource(name: string, code: string, fields: FieldDef[]): ResourceDef {
  return {
    name,
    service: "system",
    module: "demo",
    label: name,
    table: name,
    scope: "tenant",
    code,
    readOnly: false,
    defaultSort: { field: "id", order: "desc" },
    titleField: fields[0].name,
    unique: [],
    fields,
  };
}

const menuEntry = (alias: string, path?: string, subMenus: MenuNode[] = []): MenuNode => ({ index: alias, alias, ...(path ? { path } : {}), isTenantMenu: false, subMenus });

/** A consistent model: two routes, a resource using the one rule and the one mapping, a menu, the spec routes. */
function clean(): CheckInput {
  return {
    routes: [route("/demo/things", { code: "HBL001", resource: "things" }), route("/demo/board", { code: "HBL002", page: "board" })],
    menu: [menuEntry("演示", undefined, [menuEntry("物品", "/demo/things"), menuEntry("看板", "/demo/board")])],
    resources: [resource("things", "HBL001", [field("name", { rule: "name" }), field("status", { type: "integer", mapping: "status" })])],
    rules: { name: { description: "名称", usage: "field", params: {}, checks: [] } },
    mappings: { status: { description: "状态", valueType: "integer", values: { 1: { name: "Enabled", label: "启用" } }, usage: "field" } },
    permissionGroups: { guide: { description: "引导", codes: { GUIDE_STEP: "引导步骤" } } },
    allowedDuplicateRouteCodes: {},
    specRoutes: [
      ["/demo/things", "HBL001"],
      ["/demo/board", null],
    ],
  };
}

test("a consistent model has no problems", () => {
  expect(checkConsistency(clean())).toEqual([]);
});

describe("each problem is reported", () => {
  test.each<[string, (m: CheckInput) => void, string]>([
    [
      "a route guarded by an unknown code",
      (m) => m.routes.push(route("/demo/extra", { authority: "NOPE01", page: "extra" })),
      "route /demo/extra: authority NOPE01 is not a route code nor a listed permission",
    ],
    [
      "a resource with an unknown code",
      (m) => {
        m.resources[0].code = "NOPE02";
      },
      "resource things: authority NOPE02 is unknown",
    ],
    ["a route with no code at all", (m) => m.routes.push(route("/demo/open", { page: "open" })), "route /demo/open: no permission code (give code, authority or public: true)"],
    [
      "a duplicate code outside the allowed list",
      (m) => m.routes.push(route("/demo/copy", { code: "HBL001", page: "copy" })),
      "code HBL001 is given to /demo/things, /demo/copy (not in allowedDuplicateRouteCodes)",
    ],
    [
      "an allowed duplicate that is no longer duplicated",
      (m) => {
        m.allowedDuplicateRouteCodes = { HBL002: ["/demo/board", "/demo/gone"] };
      },
      "allowedDuplicateRouteCodes lists HBL002, which is not duplicated",
    ],
    [
      "an unused rule",
      (m) => {
        m.rules.spare = { description: "备用", usage: "field", params: {}, checks: [] };
      },
      "rule spare is used by no field (mark usage: code if hand-written code uses it)",
    ],
    [
      "an unused mapping",
      (m) => {
        m.mappings.spare = { description: "备用", valueType: "integer", values: {}, usage: "field" };
      },
      "mapping spare is used by no field (mark usage: code if hand-written code uses it)",
    ],
    [
      "a field naming a rule that does not exist",
      (m) => {
        m.resources[0].fields.push(field("code", { rule: "nope" }));
      },
      "resource things field code: rule nope does not exist",
    ],
    ["a missing spec route", (m) => m.specRoutes.push(["/demo/missing", "HBL009"]), "spec route /demo/missing is missing"],
    [
      "a spec route with another code",
      (m) => {
        m.specRoutes[1] = ["/demo/board", "HBL003"];
      },
      "spec route /demo/board: code is HBL002, the spec says HBL003",
    ],
    ["a menu entry without a route", (m) => m.menu[0].subMenus.push(menuEntry("孤儿")), "menu entry 孤儿: has no route"],
    ["a menu entry whose route does not exist", (m) => m.menu[0].subMenus.push(menuEntry("失效", "/demo/nowhere")), "menu entry 失效: route /demo/nowhere does not exist"],
    ["a route showing neither a resource nor a page", (m) => m.routes.push(route("/demo/empty", { code: "HBL004" })), "route /demo/empty: shows neither a resource nor a page"],
    [
      "a permission listed in two groups",
      (m) => {
        m.permissionGroups.other = { description: "其他", codes: { GUIDE_STEP: "重复" } };
      },
      "permission GUIDE_STEP is declared twice: in group guide and in group other (schemas/permissions.yaml)",
    ],
    [
      "a route's code listed in a group under another name",
      (m) => {
        m.permissionGroups.guide.codes.HBL002 = "别的东西";
      },
      'permission HBL002 is declared twice with different meanings: route /demo/board "/demo/board" and group guide "别的东西"',
    ],
  ])("%s", (_what, breakIt, problem) => {
    const m = clean();
    breakIt(m);
    expect(checkConsistency(m)).toContain(problem);
  });
});

describe("what is not a problem", () => {
  test("a duplicate code listed in allowedDuplicateRouteCodes", () => {
    const m = clean();
    m.routes.push(route("/demo/copy", { code: "HBL001", page: "copy" }));
    m.allowedDuplicateRouteCodes = { HBL001: ["/demo/copy", "/demo/things"] };
    expect(checkConsistency(m)).toEqual([]);
  });

  test("a group listing a route's code under the route's title (a guide step opening it)", () => {
    const m = clean();
    m.permissionGroups.guide.codes.HBL002 = "/demo/board";
    expect(checkConsistency(m)).toEqual([]);
  });

  test("variants and children share their parent's code", () => {
    const m = clean();
    m.routes.push(route("/demo/thingsIframe/:type", { code: "HBL001", variantOf: "/demo/things", inMenu: false }));
    m.routes.push(route("/demo/things/detail", { code: "HBL001", parent: "/demo/things", page: "detail", inMenu: false }));
    expect(checkConsistency(m)).toEqual([]);
  });

  test("rules and mappings marked usage: code, used by hand-written code", () => {
    const m = clean();
    m.rules.satisfaction = { description: "满意度", usage: "code", params: {}, required: "请选择满意度", checks: [] };
    m.mappings.ownerLabel = { description: "业主标签", valueType: "string", values: { 社区: { name: "Community", label: "业主" } }, otherwise: "管理员", usage: "code" };
    expect(checkConsistency(m)).toEqual([]);
  });

  test("a public route and a route guarded by a listed permission", () => {
    const m = clean();
    m.routes.push(route("/login", { public: true, page: "login" }), route("/demo/guide", { authority: "GUIDE_STEP", page: "guide" }));
    expect(checkConsistency(m)).toEqual([]);
  });
});
