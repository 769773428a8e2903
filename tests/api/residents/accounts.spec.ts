// The staff's list of the residents' accounts (住户账号, residentAppAccounts) and their rooms (房屋绑定,
// residentAppRooms), views over resident_accounts and resident_rooms (src/server/residents/accounts.ts):
// listed with the masked phone and the bound rooms; 解除绑定 ends the resident's reads of that room (a
// phone match does not bind it again); 停用 ends its sessions and refuses its sign-in; 启用 lets it in
// again; a staff user without the code is refused.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useResidentsServer } from "./support.ts";

describe.each(backends)("residents' accounts for staff (%s)", (backend) => {
  const t = useResidentsServer(backend);
  let phone: string;
  let rooms: number[];
  let cookie: string;
  let accountId: number;
  beforeAll(async () => {
    const { rows } = await t.server.db.query<{ phone: string }>("select phone from inhabitants where tenant_id = $1 and identity in (1, 2, 3) order by id desc limit 1", [t.ids.tenantA]);
    phone = rows[0].phone;
    const all = await t.server.db.query<{ room_id: number }>("select distinct room_id from inhabitants where tenant_id = $1 and phone = $2 and identity in (1, 2, 3)", [t.ids.tenantA, phone]);
    rooms = all.rows.map((r) => Number(r.room_id));
    cookie = await t.signIn(phone, "10.6.0.1");
    const account = await t.server.db.query<{ id: number }>("select id from resident_accounts where tenant_id = $1 and phone = $2", [t.ids.tenantA, phone]);
    accountId = Number(account.rows[0].id);
  });

  const list = (body: object, token = t.admin) => t.server.request("POST", "/api/system/residentAppAccounts/actions/pageList", { token, body: { pageNo: 1, pageSize: 20, ...body } });
  const bindings = (residentId: number) => t.server.request("POST", "/api/system/residentAppRooms/actions/pageList", { token: t.admin, body: { pageNo: 1, pageSize: 20, residentId } });

  it("lists the accounts: masked phone, name, bound rooms, last sign-in, created; found by the phone", async () => {
    const r = await list({ keyword: phone });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.list).toHaveLength(1);
    const row = r.body.data.list[0];
    expect(row).toMatchObject({ id: accountId, phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, status: 1 });
    expect(row.lastLoginAt).toBeTruthy();
    expect(row.registeredAt).toBeTruthy();
    const names = await t.server.db.query<{ full_name: string }>("select full_name from rooms where id = any($1::bigint[])", [rooms]);
    for (const { full_name } of names.rows) expect(row.roomNames).toContain(full_name);
    // The filters of the list: by state.
    expect((await list({ status: 2, keyword: phone })).body.data.list).toEqual([]);
    // Tenant B's administrator sees none of tenant A's accounts.
    expect((await list({ keyword: phone }, t.admin2)).body.data.list).toEqual([]);
  });

  it("a staff user without the code is refused, for the list, the bindings and the actions", async () => {
    // The platform's refusal of a missing code: 401 with the 403 marker in the envelope.
    for (const r of [
      await list({}, t.staff),
      await t.server.request("POST", "/api/system/residentAppRooms/actions/pageList", { token: t.staff, body: {} }),
      await t.server.request("POST", `/api/system/residentAppAccounts/${accountId}/actions/disable`, { token: t.staff, body: {} }),
    ]) {
      expect(r.status, r.text).toBe(401);
      expect(r.body.status).toBe(403);
    }
    expect((await t.server.db.query("select status from resident_accounts where id = $1", [accountId])).rows[0]).toEqual({ status: 1 });
    // Read-only: no create, update or delete.
    expect((await t.server.request("POST", "/api/system/residentAppAccounts", { token: t.admin, body: { phone: "13800000000" } })).status).toBe(405);
  });

  it("解除绑定: the resident's bills of that room answer 404, the room leaves its list and a phone match does not bind it again", async () => {
    const before = await bindings(accountId);
    expect(before.status, before.text).toBe(200);
    const binding = before.body.data.list.find((b: { roomId: number }) => b.roomId === rooms[0]);
    expect(binding).toMatchObject({ status: 2, source: 1, roomName: expect.any(String) });
    expect((await t.asResident(cookie, "GET", `/api/h5/rooms/${rooms[0]}/bills`)).status).toBe(200);

    const unbound = await t.server.request("POST", `/api/system/residentAppRooms/${binding.id}/actions/unbind`, { token: t.admin, body: {} });
    expect(unbound.status, unbound.text).toBe(200);
    expect(unbound.body.message).toBe("已解除绑定");
    expect((await t.asResident(cookie, "GET", `/api/h5/rooms/${rooms[0]}/bills`)).status).toBe(404);
    const mine = await t.asResident(cookie, "GET", "/api/h5/rooms");
    expect(mine.body.data.list.map((r: { roomId: number }) => r.roomId)).not.toContain(rooms[0]);
    expect(mine.body.data.requests.map((r: { roomId: number }) => r.roomId)).not.toContain(rooms[0]);
    // Signing in again matches the inhabitant's phone: the room stays unbound.
    const again = await t.signIn(phone, "10.6.0.2");
    expect((await t.asResident(again, "GET", `/api/h5/rooms/${rooms[0]}/bills`)).status).toBe(404);
    expect((await bindings(accountId)).body.data.list.find((b: { id: number }) => b.id === binding.id)).toMatchObject({ status: 4 });
    // Twice: refused with the state named.
    const twice = await t.server.request("POST", `/api/system/residentAppRooms/${binding.id}/actions/unbind`, { token: t.admin, body: {} });
    expect(twice.status).toBe(409);
    // The account's list row no longer names the room.
    const name = await t.server.db.query<{ full_name: string }>("select full_name from rooms where id = $1", [rooms[0]]);
    expect((await list({ keyword: phone })).body.data.list[0].roomNames ?? "").not.toContain(name.rows[0].full_name);
  });

  it("停用: its sessions end and its sign-in is refused with a clear message; 启用 lets it sign in again", async () => {
    const live = await t.signIn(phone, "10.6.1.1");
    const disabled = await t.server.request("POST", `/api/system/residentAppAccounts/${accountId}/actions/disable`, { token: t.admin, body: {} });
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body.message).toBe("已停用");
    expect((await t.asResident(live, "GET", "/api/h5/rooms")).status).toBe(401);
    const { rows } = await t.server.db.query<{ n: number }>("select count(*)::int as n from resident_sessions where resident_id = $1", [accountId]);
    expect(rows[0].n).toBe(0);

    await t.server.db.query("update sms_codes set created_at = created_at - interval '2 minutes' where phone = $1", [phone]);
    expect((await t.sendCode(phone, "10.6.1.2")).status).toBe(200);
    const refused = await t.login(phone, await t.codeFromOutbox(phone), "10.6.1.2");
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 40360, message: "该账号已被物业停用，请联系物业", success: false });
    expect(refused.headers["set-cookie"] ?? "").not.toContain("neptune_resident=");
    expect((await list({ keyword: phone, status: 2 })).body.data.list).toHaveLength(1);

    const enabled = await t.server.request("POST", `/api/system/residentAppAccounts/${accountId}/actions/enable`, { token: t.admin, body: {} });
    expect(enabled.status, enabled.text).toBe(200);
    const back = await t.signIn(phone, "10.6.1.3");
    expect((await t.asResident(back, "GET", "/api/h5/rooms")).status).toBe(200);
  });
});
