// Fixtures of the fee tests: a fresh community of known rooms (SQL, so the tests do not depend on the
// demo data), pricing types and items through the generic API, generation through the API and its
// task, and small request helpers.
import { expect } from "vitest";
import type { TestServer } from "../support/server.ts";

export interface Fixture {
  communityId: number;
  buildingId: number;
  unitId: number;
  /** Rooms in id order with their building and charge areas (null = unknown, none) and 房屋状态. */
  rooms: { id: number; area: string | null; chargeArea: string | null; occupancy: number }[];
}

/** A community with one building, one unit and rooms of the given areas (房屋状态 1 自住 unless given). */
export async function makeCommunity(server: TestServer, tenantId: number, name: string, rooms: { area: string | null; chargeArea?: string | null; occupancy?: number }[]): Promise<Fixture> {
  const one = async (sql: string, params: unknown[]) => Number((await server.db.query<{ id: number }>(sql, params)).rows[0].id);
  const areaId = await one("select id from areas where tenant_id = $1 order by id limit 1", [tenantId]);
  const communityId = await one("insert into communities (tenant_id, name, area_id) values ($1, $2, $3) returning id", [tenantId, name, areaId]);
  const buildingId = await one("insert into buildings (tenant_id, community_id, name, sort_no) values ($1, $2, '1栋', 1) returning id", [tenantId, communityId]);
  const unitId = await one("insert into units (tenant_id, community_id, building_id, name) values ($1, $2, $3, '1单元') returning id", [tenantId, communityId, buildingId]);
  const out: Fixture["rooms"] = [];
  for (const [i, r] of rooms.entries()) {
    const room = { area: r.area, chargeArea: r.chargeArea ?? null, occupancy: r.occupancy ?? 1 };
    const id = await one(
      "insert into rooms (tenant_id, community_id, building_id, unit_id, room_no, floor, building_area, charge_area, occupancy_status) values ($1, $2, $3, $4, $5, 1, $6, $7, $8) returning id",
      [tenantId, communityId, buildingId, unitId, `${101 + i}`, room.area, room.chargeArea, room.occupancy],
    );
    out.push({ id, ...room });
  }
  return { communityId, buildingId, unitId, rooms: out };
}

export async function ok(server: TestServer, method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, body?: unknown) {
  const r = await server.request(method, url, { token, body });
  if (r.status !== 200 || r.body?.code !== 0) throw new Error(`${method} ${url} -> ${r.status} ${r.text.slice(0, 300)}`);
  return r.body.data;
}

export async function priceType(server: TestServer, token: string, communityId: number, body: Record<string, unknown>): Promise<number> {
  const data = await ok(server, "POST", "/api/property/priceTypes", token, { communityId, billingCycle: 1, enabled: true, ...body });
  return data.id;
}

export async function paymentItem(server: TestServer, token: string, communityId: number, priceTypeId: number, body: Record<string, unknown> = {}): Promise<number> {
  const data = await ok(server, "POST", "/api/property/paymentItems", token, {
    communityId,
    priceTypeId,
    name: `项目${priceTypeId}`,
    dueDay: 15,
    paymentType: 1,
    ...body,
  });
  return data.id;
}

/** Waits for a task to end; returns the generationTask answer. */
export async function waitTask(server: TestServer, token: string, taskId: number, timeoutMs = 45_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const task = await ok(server, "GET", `/api/property/bills/actions/generationTask?id=${taskId}`, token);
    if (task.state === "completed" || task.state === "failed") return task;
    if (Date.now() > until) throw new Error(`task ${taskId} still ${task.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Generation through the API, waited for. */
export async function generate(server: TestServer, token: string, body: Record<string, unknown>) {
  const started = await ok(server, "POST", "/api/property/bills/actions/generate", token, body);
  const task = await waitTask(server, token, started.taskId);
  expect(task.state).toBe("completed");
  return { ...task, started };
}

export async function billsOf(server: TestServer, tenantId: number, where: string, params: unknown[] = []) {
  const { rows } = await server.db.query<{ id: number; room_id: number; amount_due: number; status: number; quantity: string | null; period: string }>(
    `select id, room_id, amount_due, status, quantity, period from bills where tenant_id = $1 and ${where} order by room_id, id`,
    [tenantId, ...params],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), room_id: Number(r.room_id), amount_due: Number(r.amount_due) }));
}

export async function approve(server: TestServer, token: string, ids: number[]) {
  return ok(server, "POST", "/api/property/bills/actions/approve", token, { ids });
}

/** A month that suits every cycle and that no demo bill uses. */
export const PERIOD = "2031-01";

/** The id of a built-in meter type of the caller's tenant (水, 电, 燃气, 热). */
export async function meterTypeId(server: TestServer, token: string, name = "水"): Promise<number> {
  const page = await ok(server, "POST", "/api/property/meterTypes/actions/pageList", token, { name, pageSize: 50 });
  return (page.list as { id: number; name: string }[]).find((r) => r.name === name)!.id;
}

/**
 * Another user of the main account's tenant with a role of the given codes (default: every code the
 * main account holds, 收费审核 included), signed in: approves what the main account applied for (four eyes).
 */
export async function colleague(server: TestServer, adminToken: string, username: string, authorities?: string[]): Promise<string> {
  const codes = authorities ?? (await server.request("GET", "/api/system/homepage/user", { token: adminToken })).body.data.authorities.map((a: { code: string }) => a.code);
  const role = await ok(server, "POST", "/api/system/characters", adminToken, { name: `${username}角色`, authorities: codes });
  await ok(server, "POST", "/api/system/users", adminToken, { username, password: "Four-Eyes-8812", roleId: role.id });
  return server.login(username, "Four-Eyes-8812");
}

/** The four-eyes rules (fourEyesRule codes): 1 票据作废, 2 退费/冲正, 3 减免, 4 押金退还, 5 调价. */
export const FOUR_EYES_RULES = [1, 2, 3, 4, 5] as const;

/**
 * Sets the tenant's four-eyes rules (all of them by default) through the generic approvalRules API:
 * off lets one person apply and approve (a suite about something else; a one-person office).
 */
export async function setFourEyes(server: TestServer, token: string, required: boolean, rules: readonly number[] = FOUR_EYES_RULES): Promise<void> {
  const existing = (await ok(server, "POST", "/api/property/approvalRules/actions/pageList", token, { pageNo: 1, pageSize: 50 })).list as { id: number; rule: number }[];
  for (const rule of rules) {
    const row = existing.find((r) => r.rule === rule);
    if (row) await ok(server, "PUT", `/api/property/approvalRules/${row.id}`, token, { rule, required });
    else await ok(server, "POST", "/api/property/approvalRules", token, { rule, required });
  }
}

/**
 * Voids a receipt in one go (a suite with the rule 票据作废 off): applies, then approves as the same
 * user. The answer of the application when it was refused, else of the approval.
 */
export async function voidAtOnce(server: TestServer, token: string, id: number, reason: unknown = "开错票据") {
  const applied = await server.request("POST", `/api/property/receipts/${id}/actions/void`, { token, body: { reason } });
  if (applied.status !== 200 || applied.body?.code !== 0) return applied;
  return server.request("POST", `/api/property/receipts/${id}/actions/approveVoid`, { token });
}
