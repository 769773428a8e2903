// A resident's rooms (src/server/residents/bindings.ts): bound by a matching inhabitant at sign-in,
// or by a request staff approve in 入住审核; refused otherwise. Its reads (bills, notices) cover its
// bound rooms only: another room's bills answer 404 as if the room did not exist.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useResidentsServer } from "./support.ts";

const NOT_FOUND = { code: 404, message: "数据不存在或已被删除", data: null, success: false };

describe.each(backends)("residents' rooms, bills and notices (%s)", (backend) => {
  const t = useResidentsServer(backend);
  /** An inhabitant (业主, 家属 or 租客) of tenant A whose room has approved bills: its phone and rooms. */
  let matched: { phone: string; rooms: number[]; billRoom: number };
  beforeAll(async () => {
    const { rows } = await t.server.db.query<{ phone: string; room_id: number }>(
      `select i.phone, i.room_id from inhabitants i
        where i.tenant_id = $1 and i.identity in (1, 2, 3) and exists (select 1 from bills b where b.tenant_id = i.tenant_id and b.room_id = i.room_id and b.status = 2)
        order by i.id limit 1`,
      [t.ids.tenantA],
    );
    const phone = rows[0].phone;
    const all = await t.server.db.query<{ room_id: number }>("select distinct room_id from inhabitants where tenant_id = $1 and phone = $2 and identity in (1, 2, 3)", [t.ids.tenantA, phone]);
    matched = { phone, rooms: all.rows.map((r) => Number(r.room_id)).sort((a, b) => a - b), billRoom: Number(rows[0].room_id) };
  });

  it("binds by match: a phone of an inhabitant gets that inhabitant's rooms at sign-in, and reads their bills in yuan text", async () => {
    const cookie = await t.signIn(matched.phone, "10.8.0.1");
    const rooms = await t.asResident(cookie, "GET", "/api/h5/rooms");
    expect(rooms.status, rooms.text).toBe(200);
    expect(rooms.body.data.list.map((r: { roomId: number }) => r.roomId).sort((a: number, b: number) => a - b)).toEqual(matched.rooms);
    expect(rooms.body.data.list[0]).toMatchObject({ status: 2, communityName: expect.any(String) });
    expect(rooms.body.data.requests).toEqual([]);

    const bills = await t.asResident(cookie, "GET", `/api/h5/rooms/${matched.billRoom}/bills`);
    expect(bills.status, bills.text).toBe(200);
    expect(bills.body.data.list.length).toBeGreaterThan(0);
    for (const b of bills.body.data.list) {
      expect(b.amountDue).toMatch(/^-?\d+\.\d{2}$/);
      expect(b.amountOwed).toMatch(/^-?\d+\.\d{2}$/);
      expect([2, 4, 5]).toContain(b.status);
    }
    expect(bills.body.data.totalOwed).toMatch(/^\d+\.\d{2}$/);
    const { rows } = await t.server.db.query<{ n: number }>("select count(*)::int as n from bills where tenant_id = $1 and room_id = $2 and status in (2, 4, 5)", [t.ids.tenantA, matched.billRoom]);
    expect(bills.body.data.list).toHaveLength(rows[0].n);
  });

  it("another room's bills by id answer 404: a room of the tenant not bound, and a room of another tenant", async () => {
    const cookie = await t.signIn(matched.phone, "10.8.1.1");
    const { rows } = await t.server.db.query<{ id: number }>("select id from rooms where tenant_id = $1 and not (id = any($2::bigint[])) order by id limit 1", [t.ids.tenantA, matched.rooms]);
    for (const roomId of [Number(rows[0].id), t.ids.roomB, 999_999_999]) {
      const r = await t.asResident(cookie, "GET", `/api/h5/rooms/${roomId}/bills`);
      expect(r.status).toBe(404);
      expect(r.body).toEqual(NOT_FOUND);
    }
  });

  it("binds by request: name and room make a pending 入住审核 order; staff approve it and the room is bound", async () => {
    await t.server.db.query("update rooms set max_residents = 100 where tenant_id = $1 and id = $2", [t.ids.tenantA, t.ids.roomA]);
    const cookie = await t.signIn("13700000201", "10.8.2.1");
    expect((await t.asResident(cookie, "GET", "/api/h5/rooms")).body.data).toEqual({ list: [], requests: [] });
    const asked = await t.asResident(cookie, "POST", "/api/h5/rooms/actions/requestBinding", { name: "王小明", roomId: t.ids.roomA, identity: 3 });
    expect(asked.status, asked.text).toBe(200);
    const orderId = asked.body.data.auditOrderId as number;
    expect(asked.body.data.status).toBe(1);
    // Asked twice: refused while pending.
    const twice = await t.asResident(cookie, "POST", "/api/h5/rooms/actions/requestBinding", { name: "王小明", roomId: t.ids.roomA });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 40932, message: "该房屋已绑定或正在审核中" });
    // Staff see the order in 入住审核, pending.
    const order = await t.server.request("GET", `/api/system/roomAuditOrders/${orderId}`, { token: t.admin });
    expect(order.body.data).toMatchObject({ applicantName: "王**", phone: "137****0201", roomId: t.ids.roomA, identity: 3, status: 1, communityId: t.ids.communityA });
    const stored = await t.server.db.query("select applicant_name, phone from room_audit_orders where tenant_id = $1 and id = $2", [t.ids.tenantA, orderId]);
    expect(stored.rows[0]).toEqual({ applicant_name: "王小明", phone: "13700000201" });
    // Pending: no room yet, its bills are not the resident's.
    const pending = await t.asResident(cookie, "GET", "/api/h5/rooms");
    expect(pending.body.data.list).toEqual([]);
    expect(pending.body.data.requests).toMatchObject([{ roomId: t.ids.roomA, status: 1 }]);
    expect((await t.asResident(cookie, "GET", `/api/h5/rooms/${t.ids.roomA}/bills`)).status).toBe(404);

    const approved = await t.server.request("POST", `/api/system/roomAuditOrders/${orderId}/actions/approve`, { token: t.admin, body: {} });
    expect(approved.status, approved.text).toBe(200);
    const bound = await t.asResident(cookie, "GET", "/api/h5/rooms");
    expect(bound.body.data.list).toMatchObject([{ roomId: t.ids.roomA, status: 2 }]);
    expect(bound.body.data.requests).toEqual([]);
    expect((await t.asResident(cookie, "GET", `/api/h5/rooms/${t.ids.roomA}/bills`)).status).toBe(200);
  });

  it("the binding request's picker: the tenant's communities, then rooms found by part of their name; another tenant's community is not found", async () => {
    const cookie = await t.signIn("13700000203", "10.8.4.1");
    const communities = await t.asResident(cookie, "GET", "/api/h5/binding/communities");
    expect(communities.status, communities.text).toBe(200);
    const mine = await t.server.db.query<{ id: string; name: string }>("select id, name from communities where tenant_id = $1 order by name, id", [t.ids.tenantA]);
    expect(communities.body.data.list).toEqual(mine.rows.map((r) => ({ id: Number(r.id), name: r.name })));
    const { rows } = await t.server.db.query<{ full_name: string }>("select full_name from rooms where tenant_id = $1 and id = $2", [t.ids.tenantA, t.ids.roomA]);
    const found = await t.asResident(cookie, "GET", `/api/h5/binding/rooms?communityId=${t.ids.communityA}&keyword=${encodeURIComponent(rows[0].full_name)}`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.list).toContainEqual({ id: t.ids.roomA, name: rows[0].full_name });
    expect(found.body.data.list.length).toBeLessThanOrEqual(20);
    // A wildcard is a character like any other.
    const literal = await t.asResident(cookie, "GET", `/api/h5/binding/rooms?communityId=${t.ids.communityA}&keyword=%25`);
    expect(literal.body.data.list).toEqual([]);
    const other = await t.asResident(cookie, "GET", `/api/h5/binding/rooms?communityId=${t.ids.communityB}&keyword=1`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(NOT_FOUND);
    const noKeyword = await t.asResident(cookie, "GET", `/api/h5/binding/rooms?communityId=${t.ids.communityA}`);
    expect(noKeyword.status).toBe(400);
    // Staff are not residents.
    expect((await t.server.request("GET", "/api/h5/binding/communities", { token: t.admin })).status).toBe(401);
  });

  it("refused: no match and no request gives no room; a rejected request binds nothing", async () => {
    const cookie = await t.signIn("13700000202", "10.8.3.1");
    const login = await t.asResident(cookie, "GET", "/api/h5/rooms");
    expect(login.body.data).toEqual({ list: [], requests: [] });
    expect((await t.asResident(cookie, "GET", `/api/h5/rooms/${t.ids.roomA}/bills`)).status).toBe(404);
    expect((await t.asResident(cookie, "GET", "/api/h5/notices")).body.data.list).toEqual([]);

    const asked = await t.asResident(cookie, "POST", "/api/h5/rooms/actions/requestBinding", { name: "李四", roomId: t.ids.roomA });
    const rejected = await t.server.request("POST", `/api/system/roomAuditOrders/${asked.body.data.auditOrderId}/actions/reject`, { token: t.admin, body: { rejectReason: "资料不全" } });
    expect(rejected.status, rejected.text).toBe(200);
    const after = await t.asResident(cookie, "GET", "/api/h5/rooms");
    expect(after.body.data.list).toEqual([]);
    expect(after.body.data.requests).toMatchObject([{ roomId: t.ids.roomA, status: 3 }]);
    expect((await t.asResident(cookie, "GET", `/api/h5/rooms/${t.ids.roomA}/bills`)).status).toBe(404);
    // A room of another tenant cannot even be asked for.
    const foreign = await t.asResident(cookie, "POST", "/api/h5/rooms/actions/requestBinding", { name: "李四", roomId: t.ids.roomB });
    expect(foreign.status).toBe(404);
  });

  it("notices: the ones published to the app of its bound rooms' communities, not drafts, not staff-only ones, not another room's", async () => {
    const community = await t.server.db.query<{ community_id: number }>("select community_id from rooms where tenant_id = $1 and id = $2", [t.ids.tenantA, matched.billRoom]);
    const communityId = Number(community.rows[0].community_id);
    const other = await t.server.db.query<{ id: number }>("select id from rooms where tenant_id = $1 and community_id = $2 and not (id = any($3::bigint[])) order by id limit 1", [
      t.ids.tenantA,
      communityId,
      matched.rooms,
    ]);
    const insert = (title: string, status: number, roomId: number | null, toResidents = true) =>
      t.server.db.query(
        "insert into notices (tenant_id, community_id, title, notice_type, room_id, content, publish_status, publish_time, to_residents) values ($1, $2, $3, 1, $4, '内容', $5, now(), $6)",
        [t.ids.tenantA, communityId, title, roomId, status, toResidents],
      );
    await insert("住户端全体公告", 1, null);
    await insert("住户端草稿公告", 0, null);
    await insert("住户端本户公告", 1, matched.billRoom);
    await insert("物业内部公告", 1, null, false);
    if (other.rows[0]) await insert("住户端他户公告", 1, Number(other.rows[0].id));
    const cookie = await t.signIn(matched.phone, "10.8.4.1");
    const r = await t.asResident(cookie, "GET", "/api/h5/notices");
    expect(r.status, r.text).toBe(200);
    const titles = r.body.data.list.map((n: { title: string }) => n.title);
    expect(titles).toEqual(expect.arrayContaining(["住户端全体公告", "住户端本户公告"]));
    expect(titles).not.toContain("住户端草稿公告");
    expect(titles, "a notice not published to the residents' app").not.toContain("物业内部公告");
    expect(titles).not.toContain("住户端他户公告");
  });
});
