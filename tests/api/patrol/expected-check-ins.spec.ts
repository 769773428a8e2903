// 巡更完成情况 (POST {property}/patrolRecords/actions/checkIns, HBL20007): a plan expects each point of
// its route once per shift window of its arrangement on each of its days; a record of the point
// within the window (ingested or a manual 打卡) makes it 已巡, none by the window's end 漏检, before
// that 待巡. A record outside the window counts for nothing. Community and tenant come from the
// session; bad input is a 400 with its Chinese message.
import { beforeAll, describe, expect, it } from "vitest";
import { chinaDaysAgo } from "../../../src/common/china-time.ts";
import { backends } from "../support/server.ts";
import { useFlowServer } from "../flows/support.ts";

const URL = "/api/property/patrolRecords/actions/checkIns";
const RECORDS = "/api/property/patrolRecords";
/** China wall-clock time on a day as the instant ("2025-03-03", "09:30" → 2025-03-03T01:30:00.000Z). */
const china = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00+08:00`)).toISOString();

describe.each(backends)("patrol expected check-ins (%s)", (backend) => {
  const t = useFlowServer(backend);
  let east: number;
  let west: number;
  let planId: number;
  let otherPlanId: number;
  let guardId: number;

  const create = async (path: string, body: Record<string, unknown>) => {
    const r = await t.post(t.admin, `/api/property/${path}`, { communityId: t.ids.communityA, patrolType: 1, ...body });
    expect(r.status, r.text).toBe(200);
    return r.body.data.id as number;
  };
  const query = (body: Record<string, unknown>, token = t.admin) => t.post(token, URL, { communityId: t.ids.communityA, ...body });

  beforeAll(async () => {
    guardId = await t.firstId("users", "username <> 'admin'");
    east = await create("patrolPoints", { name: "测试东岗", pointCode: "TESTEAST01", pointType: 1 });
    west = await create("patrolPoints", { name: "测试西岗", pointCode: "TESTWEST01", pointType: 2 });
    const shift = await create("patrolArranges", { name: "测试早班", userId: guardId, startTime: "08:00", endTime: "12:00", weekdays: [1, 2, 3, 4, 5, 6, 7] });
    // Monday 2025-03-03 to Sunday 2025-03-09: long past, so every window has ended.
    planId = await create("patrolPlans", {
      name: "测试巡更计划",
      arrangeId: shift,
      pointIds: [east, west],
      cycle: 1,
      startTime: "08:30",
      expectedTime: 60,
      startDate: "2025-03-03",
      endDate: "2025-03-09",
    });
    otherPlanId = await create("patrolPlans", {
      name: "测试另一计划",
      arrangeId: shift,
      pointIds: [east],
      cycle: 1,
      startTime: "09:00",
      expectedTime: 30,
      startDate: "2025-02-01",
      endDate: "2025-02-02",
    });
  });

  it("expects each point of the plan once per shift window of each plan day, all 漏检 once the windows have ended", async () => {
    const r = await query({ planId, startDate: "2025-03-01", endDate: "2025-03-03" });
    expect(r.status, r.text).toBe(200);
    // 03-01 and 03-02 are before the plan's 生效日期: only 03-03 is a plan day.
    expect(r.body.data.list).toEqual([
      expect.objectContaining({
        date: "2025-03-03",
        planId,
        planName: "测试巡更计划",
        pointId: east,
        pointName: "测试东岗",
        seq: 1,
        status: 2,
        recordId: null,
        userId: guardId,
        startTime: "08:00",
        endTime: "12:00",
      }),
      expect.objectContaining({ date: "2025-03-03", planId, pointId: west, pointName: "测试西岗", seq: 2, status: 2, recordId: null }),
    ]);
    expect(r.body.data.list[0]).toMatchObject({ windowStart: china("2025-03-03", "08:00"), windowEnd: china("2025-03-03", "12:00") });
    expect(r.body.data.totals).toEqual({ expected: 2, done: 0, missed: 2, pending: 0 });
    expect(r.body.data.plans).toEqual(expect.arrayContaining([{ id: planId, name: "测试巡更计划" }]));
  });

  it("marks a point done by an ingested record or a manual 打卡 within the window; a record outside the window or of another plan does not count", async () => {
    const ingest = await t.post(t.admin, `${RECORDS}/actions/ingest`, {
      records: [
        { communityId: t.ids.communityA, planId, pointId: east, userId: guardId, patrolTime: china("2025-03-04", "09:30"), result: 1, patrolType: 1 },
        // After the window (12:00) and before it (07:59): not a check-in of 03-04's shift.
        { communityId: t.ids.communityA, pointId: west, patrolTime: china("2025-03-04", "12:01"), result: 1, patrolType: 1 },
        { communityId: t.ids.communityA, pointId: west, patrolTime: china("2025-03-04", "07:59"), result: 1, patrolType: 1 },
        // Within the window but naming another plan.
        { communityId: t.ids.communityA, planId: otherPlanId, pointId: west, patrolTime: china("2025-03-05", "10:00"), result: 1, patrolType: 1 },
      ],
    });
    expect(ingest.body.data.accepted, ingest.text).toBe(4);
    // A manual 打卡 naming no plan, at the window's last minute.
    const manual = await t.post(t.admin, RECORDS, { communityId: t.ids.communityA, pointId: west, patrolTime: china("2025-03-05", "11:59"), result: 2, remark: "栏杆损坏", patrolType: 1 });
    expect(manual.status, manual.text).toBe(200);

    const r = await query({ planId, startDate: "2025-03-04", endDate: "2025-03-05", pageSize: 50 });
    expect(r.status, r.text).toBe(200);
    const byKey = Object.fromEntries(r.body.data.list.map((e: { date: string; pointId: number }) => [`${e.date}/${e.pointId === east ? "east" : "west"}`, e]));
    expect(byKey["2025-03-04/east"]).toMatchObject({ status: 1, recordId: ingest.body.data.ids[0], patrolTime: china("2025-03-04", "09:30"), recordUserId: guardId, result: 1 });
    expect(byKey["2025-03-04/west"]).toMatchObject({ status: 2, recordId: null });
    expect(byKey["2025-03-05/east"]).toMatchObject({ status: 2, recordId: null });
    expect(byKey["2025-03-05/west"]).toMatchObject({ status: 1, recordId: manual.body.data.id, result: 2 });
    expect(r.body.data.totals).toEqual({ expected: 4, done: 2, missed: 2, pending: 0 });
    // Newest day first, then the route's order.
    expect(r.body.data.list.map((e: { date: string; seq: number }) => `${e.date}#${e.seq}`)).toEqual(["2025-03-05#1", "2025-03-05#2", "2025-03-04#1", "2025-03-04#2"]);

    const missed = await query({ planId, startDate: "2025-03-04", endDate: "2025-03-05", status: 2 });
    expect(missed.body.data.list.map((e: { status: number }) => e.status)).toEqual([2, 2]);
    expect(missed.body.data).toMatchObject({ total: 2, totals: { expected: 4, done: 2, missed: 2 } });
    const paged = await query({ planId, startDate: "2025-03-04", endDate: "2025-03-05", pageNo: 2, pageSize: 3 });
    expect(paged.body.data).toMatchObject({ total: 4, pageNo: 2, pageSize: 3 });
    expect(paged.body.data.list).toHaveLength(1);
  });

  it("shows a shift that has not ended as 待巡, and nothing for a disabled plan", async () => {
    const today = chinaDaysAgo(0);
    const shift = await create("patrolArranges", { name: "测试全天班", userId: guardId, startTime: "00:00", endTime: "00:00" });
    const allDay = await create("patrolPlans", { name: "测试全天计划", arrangeId: shift, pointIds: [east], cycle: 1, startTime: "08:00", expectedTime: 60, startDate: today });
    const r = await query({ planId: allDay, startDate: today, endDate: chinaDaysAgo(-1) });
    expect(r.body.data.totals).toEqual({ expected: 2, done: 0, missed: 0, pending: 2 });
    await t.put(t.admin, `/api/property/patrolPlans/${allDay}`, { enabled: false });
    expect((await query({ planId: allDay, startDate: today, endDate: today })).body.data.totals.expected).toBe(0);
  });

  it("refuses bad input with 400 and its Chinese message, never 5xx", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: undefined, endDate: "2025-03-05" }, "请选择开始日期"],
      [{ startDate: "2025-03-01", endDate: undefined }, "请选择结束日期"],
      [{ startDate: "2025-02-30", endDate: "2025-03-05" }, "开始日期不是有效的日期"],
      [{ startDate: "2025-03-01", endDate: "2025-13-01" }, "结束日期不是有效的日期"],
      [{ startDate: "0000-01-01", endDate: "0000-01-02" }, "开始日期不是有效的日期"],
      [{ startDate: "9999-12-30", endDate: "9999-12-31" }, "开始日期不是有效的日期"],
      [{ startDate: "20250301", endDate: "2025-03-05" }, "开始日期格式不正确"],
      [{ startDate: "2025-03-06", endDate: "2025-03-05" }, "开始日期不能晚于结束日期"],
      [{ startDate: "2025-01-01", endDate: "2025-02-01" }, "查询范围最多31天"],
      [{ startDate: "2025-03-01", endDate: "2025-03-05", status: 9 }, "完成情况格式不正确"],
      [{ startDate: "2025-03-01", endDate: "2025-03-05", planId: "abc" }, "巡更计划格式不正确"],
      [{ startDate: "2025-03-01", endDate: "2025-03-05", communityId: "abc" }, "社区格式不正确"],
      [{ startDate: "2025-03-01", endDate: "2025-03-05", communityId: undefined }, "请选择社区"],
      [{ startDate: "2025-03-01", endDate: "2025-03-05", pageSize: 1000 }, "每页条数应为1到500之间的整数"],
    ];
    for (const [body, message] of cases) {
      const r = await query(body);
      expect([r.status, r.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    // A month of 31 days is allowed.
    expect((await query({ startDate: "2025-01-01", endDate: "2025-01-31" })).status).toBe(200);
  });

  it("is the patrol history's code's (HBL20007), and keeps to the session's tenant and communities", async () => {
    const staff = await query({ startDate: "2025-03-03", endDate: "2025-03-03" }, t.staff);
    expect([staff.status, staff.body.status]).toEqual([401, 403]);
    // Another tenant: tenant A's community and plan do not exist for it.
    expect((await query({ startDate: "2025-03-03", endDate: "2025-03-03" }, t.admin2)).status).toBe(404);
    expect((await t.post(t.admin2, URL, { communityId: t.ids.communityB, planId, startDate: "2025-03-03", endDate: "2025-03-03" })).status).toBe(404);
    // A plan of another community than the one asked for.
    const otherCommunity = await t.firstId("communities", "id <> $2", [t.ids.communityA]);
    expect((await t.post(t.admin, URL, { communityId: otherCommunity, planId, startDate: "2025-03-03", endDate: "2025-03-03" })).status).toBe(404);

    // A user limited to another community of the tenant, holding the code.
    const role = await t.post(t.admin, "/api/system/characters", { name: "巡更查看员", authorities: ["HBL20007"] });
    expect(role.status, role.text).toBe(200);
    const user = await t.post(t.admin, "/api/system/users", { username: "patrolviewer1", password: "Patrol-View-8812", roleId: role.body.data.id, communityIds: [otherCommunity] });
    expect(user.status, user.text).toBe(200);
    const limited = await t.server.login("patrolviewer1", "Patrol-View-8812");
    const refused = await query({ startDate: "2025-03-03", endDate: "2025-03-03" }, limited);
    expect([refused.status, refused.body.status]).toEqual([401, 403]);
    expect(refused.body.message).toMatch(/^无权访问该/);
    const ownCommunity = await t.post(limited, URL, { communityId: otherCommunity, planId, startDate: "2025-03-03", endDate: "2025-03-03" });
    expect(ownCommunity.status).toBe(404);
    const own = await t.post(limited, URL, { communityId: otherCommunity, startDate: "2025-03-03", endDate: "2025-03-03" });
    expect(own.status, own.text).toBe(200);
  });

  it("gives the demo plans of the last week both 已巡 and 漏检, each 已巡 by a record within its window", async () => {
    const r = await query({ startDate: chinaDaysAgo(7), endDate: chinaDaysAgo(1), pageSize: 500 });
    expect(r.status, r.text).toBe(200);
    const { totals, list } = r.body.data;
    expect(totals.done).toBeGreaterThan(0);
    expect(totals.missed).toBeGreaterThan(0);
    expect(totals.expected).toBe(totals.done + totals.missed + totals.pending);
    for (const e of list.filter((x: { status: number }) => x.status === 1)) {
      expect(e.patrolTime >= e.windowStart && e.patrolTime <= e.windowEnd, JSON.stringify(e)).toBe(true);
    }
    const offline = await query({ startDate: chinaDaysAgo(13), endDate: chinaDaysAgo(0), patrolType: 4 });
    expect(offline.body.data.totals.done).toBeGreaterThan(0);
  });
});
