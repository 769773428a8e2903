// Meter readings from the residents' app (src/server/residents/meters.ts): a bound room's own meters
// with the month's reading; a reading sent inside the community's window is settled as an entered
// one and waits for staff; outside the window, after approval, for a stopped meter or another room
// it is refused with the server's message.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useResidentsServer } from "./support.ts";
import { chinaDay } from "../../../src/common/china-time.ts";

describe.each(backends)("residents' meter readings (%s)", (backend) => {
  const t = useResidentsServer(backend);
  let phone: string;
  let roomId: number;
  let communityId: number;
  let meterId: number;
  let cookie: string;
  const period = chinaDay().slice(0, 7);
  const staff = (method: "GET" | "POST", url: string, body?: unknown) => t.server.request(method, url, { token: t.admin, body });
  const openFrom = async (day: number) => {
    const r = await staff("POST", "/api/property/paymentSettings/actions/save", { communityId, section: "other", residentReadingFromDay: day });
    expect(r.status, r.text).toBe(200);
  };

  beforeAll(async () => {
    const { rows } = await t.server.db.query<{ phone: string; room_id: number; community_id: number }>(
      `select i.phone, i.room_id, r.community_id from inhabitants i join rooms r on r.tenant_id = i.tenant_id and r.id = i.room_id
        where i.tenant_id = $1 and i.identity = 1 order by i.id desc limit 1`,
      [t.ids.tenantA],
    );
    ({ phone } = rows[0]);
    roomId = Number(rows[0].room_id);
    communityId = Number(rows[0].community_id);
    const types = await staff("POST", "/api/property/meterTypes/actions/pageList", { name: "电", pageSize: 50 });
    const electricity = (types.body.data.list as { id: number; name: string }[]).find((m) => m.name === "电")!.id;
    const made = await staff("POST", "/api/property/meters", {
      communityId,
      meterNo: `E${roomId}`,
      meterTypeId: electricity,
      scopeKind: 1,
      roomId,
      multiplier: "1",
      initialReading: "1000",
      status: 1,
    });
    expect(made.status, made.text).toBe(200);
    meterId = made.body.data.id;
    cookie = await t.signIn(phone, "10.9.7.1");
  });

  it("lists the room's meters with the last reading; a reading sent in the window waits for staff, settled, and can be sent again until approved", async () => {
    await openFrom(1);
    const listed = await t.asResident(cookie, "GET", `/api/h5/rooms/${roomId}/meters`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data).toMatchObject({ period, open: true, window: "每月1日至月底可提交本月读数" });
    expect(listed.body.data.list).toContainEqual({ meterId, meterNo: `E${roomId}`, typeName: "电", unit: "度", lastReading: "1000.00", reading: null });

    const sent = await t.asResident(cookie, "POST", `/api/h5/rooms/${roomId}/meters/${meterId}/reading`, { currentReading: "1012.5" });
    expect(sent.status, sent.text).toBe(200);
    const id = sent.body.data.id as number;
    const again = await t.asResident(cookie, "POST", `/api/h5/rooms/${roomId}/meters/${meterId}/reading`, { currentReading: "1013.25" });
    expect(again.body.data).toEqual({ id, status: 1 });
    // Staff see it 待审核, settled from the initial reading.
    const reading = await staff("GET", `/api/property/meterReadings/${id}`);
    expect(reading.body.data).toMatchObject({ meterId, period, previousReading: "1000.00", currentReading: "1013.25", usage: "13.2500", status: 1, roomId });
    await staff("POST", "/api/property/meterReadings/actions/approveBatch", { ids: [id] });
    const approved = await t.asResident(cookie, "POST", `/api/h5/rooms/${roomId}/meters/${meterId}/reading`, { currentReading: "1014" });
    expect(approved.status).toBe(409);
    expect(approved.body).toMatchObject({ code: 40988, message: "本月读数已由物业审核，如需更正请联系物业" });
    expect((await t.asResident(cookie, "GET", `/api/h5/rooms/${roomId}/meters`)).body.data.list).toContainEqual(
      expect.objectContaining({ meterId, reading: { currentReading: "1013.25", status: 2 } }),
    );
  });

  it("refuses outside the window, a bad reading, a meter of another room and a room not bound", async () => {
    await openFrom(0);
    const closed = await t.asResident(cookie, "POST", `/api/h5/rooms/${roomId}/meters/${meterId}/reading`, { currentReading: "1" });
    expect(closed.body).toMatchObject({ code: 40987, message: "物业未开放住户自助抄表" });
    expect((await t.asResident(cookie, "GET", `/api/h5/rooms/${roomId}/meters`)).body.data).toMatchObject({ open: false, window: "物业未开放住户自助抄表" });
    const day = Number(chinaDay().slice(8, 10));
    if (day < 28) {
      await openFrom(day + 1);
      const early = await t.asResident(cookie, "POST", `/api/h5/rooms/${roomId}/meters/${meterId}/reading`, { currentReading: "1" });
      expect(early.body).toMatchObject({ code: 40987, message: `每月${day + 1}日至月底可提交本月读数` });
    }
    await openFrom(1);
    const bad = await t.asResident(cookie, "POST", `/api/h5/rooms/${roomId}/meters/${meterId}/reading`, { currentReading: "-3" });
    expect(bad.status).toBe(400);
    const other = await t.server.db.query<{ id: number }>("select id from rooms where tenant_id = $1 and community_id = $2 and id <> $3 order by id limit 1", [t.ids.tenantA, communityId, roomId]);
    const otherRoom = Number(other.rows[0].id);
    expect((await t.asResident(cookie, "GET", `/api/h5/rooms/${otherRoom}/meters`)).status).toBe(404);
    expect((await t.asResident(cookie, "POST", `/api/h5/rooms/${otherRoom}/meters/${meterId}/reading`, { currentReading: "1" })).status).toBe(404);
    // A staff session is no resident.
    expect((await staff("GET", `/api/h5/rooms/${roomId}/meters`)).status).toBe(401);
  });
});
