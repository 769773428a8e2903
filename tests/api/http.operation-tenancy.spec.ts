// The edge checks tenancy (src/server/platform/http/operation-scope.ts): every declared operation that takes a
// community (its `scope:` names community inputs) refuses, before its handler runs, a community of
// another tenant (404, as if missing: tenant B's main account naming tenant A's community) and one
// outside a limited account's communities (the 403 marker: its own tenant's other community, and
// another tenant's), and writes nothing. Discovered from the generated route table, so an operation
// added later is covered; its other required inputs get a valid sample.
import { beforeAll, describe, expect, it } from "vitest";
import { operations } from "../../generated/operations.ts";
import { backends } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";

type Route = (typeof operations)[keyof typeof operations];
type Part = "params" | "query" | "body";
interface Property {
  type?: unknown;
  enum?: readonly unknown[];
  pattern?: string;
  minimum?: number;
  minItems?: number;
  items?: Property;
  required?: readonly string[];
  properties?: Record<string, Property>;
}
type PartSchema = { required?: readonly string[]; properties?: Record<string, Property> } | undefined;

const SCHEMA_PART = { params: "params", query: "querystring", body: "body" } as const;
const NOT_FOUND = { code: 404, message: "数据不存在或已被删除", data: null, success: false };

/** A valid sample of a required input that is not a community (a date, a month, an enum's first value …). */
function sample(p: Property): unknown {
  if (p.enum?.length) return p.enum[0];
  const types = [p.type].flat();
  if (types.includes("array")) return Array.from({ length: p.minItems ?? 0 }, () => sample(p.items ?? { type: "integer" }));
  if (types.includes("object")) return Object.fromEntries((p.required ?? []).map((key) => [key, sample(p.properties?.[key] ?? {})]));
  if (types.includes("integer") || types.includes("number")) return p.minimum ?? 1;
  const pattern = p.pattern ? new RegExp(p.pattern) : null;
  return ["2024-01-01", "2024-01", "1"].find((text) => !pattern || pattern.test(text)) ?? "1";
}

/** The operations that take a community, with how to call one naming a given community. */
function communityOperations(): {
  op: Route;
  /** Whether a required input is a row the scope checks (a sample id: no such row of the tenant, so 404 with any community). */
  namesSampleRows: boolean;
  call: (community: number) => { method: Route["method"]; url: string; body?: Record<string, unknown> };
}[] {
  const found = [];
  for (const op of Object.values(operations) as Route[]) {
    const scope = "scope" in op ? op.scope : undefined;
    if (!scope || typeof scope === "string") continue;
    const checks = scope.checks.filter((c) => c.table === "communities");
    if (!checks.length) continue;
    const schema = op.schema as Partial<Record<"params" | "querystring" | "body", PartSchema>>;
    const rowChecks = scope.checks.filter((c) => c.table !== "communities");
    const requiredOf = (part: Part) => op.schema && (op.schema as Partial<Record<string, PartSchema>>)[SCHEMA_PART[part]]?.required;
    found.push({
      op,
      namesSampleRows: rowChecks.some((c) => requiredOf(c.part)?.includes(c.key)),
      call: (community: number) => {
        const input: Record<Part, Record<string, unknown>> = { params: {}, query: {}, body: {} };
        for (const part of ["params", "query", "body"] as const) {
          const s = schema[SCHEMA_PART[part]];
          for (const key of s?.required ?? []) input[part][key] = sample(s?.properties?.[key] ?? {});
        }
        for (const c of checks) input[c.part][c.key] = "many" in c ? (c.part === "query" ? String(community) : [community]) : community;
        const path = op.path.replace(/:(\w+)/g, (_, key: string) => {
          const id = input.params[key];
          return typeof id === "number" ? String(id) : "1";
        });
        const query = new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)])).toString();
        const url = query ? `${path}?${query}` : path;
        return { method: op.method, url, ...(op.method === "GET" || op.method === "DELETE" ? {} : { body: input.body }) };
      },
    });
  }
  return found;
}

describe.each(backends)("declared operations naming a community of another tenant or outside the scope (%s)", (backend) => {
  const t = useDemoServer(backend);
  let limited: string;
  let allowed: number;
  let otherOfTenant: number;
  let forbidden: object;
  const all = communityOperations();

  /** Every table's content but the sessions' (a request refreshes its session), as one fingerprint per table. */
  const fingerprint = async () => {
    const { rows } = await t.server.db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'sessions' order by table_name",
    );
    const prints: Record<string, string> = {};
    for (const { table_name } of rows) {
      const r = await t.server.db.query<{ print: string | null }>(`select md5(string_agg(x::text, ',' order by x::text)) as print from "${table_name}" x`);
      prints[table_name] = r.rows[0].print ?? "";
    }
    return prints;
  };

  beforeAll(async () => {
    const communities = (await t.server.db.query<{ id: number }>("select id from communities where tenant_id = $1 order by id", [t.ids.tenantA])).rows.map((r) => r.id);
    [allowed, otherOfTenant] = communities;
    const scene = (await t.server.db.query<{ scene_name: string }>("select scene_name from tenants where id = $1", [t.ids.tenantA])).rows[0].scene_name;
    forbidden = { code: 403, status: 403, message: `无权访问该${scene}`, data: null, success: false };
    const codes = (await t.server.request("GET", "/api/system/homepage/user", { token: t.admin })).body.data.authorities.map((a: { code: string }) => a.code);
    const role = await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name: "单社区全权限", authorities: codes } });
    await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "scopedtenancy1", password: "Scoped-Tenancy-8812", roleId: role.body.data.id, communityIds: [allowed] } });
    limited = await t.server.sessionFor("scopedtenancy1");
  });

  it("covers every operation that takes a community", () => {
    expect(all.length).toBeGreaterThan(50);
  });

  it("refuses them all and writes nothing", async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    const refusedAs = async (name: string, token: string, request: ReturnType<(typeof all)[number]["call"]>, answer: object) => {
      const r = await t.server.request(request.method, request.url, { token, ...(request.body ? { body: request.body } : {}) });
      if (JSON.stringify(r.body) !== JSON.stringify(answer)) wrong.push(`${name} ${request.url}: ${r.status} ${r.text.slice(0, 120)}`);
    };
    for (const { op, call } of all) {
      await refusedAs(`${op.name} (another tenant's, main account)`, t.admin2, call(t.ids.communityA), NOT_FOUND);
      await refusedAs(`${op.name} (outside the scope)`, limited, call(otherOfTenant), forbidden);
      await refusedAs(`${op.name} (another tenant's, limited account)`, limited, call(t.ids.communityB), forbidden);
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it("lets the same calls through with the account's own community", async () => {
    const refused: string[] = [];
    for (const { op, call, namesSampleRows } of all) {
      const request = call(allowed);
      const r = await t.server.request(request.method, request.url, { token: limited, ...(request.body ? { body: request.body } : {}) });
      if ((r.status === 404 && !namesSampleRows) || r.body?.status === 403) refused.push(`${op.name}: ${r.status} ${r.text.slice(0, 120)}`);
    }
    expect(refused).toEqual([]);
  });
});
