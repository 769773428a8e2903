// 公共区域预约: an area is never booked twice for overlapping slots of one date (该时段已被预约),
// whether by a new booking or by moving one; rejected and cancelled bookings free their slot;
// approve / reject / cancel follow the declared flow; tenants stay apart.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useFlowServer } from "./support.ts";

const BASE = "/api/community/communalAreaBookings";
const DATE = "2027-05-01";

describe.each(backends)("communal area bookings (%s)", (backend) => {
  const t = useFlowServer(backend);

  const book = (timeSlot: string, overrides: Record<string, unknown> = {}, token = t.admin) =>
    t.firstId("communal_areas", "community_id = $2 and bookable", [t.ids.communityA]).then((communalAreaId) =>
      t.post(token, BASE, {
        communityId: t.ids.communityA,
        communalAreaId,
        bookingDate: DATE,
        timeSlot,
        bookerName: "预约人",
        phone: "13600000001",
        ...overrides,
      }),
    );

  it("refuses an overlapping slot of the same area and date, accepts touching and other dates", async () => {
    const first = await book("09:00-11:00");
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.status).toBe(1);
    const overlap = await book("10:30-12:00");
    expect(overlap.status).toBe(409);
    expect(overlap.body).toMatchObject({ success: false, code: 40905, message: "该时段已被预约" });
    const inside = await book("09:30-10:00");
    expect(inside.status).toBe(409);
    expect((await book("11:00-12:00")).status).toBe(200); // touching is not overlapping
    expect((await book("09:00-11:00", { bookingDate: "2027-05-02" })).status).toBe(200);
    expect(await t.server.count("communal_area_bookings", "tenant_id = $1 and booking_date = $2", [t.ids.tenantA, DATE])).toBe(2);
  });

  it("checks a moved booking too, and a malformed slot", async () => {
    const r = await book("15:00-16:00");
    expect(r.status, r.text).toBe(200);
    const moved = await t.put(t.admin, `${BASE}/${r.body.data.id}`, { timeSlot: "10:00-15:30" });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe("该时段已被预约");
    expect((await t.get(t.admin, `${BASE}/${r.body.data.id}`)).body.data.timeSlot).toBe("15:00-16:00");
    const bad = await book("16:00-15:00");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("预约时段格式应为 09:00-11:00，且开始时间早于结束时间");
  });

  it("a rejected or cancelled booking frees its slot; the flow refuses illegal steps", async () => {
    const r = await book("18:00-19:00");
    const id = r.body.data.id;
    expect((await book("18:00-19:00")).status).toBe(409);
    const reject = await t.post(t.admin, `${BASE}/${id}/actions/reject`, { rejectReason: "场地维修" });
    expect(reject.body.data).toMatchObject({ status: 3, rejectReason: "场地维修" });
    const again = await book("18:00-19:00");
    expect(again.status).toBe(200);
    expect((await t.post(t.admin, `${BASE}/${again.body.data.id}/actions/approve`)).body.data.status).toBe(2);
    expect((await t.post(t.admin, `${BASE}/${again.body.data.id}/actions/approve`)).body.message).toBe("当前状态为“已预约”，不能通过");
    expect((await t.post(t.admin, `${BASE}/${again.body.data.id}/actions/cancel`)).body.data.status).toBe(4);
    expect((await book("18:30-19:30")).status).toBe(200);
  });

  it("another tenant's bookings never conflict and cannot be acted on", async () => {
    const r = await book("20:00-21:00");
    const foreignArea = await t.firstId("communal_areas", "community_id = $2", [t.ids.communityB], t.ids.tenantB);
    const other = await t.post(t.admin2, BASE, {
      communityId: t.ids.communityB,
      communalAreaId: foreignArea,
      bookingDate: DATE,
      timeSlot: "20:00-21:00",
      bookerName: "乙方",
      phone: "13600000002",
    });
    expect(other.status, other.text).toBe(200);
    expect((await t.post(t.admin2, `${BASE}/${r.body.data.id}/actions/cancel`)).status).toBe(404);
    // Tenant A cannot book tenant B's area.
    const cross = await book("07:00-08:00", { communalAreaId: foreignArea });
    expect(cross.status).toBe(400);
  });
});
