// npm run check: every operation but a public one declares its community scope, and one declared
// "tenant" may not take an input naming community data; one whose guard checks inputs checks every
// community it takes.
import { describe, expect, it } from "vitest";
import { operations, type OperationRoute } from "../../../generated/operations.ts";
import { checkOperationScopes } from "../../../scripts/check/operation-scope.ts";

const op = (over: Partial<OperationRoute>): OperationRoute => ({
  name: "probe",
  domain: "payment",
  method: "GET",
  path: "/api/probe",
  summary: "探针",
  authority: "HBL1903",
  envelope: true,
  errors: [],
  schema: {},
  ...over,
});

describe("operation scopes", () => {
  it("hold for every declared operation", () => {
    expect(checkOperationScopes(operations as unknown as Record<string, OperationRoute>)).toEqual([]);
  });

  it("refuse an operation without a scope, and a tenant one that takes a community's data", () => {
    const problems = checkOperationScopes({
      none: op({ name: "none" }),
      open: op({ name: "open", authority: "public" }),
      tenantRoom: op({ name: "tenantRoom", scope: "tenant", schema: { querystring: { properties: { roomId: { type: "integer" } } } } }),
      tenantPlain: op({ name: "tenantPlain", scope: "tenant", schema: { querystring: { properties: { keyword: { type: "string" } } } } }),
      checked: op({ name: "checked", scope: { checks: [{ resource: "rooms", table: "rooms", part: "query", key: "roomId" }], whenAbsent: "refuse" } }),
    });
    expect(problems).toEqual(["operation none: declares no scope", "operation tenantRoom: scope tenant, but its input roomId names community data: declare the inputs the guard checks, or session"]);
  });

  it("refuse a checked operation that leaves one of its community inputs unchecked", () => {
    const rooms = { resource: "rooms", table: "rooms", part: "body" as const, key: "roomId" };
    const problems = checkOperationScopes({
      forgot: op({ name: "forgot", scope: { checks: [rooms], whenAbsent: "refuse" }, schema: { body: { properties: { roomId: { type: "integer" }, communityId: { type: "integer" } } } } }),
      kept: op({
        name: "kept",
        scope: { checks: [rooms, { resource: "communities", table: "communities", part: "body", key: "communityId" }], whenAbsent: "refuse" },
        schema: { body: { properties: { roomId: { type: "integer" }, communityId: { type: "integer" } } } },
      }),
    });
    expect(problems).toEqual(["operation forgot: its input communityId is not among the communities its scope checks"]);
  });
});
