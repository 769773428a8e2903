// Community scope over the declared (hand-written) operations: a user limited to one community,
// holding every code, is refused another community by any operation that takes one (discovered from
// the generated route table: every operation whose scope names community inputs), finds no bill,
// room, payment or refund of another community, pays and approves nothing there, and sees only its
// community in reports and boards. The main account is unaffected.
import { beforeAll, describe, expect, it } from "vitest";
import { operations } from "../../../generated/operations.ts";
import { backends } from "../support/server.ts";
import { enqueueTask } from "../../../src/server/platform/tasks/store.ts";
import { useDemoServer } from "../support/demo.ts";

type Route = (typeof operations)[keyof typeof operations];
const marker = (message: string) => ({ code: 403, status: 403, message, data: null, success: false });

/** Operations whose only required inputs are the community inputs the guard checks: callable with nothing else. */
function communityOnly(op: Route): { part: "params" | "query" | "body"; key: string; array: boolean }[] | null {
  const scope = "scope" in op ? op.scope : undefined;
  if (!scope || typeof scope === "string") return null;
  const checks = scope.checks.filter((c) => c.table === "communities");
  if (!checks.length) return null;
  const schema = op.schema as Record<string, { required?: readonly string[]; properties?: Record<string, { type?: unknown }> } | undefined>;
  for (const [part, key] of [
    ["params", "params"],
    ["query", "querystring"],
    ["body", "body"],
  ] as const) {
    const required = schema[key]?.required ?? [];
    if (required.some((r) => !checks.some((c) => c.part === part && c.key === r))) return null;
  }
  return checks.map((c) => {
    const s = schema[c.part === "query" ? "querystring" : c.part]?.properties?.[c.key];
    return { part: c.part, key: c.key, array: JSON.stringify(s?.type ?? "").includes("array") || c.key.endsWith("Ids") };
  });
}

describe.each(backends)("declared operations for a user limited to one community (%s)", (backend) => {
  const t = useDemoServer(backend);
  let token: string;
  let allowed: number;
  let other: number;
  let forbidden: ReturnType<typeof marker>;
  const one = async <T>(sqlText: string, params: unknown[]) => (await t.server.db.query<T & { id: number }>(sqlText, params)).rows[0];

  beforeAll(async () => {
    const communities = (await t.server.db.query<{ id: number }>("select id from communities where tenant_id = $1 order by id", [t.ids.tenantA])).rows.map((r) => Number(r.id));
    [allowed, other] = communities;
    const scene = (await t.server.db.query<{ scene_name: string }>("select scene_name from tenants where id = $1", [t.ids.tenantA])).rows[0].scene_name;
    forbidden = marker(`无权访问该${scene}`);
    const all = (await t.server.request("GET", "/api/system/homepage/user", { token: t.admin })).body.data.authorities.map((a: { code: string }) => a.code);
    const role = await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name: "单社区收费员", authorities: all } });
    await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "scopedcashier1", password: "Scoped-Cash-8812", roleId: role.body.data.id, communityIds: [allowed] } });
    token = await t.server.login("scopedcashier1", "Scoped-Cash-8812");
  });

  it("refuses another community through every operation that takes one (the 403 marker), and accepts its own", async () => {
    const wrong: string[] = [];
    let tried = 0;
    for (const op of Object.values(operations) as Route[]) {
      const inputs = communityOnly(op);
      if (!inputs) continue;
      tried++;
      const call = (id: number) => {
        let path: string = op.path;
        const query: string[] = [];
        const body: Record<string, unknown> = {};
        for (const i of inputs) {
          if (i.part === "params") path = path.replace(`:${i.key}`, String(id));
          else if (i.part === "query") query.push(`${i.key}=${id}`);
          else body[i.key] = i.array ? [id] : id;
        }
        path = path.replace(/:(\w+)/g, "1");
        const url = query.length ? `${path}?${query.join("&")}` : path;
        return t.server.request(op.method, url, { token, ...(op.method === "GET" || op.method === "DELETE" ? {} : { body }) });
      };
      const theirs = await call(other);
      if (JSON.stringify(theirs.body) !== JSON.stringify(forbidden)) wrong.push(`${op.name}: ${theirs.status} ${theirs.text.slice(0, 100)}`);
      const mine = await call(allowed);
      if (mine.status === 401 && mine.body?.status === 403) wrong.push(`${op.name}: its own community refused`);
    }
    expect(wrong).toEqual([]);
    expect(tried).toBeGreaterThan(20);
  });

  it("finds no room, bill, payment, refund or waiver of another community (404) and pays or approves nothing there", async () => {
    const room = await one<{ id: number }>("select id from rooms where tenant_id = $1 and community_id = $2 order by id limit 1", [t.ids.tenantA, other]);
    const bill = await one<{ id: number; status: number }>("select id, status from bills where tenant_id = $1 and community_id = $2 order by id limit 1", [t.ids.tenantA, other]);
    expect(room && bill).toBeTruthy();
    expect((await t.server.request("GET", `/api/property/bills/actions/roomBills?roomId=${room.id}`, { token })).status).toBe(404);
    expect((await t.server.request("GET", `/api/property/bills/actions/roomHistory?roomId=${room.id}`, { token })).status).toBe(404);
    const pay = await t.server.request("POST", "/api/property/bills/actions/pay", {
      token,
      body: { billIds: [bill.id], payMethod: 5, receivedAmount: "1.00", expectedAmount: "1.00", payerName: "张三" },
    });
    expect(pay.status).toBe(404);
    const approve = await t.server.request("POST", "/api/property/bills/actions/approve", { token, body: { ids: [bill.id] } });
    expect(approve.status).toBe(404);
    const after = await one<{ status: number }>("select status from bills where id = $1", [bill.id]);
    expect(after.status).toBe(bill.status);
    const payment = await one<{ id: number }>("select id from payments where tenant_id = $1 and community_id = $2 order by id limit 1", [t.ids.tenantA, other]);
    if (payment) expect((await t.server.request("GET", `/api/property/payments/${payment.id}/actions/refundable`, { token })).status).toBe(404);
    const waiver = await one<{ id: number }>("select id from waivers where tenant_id = $1 and community_id = $2 order by id limit 1", [t.ids.tenantA, other]);
    if (waiver) expect((await t.server.request("POST", `/api/property/waivers/${waiver.id}/actions/reject`, { token, body: { reason: "越权" } })).status).toBe(404);
    // A query naming no community is refused for a limited user.
    expect((await t.server.request("POST", "/api/property/bills/actions/query", { token, body: { pageNo: 1, pageSize: 10 } })).body).toEqual(forbidden);
    expect((await t.server.request("POST", "/api/property/bills/actions/query", { token, body: { communityId: other, pageNo: 1, pageSize: 10 } })).body).toEqual(forbidden);
  });

  it("sees only its community in the payment report and on the global board", async () => {
    const report = await t.server.request("POST", "/api/property/reports/actions/payment", { token, body: { startMonth: "2020-01", endMonth: "2022-12" } });
    expect(report.status).toBe(200);
    const rows = JSON.stringify(report.body.data);
    const everyCommunity = (await t.server.request("POST", "/api/property/reports/actions/payment", { token: t.admin, body: { startMonth: "2020-01", endMonth: "2022-12" } })).body.data;
    expect(rows).not.toContain(`"communityId":${other}`);
    expect(JSON.stringify(everyCommunity).length).toBeGreaterThanOrEqual(rows.length);
    const board = await t.server.request("GET", "/api/management/board/actions/global", { token });
    expect(board.body.data.totals.communities).toBe(1);
    expect(board.body.data.communities.map((c: { communityId: number }) => c.communityId)).toEqual([allowed]);
    const project = await t.server.request("GET", "/api/management/board/actions/project", { token });
    expect(project.body.data.communityId).toBe(allowed);
  });

  it("follows only its own generation runs", async () => {
    const admin = await one<{ id: number }>("select id from users where tenant_id = $1 and username = 'admin'", [t.ids.tenantA]);
    const task = await enqueueTask(t.server.db, { tenantId: t.ids.tenantA, userId: admin.id, type: "billGeneration", name: "他人的账单生成", total: 0, payload: {} });
    expect((await t.server.request("GET", `/api/property/bills/actions/generationTask?id=${task.id}`, { token })).status).toBe(404);
    expect((await t.server.request("GET", `/api/property/bills/actions/generationTask?id=${task.id}`, { token: t.admin })).status).toBe(200);
  });

  it("leaves the main account every community", async () => {
    const board = await t.server.request("GET", "/api/management/board/actions/global", { token: t.admin });
    expect(board.body.data.totals.communities).toBeGreaterThan(1);
    const bills = await t.server.request("POST", "/api/property/bills/actions/query", { token: t.admin, body: { communityId: other, pageNo: 1, pageSize: 10 } });
    expect(bills.status).toBe(200);
  });
});
