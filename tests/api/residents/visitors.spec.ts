// Visitor passes of the residents' app (src/server/residents/visitors.ts): a pass for a bound room is
// a row of 访客 in the room's community (source 住户端) with an 8-digit code and the visit day's
// validity; another room answers 404; staff find it by the code and 登记到访; the resident lists and
// cancels its own; at most 20 valid passes.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { chinaDay } from "../../../src/common/china-time.ts";
import { useResidentsServer } from "./support.ts";

const DAY = 24 * 3600_000;
const inDays = (n: number) => chinaDay(new Date(Date.now() + n * DAY));

describe.each(backends)("visitor passes (%s)", (backend) => {
  const t = useResidentsServer(backend);
  /** A resident bound by match (an inhabitant's phone) and one of its rooms. */
  let phone: string;
  let roomId: number;
  let communityId: number;
  let cookie: string;
  beforeAll(async () => {
    const { rows } = await t.server.db.query<{ phone: string; room_id: number; community_id: number }>(
      `select i.phone, i.room_id, r.community_id from inhabitants i join rooms r on r.tenant_id = i.tenant_id and r.id = i.room_id
        where i.tenant_id = $1 and i.identity in (1, 2, 3) order by i.id limit 1`,
      [t.ids.tenantA],
    );
    ({ phone } = rows[0]);
    roomId = Number(rows[0].room_id);
    communityId = Number(rows[0].community_id);
    cookie = await t.signIn(phone, "10.7.0.1");
  });

  it("makes a pass for a bound room: code, the visit day's validity, a row of 访客 that staff find by the code and mark arrived", async () => {
    const r = await t.asResident(cookie, "POST", "/api/h5/visitorPasses", { roomId, visitorName: "赵访客", visitorPhone: "13900001111", carNumber: "浙a12345", visitDate: inDays(1) });
    expect(r.status, r.text).toBe(200);
    const pass = r.body.data;
    expect(pass).toMatchObject({ roomId, visitorName: "赵访客", visitorPhone: "13900001111", carNumber: "浙A12345", state: 1, communityName: expect.any(String) });
    expect(pass.passCode).toMatch(/^\d{8}$/);
    expect(new Date(pass.validFrom).toISOString()).toBe(new Date(`${inDays(1)}T00:00:00+08:00`).toISOString());
    expect(new Date(pass.validTo).getTime() - new Date(pass.validFrom).getTime()).toBe(DAY);

    // Staff: the row in 访客 of the room's community, found by the keyword (the code), with the code and validity.
    const found = await t.server.request("POST", "/api/visitor/visitors/actions/pageList", { token: t.admin, body: { pageNo: 1, pageSize: 10, communityId, keyword: pass.passCode } });
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.list).toHaveLength(1);
    const row = found.body.data.list[0];
    expect(row).toMatchObject({ id: pass.id, passCode: pass.passCode, roomId, source: 2, status: 1, communityId, inviterPhone: expect.stringContaining("****") });
    expect(row.validTo).toBeTruthy();
    expect(row.name).not.toBe("赵访客"); // masked like every visitor's name

    // 登记到访: the pass is used.
    const arrived = await t.server.request("POST", `/api/visitor/visitors/${pass.id}/actions/arrive`, { token: t.admin, body: {} });
    expect(arrived.status, arrived.text).toBe(200);
    const mine = await t.asResident(cookie, "GET", "/api/h5/visitorPasses");
    expect(mine.body.data.list.find((p: { id: number }) => p.id === pass.id)).toMatchObject({ state: 2 });
    const cancelUsed = await t.asResident(cookie, "POST", `/api/h5/visitorPasses/${pass.id}/actions/cancel`);
    expect(cancelUsed.status).toBe(409);
    expect(cancelUsed.body).toMatchObject({ code: 40961, message: "该通行证已使用、已取消或已过期" });
  });

  it("refuses another room (404), a room of another tenant (404), a day out of range and a bad input", async () => {
    const { rows } = await t.server.db.query<{ id: number }>(
      "select id from rooms where tenant_id = $1 and not exists (select 1 from resident_rooms rr where rr.room_id = rooms.id and rr.status = 2) order by id limit 1",
      [t.ids.tenantA],
    );
    for (const other of [Number(rows[0].id), t.ids.roomB]) {
      const r = await t.asResident(cookie, "POST", "/api/h5/visitorPasses", { roomId: other, visitorName: "钱访客", visitDate: inDays(0) });
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 404, message: "数据不存在或已被删除" });
    }
    for (const visitDate of [inDays(-1), inDays(8), "2026-02-30"]) {
      const r = await t.asResident(cookie, "POST", "/api/h5/visitorPasses", { roomId, visitorName: "钱访客", visitDate });
      expect(r.status, `${visitDate}: ${r.text}`).toBe(400);
    }
    expect((await t.asResident(cookie, "POST", "/api/h5/visitorPasses", { roomId, visitorName: "钱访客", visitDate: inDays(7) })).status).toBe(200);
    const plate = await t.asResident(cookie, "POST", "/api/h5/visitorPasses", { roomId, visitorName: "钱访客", visitDate: inDays(0), carNumber: "浙A-1234<" });
    expect(plate.status).toBe(400);
    expect(plate.body.message).toContain("车牌号");
    // No session: 401.
    expect((await t.asResident(null, "GET", "/api/h5/visitorPasses")).status).toBe(401);
  });

  it("lists its own passes newest first, cancels one; another resident neither sees nor cancels it", async () => {
    const made = await t.asResident(cookie, "POST", "/api/h5/visitorPasses", { roomId, visitorName: "孙访客", visitDate: inDays(0) });
    const id = made.body.data.id as number;
    const list = await t.asResident(cookie, "GET", "/api/h5/visitorPasses");
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.list[0]).toMatchObject({ id, state: 1 });

    const stranger = await t.signIn("13700000301", "10.7.1.1");
    expect((await t.asResident(stranger, "GET", "/api/h5/visitorPasses")).body.data.list).toEqual([]);
    expect((await t.asResident(stranger, "POST", `/api/h5/visitorPasses/${id}/actions/cancel`)).status).toBe(404);

    const cancelled = await t.asResident(cookie, "POST", `/api/h5/visitorPasses/${id}/actions/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ message: "已取消通行证", data: { id, state: 3 } });
    const staff = await t.server.request("GET", `/api/visitor/visitors/${id}`, { token: t.admin });
    expect(staff.body.data.status).toBe(3);

    // Expired: valid_to passed while waiting.
    const old = await t.asResident(cookie, "POST", "/api/h5/visitorPasses", { roomId, visitorName: "周访客", visitDate: inDays(0) });
    await t.server.db.query("update visitors set valid_from = now() - interval '2 days', valid_to = now() - interval '1 day' where id = $1", [old.body.data.id]);
    const after = await t.asResident(cookie, "GET", "/api/h5/visitorPasses");
    expect(after.body.data.list.find((p: { id: number }) => p.id === old.body.data.id)).toMatchObject({ state: 4 });
  });

  it("at most 20 valid passes per resident, said in the message; cancelling one makes room", async () => {
    await t.server.db.query("update visitors set status = 3 where resident_id is not null");
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await t.asResident(cookie, "POST", "/api/h5/visitorPasses", { roomId, visitorName: `访客${"甲乙丙丁戊己庚辛壬癸"[i % 10]}`, visitDate: inDays(i % 8) });
      expect(r.status, r.text).toBe(200);
      ids.push(r.body.data.id);
    }
    const codes = await t.server.db.query<{ n: number }>("select count(distinct pass_code)::int as n from visitors where id = any($1::bigint[])", [ids]);
    expect(codes.rows[0].n).toBe(20);
    const over = await t.asResident(cookie, "POST", "/api/h5/visitorPasses", { roomId, visitorName: "多余访客", visitDate: inDays(0) });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 40960, message: "有效的访客通行证最多20张，请先取消不再需要的" });
    expect((await t.asResident(cookie, "POST", `/api/h5/visitorPasses/${ids[0]}/actions/cancel`)).status).toBe(200);
    expect((await t.asResident(cookie, "POST", "/api/h5/visitorPasses", { roomId, visitorName: "多余访客", visitDate: inDays(0) })).status).toBe(200);
  });
});
