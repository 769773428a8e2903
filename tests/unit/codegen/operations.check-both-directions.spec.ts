// npm run check's route comparison: an undeclared route, a declaration without a route and a stale
// pending entry are each a problem; generic routes count as declared by their resources.
import { describe, expect, it } from "vitest";
import { checkOperationRoutes, routeKey } from "../../../scripts/check/operations.ts";

const sets = (over: Partial<Parameters<typeof checkOperationRoutes>[0]> = {}) => ({
  registered: new Set(["POST /api/auth/login", "GET /api/system/areas/:id", "POST /api/property/repairs/:id/actions/approve", "GET /api/x/pending"]),
  generic: new Set(["GET /api/system/areas/:id", "POST /api/property/repairs/:id/actions/approve"]),
  declared: new Map([["POST /api/auth/login", "login"]]),
  pending: ["GET /api/x/pending"],
  ...over,
});

describe("declared operations against registered routes", () => {
  it("passes when every route is generic, declared or pending", () => {
    expect(checkOperationRoutes(sets())).toEqual([]);
  });

  it("names a registered route nobody declares", () => {
    expect(checkOperationRoutes(sets({ pending: [] }))).toEqual(["route GET /api/x/pending has no declared operation (declare it in schemas/operations/<domain>.yaml)"]);
  });

  it("names an operation the server does not register", () => {
    const declared = new Map([
      ["POST /api/auth/login", "login"],
      ["GET /api/auth/gone", "gone"],
    ]);
    expect(checkOperationRoutes(sets({ declared }))).toEqual(["operation gone (GET /api/auth/gone) has no route on the server"]);
  });

  it("makes the pending list shrink: a declared or vanished entry is a problem", () => {
    const problems = checkOperationRoutes(sets({ pending: ["GET /api/x/pending", "POST /api/auth/login", "GET /api/old"] }));
    expect(problems).toEqual([
      "schemas/operations/pending.yaml lists POST /api/auth/login, which is declared now: remove it from the list",
      "schemas/operations/pending.yaml lists GET /api/old, which the server no longer registers: remove it from the list",
    ]);
  });

  it("names a generic operation the server does not register", () => {
    const generic = new Set(["GET /api/system/areas/:id", "POST /api/property/repairs/:id/actions/approve", "POST /api/property/repairs/:id/actions/close"]);
    expect(checkOperationRoutes(sets({ generic }))).toEqual(["generic route POST /api/property/repairs/:id/actions/close of a resource is not registered"]);
  });

  it("reads OpenAPI paths as Fastify routes", () => {
    expect(routeKey("get", "/api/a/{id}/b")).toBe("GET /api/a/:id/b");
  });
});
