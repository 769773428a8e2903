// Masked fields leave the server masked (list, detail, write answers, reference labels); the full
// value of one field is read by a holder of 查看明文 (VIEW_PLAIN_TEXT), and each read is in the
// operation log; an edit that sends the masked value back keeps the stored one.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";

describe.each(backends)("plain view of masked data (%s)", (backend) => {
  const t = useDemoServer(backend);
  let id: number;
  let stored: { name: string; phone: string };
  let clerk: string;

  beforeAll(async () => {
    const { rows } = await t.server.db.query<{ id: number; name: string; phone: string }>(
      "select id, name, phone from inhabitants where tenant_id = $1 and community_id = $2 and phone is not null order by id limit 1",
      [t.ids.tenantA, t.ids.communityA],
    );
    id = Number(rows[0].id);
    stored = { name: rows[0].name, phone: rows[0].phone };
    const role = await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name: "住户管理员", authorities: ["HBL01005"] } });
    await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "clerkplain1", password: "Clerk-Plain-8812", roleId: role.body.data.id } });
    clerk = await t.server.login("clerkplain1", "Clerk-Plain-8812");
  });

  const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

  it("lists and shows masked values only", async () => {
    const list = await t.server.request("POST", "/api/system/inhabitants/actions/pageList", { token: t.admin, body: { pageNo: 1, pageSize: 500, communityId: t.ids.communityA } });
    const row = list.body.data.list.find((r: { id: number }) => r.id === id);
    expect(row.phone).toBe(masked(stored.phone));
    expect(row.name).toBe(`${[...stored.name][0]}**`);
    expect(list.text).not.toContain(stored.phone);
    const detail = await t.server.request("GET", `/api/system/inhabitants/${id}`, { token: t.admin });
    expect(detail.body.data.phone).toBe(masked(stored.phone));
  });

  it("gives the full value to a holder of 查看明文 and logs who read which field of which row", async () => {
    const before = await t.server.count("operation_logs", "action = 'plainText'");
    const r = await t.server.request("POST", `/api/system/inhabitants/${id}/actions/plainText`, { token: t.admin, body: { field: "phone" } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ field: "phone", value: stored.phone });
    expect(await t.server.count("operation_logs", "action = 'plainText'")).toBe(before + 1);
    const { rows } = await t.server.db.query<{ username: string; target_id: string; detail: { field: string }; resource: string }>(
      "select username, target_id, detail, resource from operation_logs where action = 'plainText' order by id desc limit 1",
    );
    expect(rows[0]).toMatchObject({ username: "admin", target_id: String(id), resource: "inhabitants", detail: { field: "phone" } });
  });

  it("refuses the full value to a user without 查看明文 (the 403 marker), and a field that is not masked", async () => {
    const r = await t.server.request("POST", `/api/system/inhabitants/${id}/actions/plainText`, { token: clerk, body: { field: "phone" } });
    expect(r.status).toBe(401);
    expect(r.body.status).toBe(403);
    const notMasked = await t.server.request("POST", `/api/system/inhabitants/${id}/actions/plainText`, { token: t.admin, body: { field: "identity" } });
    expect(notMasked.status).toBe(400);
    expect(notMasked.body.message).toBe("该字段没有脱敏，无需查看明文");
  });

  it("reveals a room's owner phone in the arrears list to a holder of 查看明文, logged; refused without it", async () => {
    const { rows } = await t.server.db.query<{ id: number; room_id: number; phone: string }>(
      "select id, room_id, phone from inhabitants where tenant_id = $1 and identity = 1 and phone is not null and id = (select min(h.id) from inhabitants h where h.tenant_id = $1 and h.room_id = inhabitants.room_id and h.identity = 1) order by id limit 1",
      [t.ids.tenantA],
    );
    const owner = { id: Number(rows[0].id), roomId: Number(rows[0].room_id), phone: rows[0].phone };
    const path = `/api/property/arrears/${owner.roomId}/actions/ownerPhone`;
    const before = await t.server.count("operation_logs", "action = 'plainText'");
    const r = await t.server.request("POST", path, { token: t.admin });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ roomId: owner.roomId, ownerPhone: owner.phone });
    expect(await t.server.count("operation_logs", "action = 'plainText'")).toBe(before + 1);
    const logged = await t.server.db.query<{ target_id: string; resource: string; detail: { field: string; roomId: number } }>(
      "select target_id, resource, detail from operation_logs where action = 'plainText' order by id desc limit 1",
    );
    expect(logged.rows[0]).toMatchObject({ target_id: String(owner.id), resource: "inhabitants", detail: { field: "phone", roomId: owner.roomId } });

    // The arrears code without 查看明文: the 403 marker, nothing logged.
    const role = await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name: "欠费查询员", authorities: ["HBL0701309"] } });
    await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "arrearsread1", password: "Arrears-Read-8812", roleId: role.body.data.id } });
    const reader = await t.server.login("arrearsread1", "Arrears-Read-8812");
    const refused = await t.server.request("POST", path, { token: reader });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ status: 403, message: "您没有该功能模块权限，请联系管理员" });
    expect(await t.server.count("operation_logs", "action = 'plainText'")).toBe(before + 1);
    // Another tenant's room is not found.
    const other = await t.server.request("POST", path, { token: t.admin2 });
    expect(other.status).toBe(404);
  });

  it("keeps the stored value when an edit sends the masked value back, and writes a new one", async () => {
    const same = await t.server.request("PUT", `/api/system/inhabitants/${id}`, { token: t.admin, body: { phone: masked(stored.phone), moveInDate: "2024-05-01" } });
    expect(same.status).toBe(200);
    const after = await t.server.db.query<{ phone: string }>("select phone from inhabitants where id = $1", [id]);
    expect(after.rows[0].phone).toBe(stored.phone);
    const changed = await t.server.request("PUT", `/api/system/inhabitants/${id}`, { token: t.admin, body: { phone: "13900001111" } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.phone).toBe("139****1111");
    expect((await t.server.db.query<{ phone: string }>("select phone from inhabitants where id = $1", [id])).rows[0].phone).toBe("13900001111");
  });
});
