// Demo rows for every resource of generated/resources.ts, so that every list screen has something to
// show: each tenant-wide resource gets at least `tenantRows` rows and each community-scoped one at
// least `communityRows` rows in every community of the tenant (fewer when a unique key allows fewer,
// e.g. one access setting per community). Rows already there (the core seeds: areas, communities,
// houses, residents, users, roles) count. Values come from the hand-written templates of
// demo-templates.ts where there is one, else from the field's type, rule and mapping
// (field-values.ts); references pick rows made before (resources are filled in dependency order).
// A resource with actions gets rows that agree with their state (state-fields.ts: no 完成时间 on a
// 待派单 repair; the who, when and history of each step that led to the state). Every row passes
// validateResource (the same validator as the API) before it is written, and a table's rows go in
// with one INSERT ... SELECT FROM jsonb_to_recordset, so this stays quick on PGlite.
import type { FieldDef, ResourceDef } from "../../../generated/model-types.ts";
import { resources } from "../../../generated/resources.ts";
import { validateResource } from "../../common/validate.ts";
import { toColumnValue } from "../crud/values.ts";
import { ident } from "../crud/sql.ts";
import { join, raw, sharing, Shared, sql } from "../platform/db/sql.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { DemoTenants } from "./tenants.ts";
import type { DemoUsers } from "./users.ts";
import { fieldValue, type ValueContext } from "./field-values.ts";
import { templates, type TemplateContext } from "./demo-templates.ts";
import { alignWithState, type DemoUser } from "./state-fields.ts";
import type { ResourceInput } from "../crud/row.ts";
import type { JsonObject } from "../platform/db/row.ts";

export interface FillPlan {
  tag: "A" | "B";
  tenantId: number;
  /** The main account: created_by of the rows. */
  ownerId: number;
  tenantRows: number;
  communityRows: number;
}

export interface DemoCommunity {
  id: number;
  name: string;
  administrativeCode: string | null;
}

interface Pool {
  all: number[];
  byCommunity: Map<number, number[]>;
}

const SQL_TYPES: Record<FieldDef["type"], string> = {
  string: "text",
  text: "text",
  integer: "integer",
  decimal: "numeric",
  money: "bigint",
  boolean: "boolean",
  date: "date",
  datetime: "timestamptz",
  ref: "bigint",
  image: "text",
  json: "jsonb",
  secret: "text",
};

const byName = new Map(resources.map((r) => [r.name, r]));

/** Resources after the ones they reference (self references aside), in schema order otherwise. */
export function dependencyOrder(defs: ResourceDef[] = resources): ResourceDef[] {
  const done = new Set<string>();
  const out: ResourceDef[] = [];
  const visit = (def: ResourceDef, path: Set<string>) => {
    if (done.has(def.name) || path.has(def.name)) return;
    path.add(def.name);
    for (const f of def.fields) {
      const target = f.type === "ref" && f.ref ? byName.get(f.ref.resource) : undefined;
      if (target && target.name !== def.name) visit(target, path);
    }
    if (def.scope === "community" && byName.has("communities")) visit(byName.get("communities")!, path);
    path.delete(def.name);
    done.add(def.name);
    out.push(def);
  };
  for (const def of defs) visit(def, new Set());
  return out;
}

/** One row per community at most when a unique key is the community alone (settings). */
function perCommunityCap(def: ResourceDef): number {
  return def.unique.some((u) => u.length === 1 && u[0] === "communityId") ? 1 : Infinity;
}

/** What the filler knows of one tenant: its plan, communities and the ids of every resource. */
interface TenantState {
  plan: FillPlan;
  communities: DemoCommunity[];
  pools: Map<string, Pool>;
  /** Loaded when the first resource with actions is filled. */
  users?: DemoUser[];
}

interface NewRow {
  tenant: TenantState;
  communityId: number | null;
  body: ResourceInput;
}

const emptyPool = (): Pool => ({ all: [], byCommunity: new Map() });

function addToPool(pool: Pool, id: number, communityId: number | null) {
  pool.all.push(id);
  if (communityId !== null) {
    const list = pool.byCommunity.get(communityId) ?? [];
    list.push(id);
    pool.byCommunity.set(communityId, list);
  }
}

class Filler {
  private readonly now = new Date();
  /** Rows left out because they did not pass the validator. */
  readonly skipped: string[] = [];

  constructor(
    private readonly tx: DbSession,
    private readonly tenants: TenantState[],
  ) {}

  /** Every resource's existing ids of the tenants, in one query. */
  async loadPools(defs: ResourceDef[]): Promise<void> {
    // The ids travel once though every part uses them.
    const ids = new Shared(this.tenants.map((t) => t.plan.tenantId));
    const parts = defs.map(
      (def, n) =>
        sql`select ${raw(String(n))} as r, tenant_id, id, ${raw(def.scope === "community" ? "community_id" : "null::bigint")} as community_id from ${raw(ident(def.table))} where tenant_id = any(${ids}::bigint[])`,
    );
    const statement = sharing(sql`${join(parts, "\n union all ")} order by 1, 3`);
    const { rows } = await this.tx.query<{ r: number; tenant_id: number; id: number; community_id: number | null }>(statement);
    for (const t of this.tenants) for (const def of defs) t.pools.set(def.name, emptyPool());
    for (const row of rows) {
      const tenant = this.tenants.find((t) => t.plan.tenantId === row.tenant_id)!;
      addToPool(tenant.pools.get(defs[row.r].name)!, row.id, row.community_id);
    }
  }

  /** Ids of a resource to reference from a row of `communityId` (the same community when scoped). */
  private candidates(tenant: TenantState, resource: string, communityId: number | null): number[] {
    const pool = tenant.pools.get(resource);
    if (!pool) return [];
    const target = byName.get(resource);
    if (target?.scope === "community" && communityId !== null) return pool.byCommunity.get(communityId) ?? [];
    return pool.all;
  }

  /** The rows a tenant still needs of a resource. */
  private plannedRows(def: ResourceDef, tenant: TenantState): NewRow[] {
    const { plan } = tenant;
    const pool = tenant.pools.get(def.name) ?? emptyPool();
    const template = templates[def.name];
    const scopes: (DemoCommunity | null)[] = def.scope === "community" ? tenant.communities : [null];
    const wanted = def.scope === "community" ? Math.min(plan.communityRows, perCommunityCap(def)) : plan.tenantRows;
    const target = template?.count?.[plan.tag] ?? wanted;
    const rows: NewRow[] = [];
    let k = pool.all.length;
    for (const community of scopes) {
      const have = community ? (pool.byCommunity.get(community.id)?.length ?? 0) : pool.all.length;
      for (let i = have; i < target; i++, k++) {
        const body = this.row(def, tenant, community, i, k);
        // Secrets (a login password) are not generated: a demo user has none and cannot sign in; only
        // the seeded accounts (seed/users.ts) can.
        const errors = validateResource(def.name, "create", body).filter((e) => def.fields.find((f) => f.name === e.field)?.type !== "secret");
        if (errors.length) {
          // A value the generic generator gets wrong (a new rule, say) must not stop the server from
          // starting: the row is left out and named; the demo-data API test fails on the shortfall.
          this.skipped.push(`${def.name} #${i}: ${errors.map((e) => `${e.field} ${e.message}`).join("; ")}`);
          continue;
        }
        rows.push({ tenant, communityId: community?.id ?? null, body });
      }
    }
    return rows;
  }

  async fill(def: ResourceDef): Promise<void> {
    const rows = this.tenants.flatMap((tenant) => this.plannedRows(def, tenant));
    if (!rows.length) return;
    for (const r of await this.insert(def, rows)) {
      const tenant = this.tenants.find((t) => t.plan.tenantId === r.tenant_id)!;
      addToPool(tenant.pools.get(def.name)!, r.id, r.community_id);
    }
    if (def.name === "communities") for (const tenant of this.tenants) tenant.communities = await loadCommunities(this.tx, tenant.plan.tenantId);
  }

  private row(def: ResourceDef, tenant: TenantState, community: DemoCommunity | null, i: number, k: number): ResourceInput {
    const communityId = community?.id ?? null;
    const values: ValueContext = { i, k, tag: tenant.plan.tag, now: this.now };
    const ctx: TemplateContext = {
      ...values,
      community,
      communities: tenant.communities,
      pick: (resource, offset = 0) => {
        const list = this.candidates(tenant, resource, communityId);
        return list.length ? list[(k + offset) % list.length] : undefined;
      },
      pickAll: (resource) => [...this.candidates(tenant, resource, communityId)],
    };
    const body: ResourceInput = {};
    for (const f of def.fields) {
      if (f.type === "secret") continue;
      const value = f.type === "ref" && f.ref ? ctx.pick(f.ref.resource) : fieldValue(f, values);
      if (value !== undefined) body[f.name] = value;
    }
    const overrides = templates[def.name]?.row(ctx) ?? {};
    for (const [name, value] of Object.entries(overrides)) {
      if (value === undefined) delete body[name];
      else body[name] = value;
    }
    if (!def.actions) return body;
    const users = tenant.users ?? [];
    return alignWithState(def, body, {
      now: this.now,
      user: (offset) => (users.length ? users[(k + offset) % users.length] : undefined),
      userById: (id) => users.find((u) => u.id === id),
      value: (field) => fieldValue(field, values),
    });
  }

  /** The tenants' users (for the acting users of the rows' steps), read once the users are in. */
  async loadUsers(): Promise<void> {
    const { rows } = await this.tx.query<{ tenant_id: number; id: number; username: string; real_name: string | null }>(
      sql`select tenant_id, id, username, real_name from users where tenant_id = any(${this.tenants.map((t) => t.plan.tenantId)}::bigint[]) order by id`,
    );
    for (const t of this.tenants) t.users = rows.filter((r) => Number(r.tenant_id) === t.plan.tenantId).map((r) => ({ id: Number(r.id), username: r.username, realName: r.real_name }));
  }

  /** All new rows of a table in one statement; a row that meets a unique key already there is skipped. */
  private async insert(def: ResourceDef, rows: NewRow[]) {
    const scoped = def.scope === "community";
    const fields = def.fields.filter((f) => f.type !== "secret" && rows.some((r) => r.body[f.name] !== undefined));
    const columns = ["tenant_id", "created_by", "updated_by", ...(scoped ? ["community_id"] : []), ...fields.map((f) => f.column)];
    const types = ["bigint", "bigint", "bigint", ...(scoped ? ["bigint"] : []), ...fields.map((f) => SQL_TYPES[f.type])];
    const records = rows.map(({ tenant, communityId, body }) => {
      const { tenantId, ownerId } = tenant.plan;
      // One element of the jsonb_to_recordset list: column -> value.
      const record: JsonObject = { tenant_id: tenantId, created_by: ownerId, updated_by: ownerId };
      if (scoped) record.community_id = communityId;
      for (const f of fields) {
        const v = body[f.name];
        record[f.column] = v === undefined ? null : f.type === "json" ? v : toColumnValue(f, v);
      }
      return record;
    });
    const list = columns.map(ident).join(", ");
    const shape = columns.map((c, i) => `${ident(c)} ${types[i]}`).join(", ");
    const { rows: inserted } = await this.tx.query<{ id: number; tenant_id: number; community_id: number | null }>(
      sql`insert into ${raw(ident(def.table))} (${raw(list)})
       select ${raw(list)} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(${raw(shape)})
       on conflict do nothing
       returning id, tenant_id, ${raw(scoped ? "community_id" : "null::bigint as community_id")}`,
    );
    return inserted;
  }
}

async function loadCommunities(tx: DbSession, tenantId: number): Promise<DemoCommunity[]> {
  const { rows } = await tx.query<DemoCommunity>(sql`select id, name, administrative_code as "administrativeCode" from communities where tenant_id = ${tenantId} order by id`);
  return rows;
}

/** Tops up every resource of the given tenants (see the header), in dependency order. */
export async function fillTenants(tx: DbSession, plans: FillPlan[], defs: ResourceDef[] = resources): Promise<void> {
  const tenants: TenantState[] = [];
  for (const plan of plans) tenants.push({ plan, communities: await loadCommunities(tx, plan.tenantId), pools: new Map() });
  const ordered = dependencyOrder(defs);
  const filler = new Filler(tx, tenants);
  await filler.loadPools(ordered);
  let usersRead = false;
  for (const def of ordered) {
    if (def.actions && !usersRead) {
      await filler.loadUsers();
      usersRead = true;
    }
    await filler.fill(def);
    if (def.name === "users") usersRead = false; // the demo staff just added act too
  }
  if (filler.skipped.length) {
    console.warn(`演示数据：${filler.skipped.length} 行未通过校验，已跳过 / demo rows left out (not valid):\n  ${filler.skipped.slice(0, 20).join("\n  ")}`);
  }
}

/** The seeding step (seedDemo): tenant A gets 3 rows per resource and community, tenant B 2. */
export async function seedResourceRows(tx: DbSession, tenants: DemoTenants, users: DemoUsers): Promise<void> {
  await fillTenants(tx, [
    { tag: "A", tenantId: tenants.a, ownerId: users.admin, tenantRows: 3, communityRows: 3 },
    { tag: "B", tenantId: tenants.b, ownerId: users.admin2, tenantRows: 2, communityRows: 2 },
  ]);
}
