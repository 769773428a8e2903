// Generic create / update / delete: validation before any write (exact Chinese messages), unique and
// foreign-key errors, optimistic version, partial update, read-only resources, operation log.
import { describe, expect, it } from "vitest";
import { backends } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";

describe.each(backends)("generic writes (%s)", (backend) => {
  const t = useDemoServer(backend);

  it("refuses a community named a$ with 400 内容不能含有特殊字符 and writes nothing", async () => {
    const communities = await t.server.count("communities");
    const logs = await t.server.count("operation_logs");
    const r = await t.server.request("POST", "/api/system/communities", { token: t.admin, body: { name: "a$", areaId: t.ids.areaA } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 40001, message: "内容不能含有特殊字符", data: { errors: [{ field: "name", message: "内容不能含有特殊字符" }] }, success: false });
    expect(await t.server.count("communities")).toBe(communities);
    expect(await t.server.count("operation_logs")).toBe(logs);
  });

  it("refuses a missing required name with its message", async () => {
    const before = await t.server.count("communities");
    const r = await t.server.request("POST", "/api/system/communities", { token: t.admin, body: { areaId: t.ids.areaA } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(40001);
    expect(r.body.message).toBe("请输入社区名称");
    const empty = await t.server.request("PUT", `/api/system/communities/${t.ids.communityA}`, { token: t.admin, body: { name: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("请输入社区名称");
    expect(await t.server.count("communities")).toBe(before);
  });

  it("refuses a community-scoped row without communityId", async () => {
    const r = await t.server.request("POST", "/api/system/buildings", { token: t.admin, body: { name: "9栋" } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 40001, message: "请选择社区" });
  });

  it("creates, reads, partially updates and deletes, with an operation log row for each write", async () => {
    const logs = await t.server.count("operation_logs", "resource = 'communities'");
    const created = await t.server.request("POST", "/api/system/communities", {
      token: t.admin,
      body: { name: "测试社区", areaId: t.ids.areaA, address: "测试路1号", longitude: "120.100000", totalArea: 1234.5 },
    });
    expect(created.status).toBe(200);
    const row = created.body.data;
    expect(row).toMatchObject({ name: "测试社区", areaId: t.ids.areaA, address: "测试路1号", longitude: "120.100000", totalArea: "1234.50", version: 1, tenantId: t.ids.tenantA });
    expect(typeof row.id).toBe("number");
    expect(row.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row.areaIdLabel).toBeTypeOf("string");

    const got = await t.server.request("GET", `/api/system/communities/${row.id}`, { token: t.admin });
    expect(got.body.data).toEqual(row);

    const updated = await t.server.request("PUT", `/api/system/communities/${row.id}`, { token: t.admin, body: { address: "测试路2号", id: 1, createdAt: "x" } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: row.id, name: "测试社区", address: "测试路2号", totalArea: "1234.50", version: 2 });

    const deleted = await t.server.request("DELETE", `/api/system/communities/${row.id}`, { token: t.admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ code: 0, success: true, data: { ids: [row.id] } });
    expect((await t.server.request("GET", `/api/system/communities/${row.id}`, { token: t.admin })).status).toBe(404);
    expect((await t.server.request("DELETE", `/api/system/communities/${row.id}`, { token: t.admin })).status).toBe(404);

    const actions = (
      await t.server.db.query<{ action: string; target_id: string; username: string }>(
        "select action, target_id, username from operation_logs where resource = 'communities' and target_id = $1 order by id",
        [String(row.id)],
      )
    ).rows;
    expect(actions.map((a) => a.action)).toEqual(["create", "update", "delete"]);
    expect(actions.every((a) => a.username === "admin")).toBe(true);
    expect(await t.server.count("operation_logs", "resource = 'communities'")).toBe(logs + 3);
  });

  it("answers 409 DUPLICATE for a unique value taken in the tenant", async () => {
    const name = (await t.server.db.query<{ name: string }>("select name from communities where id = $1", [t.ids.communityA])).rows[0].name;
    const r = await t.server.request("POST", "/api/system/communities", { token: t.admin, body: { name, areaId: t.ids.areaA } });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ code: 40901, message: "数据已存在，请勿重复添加", data: null, success: false });
    // The same name in another tenant is fine.
    const other = await t.server.request("POST", "/api/system/communities", { token: t.admin2, body: { name, areaId: t.ids.areaB } });
    expect(other.status).toBe(200);
  });

  it("answers 409 REFERENCED when deleting a row still in use, and keeps it", async () => {
    const r = await t.server.request("DELETE", `/api/system/communities/${t.ids.communityA}`, { token: t.admin });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 40903, message: "数据正在被使用，不能删除" });
    expect(await t.server.count("communities", "id = $1", [t.ids.communityA])).toBe(1);
  });

  it("checks the optimistic version when the body carries one (409 CONFLICT when stale)", async () => {
    const created = await t.server.request("POST", "/api/system/areas", { token: t.admin, body: { name: "版本区域" } });
    const id = created.body.data.id;
    const first = await t.server.request("PUT", `/api/system/areas/${id}`, { token: t.admin, body: { name: "版本区域一", version: 1 } });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(2);
    const stale = await t.server.request("PUT", `/api/system/areas/${id}`, { token: t.admin, body: { name: "版本区域二", version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 40902, message: "数据已被他人修改，请刷新后重试" });
    expect((await t.server.request("GET", `/api/system/areas/${id}`, { token: t.admin })).body.data.name).toBe("版本区域一");
  });

  it("refuses writes to a read-only resource (operation logs)", async () => {
    const before = await t.server.count("operation_logs");
    const r = await t.server.request("POST", "/api/management/operationLogs", { token: t.admin, body: { username: "x" } });
    expect(r.status).toBe(405);
    expect(r.body.success).toBe(false);
    const logId = (await t.server.db.query<{ id: number }>("select id from operation_logs order by id limit 1")).rows[0].id;
    expect((await t.server.request("DELETE", `/api/management/operationLogs/${logId}`, { token: t.admin })).status).toBe(405);
    expect(await t.server.count("operation_logs")).toBe(before);
  });

  it("never returns secret fields", async () => {
    const r = await t.server.request("POST", "/api/system/users/actions/pageList", { token: t.admin, body: { pageSize: 100 } });
    expect(r.status).toBe(200);
    for (const u of r.body.data.list) expect(u).not.toHaveProperty("passwordHash");
    expect(r.text).not.toContain("scrypt$");
  });

  it("keeps concurrent writes apart: a failing transaction does not undo or absorb the others", async () => {
    const before = await t.server.count("areas");
    const calls = Array.from({ length: 12 }, (_, i) =>
      i % 4 === 3
        ? t.server.request("POST", "/api/system/communities", { token: t.admin, body: { name: `并发坏社区${i}`, areaId: 999999 } })
        : t.server.request("POST", "/api/system/areas", { token: t.admin, body: { name: `并发区域${i}` } }),
    );
    const replies = await Promise.all(calls);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(9);
    expect(replies.filter((r) => r.status === 400)).toHaveLength(3);
    expect(await t.server.count("areas")).toBe(before + 9);
    expect(await t.server.count("communities", "name like '并发坏社区%'")).toBe(0);
  });

  it("batch-deletes all or nothing", async () => {
    const a = (await t.server.request("POST", "/api/system/areas", { token: t.admin, body: { name: "批量一" } })).body.data.id;
    const b = (await t.server.request("POST", "/api/system/areas", { token: t.admin, body: { name: "批量二" } })).body.data.id;
    const missing = await t.server.request("DELETE", "/api/system/areas/actions/batchDelete", { token: t.admin, body: { ids: [a, b, 987654321] } });
    expect(missing.status).toBe(404);
    expect(await t.server.count("areas", "id = any($1::bigint[])", [[a, b]])).toBe(2);
    const bad = await t.server.request("DELETE", "/api/system/areas/actions/batchDelete", { token: t.admin, body: { ids: [] } });
    expect(bad.status).toBe(400);
    const done = await t.server.request("DELETE", "/api/system/areas/actions/batchDelete", { token: t.admin, body: { ids: [a, String(b)] } });
    expect(done.status).toBe(200);
    expect(done.body.data.ids).toEqual([a, b]);
    expect(await t.server.count("areas", "id = any($1::bigint[])", [[a, b]])).toBe(0);
    expect(await t.server.count("operation_logs", "resource = 'areas' and action = 'delete' and target_id = any($1::text[])", [[String(a), String(b)]])).toBe(2);
  });
});
