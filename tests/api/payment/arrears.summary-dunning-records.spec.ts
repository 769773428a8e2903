// Arrears and dunning for a property office (issue 28): the ageing summary of the arrears list (per
// bucket the households and the amount owed, and in all, for the filters but the bucket) equals the
// fen worked out by hand; 催缴记录 (dunningRecords) per room: created with the session user as 催缴人,
// shown on the arrears row, validated with the schema's messages, kept to the tenant and to a limited
// user's communities; dunning notices generated without 同时发布给住户 published afterwards, one by one or
// several at once, the published ones skipped or refused. No call answers a 5xx.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { addDays } from "../../../src/common/payment/period.ts";
import { chinaDay } from "../../../src/common/china-time.ts";
import { fenToYuan } from "../../../src/common/money.ts";
import { NoticePublishStatus } from "../../../generated/states.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, priceType, type Fixture } from "./support.ts";

interface Bucket {
  bucket: number;
  label: string;
  households: number;
  amountOwed: string;
}

describe.each(backends)("arrears summary, dunning records, publishing later (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let item: number;
  const today = chinaDay();
  const PAGE = "/api/property/arrears/actions/pageList";
  const RECORDS = "/api/property/dunningRecords";
  const PUBLISH = "/api/property/dunningNotices/actions/publish";
  const page = (body: Record<string, unknown>) => ok(t.server, "POST", PAGE, t.admin, { pageNo: 1, pageSize: 50, communityId: fx.communityId, ...body });
  const fails = (r: { status: number; text: string }, message: string) => {
    expect(r.status, r.text).toBeLessThan(500);
    expect(r.text).toContain(message);
  };

  beforeAll(async () => {
    // Six rooms, one bill each of 100.00 with a late fee of 1‰ a day: rooms 1, 2, 3, 4 and 6 overdue
    // by 10, 45, 120, 200 and 20 days; room 5 paid.
    fx = await makeCommunity(
      t.server,
      t.ids.tenantA,
      "账龄汇总社区",
      Array.from({ length: 6 }, () => ({ area: "50.00" })),
    );
    const fixed = await priceType(t.server, t.admin, fx.communityId, { name: "账龄固定", pricingMethod: 2, unitPrice: "100.00" });
    item = await paymentItem(t.server, t.admin, fx.communityId, fixed, { name: "物业费", lateFeeEnabled: true, lateFeeRate: "1.00", lateFeeGraceDays: 0 });
    await generate(t.server, t.admin, { period: "2035-01", paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "community_id = $2", [fx.communityId]);
    await approve(
      t.server,
      t.admin,
      bills.map((b) => b.id),
    );
    const overdue = [10, 45, 120, 200, 30, 20];
    for (const [i, b] of bills.entries()) await t.server.db.query("update bills set due_date = $2::date, period = $3 where id = $1", [b.id, addDays(today, -overdue[i]), `2035-0${i + 1}`]);
    await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [bills[4].id], payMethod: 1 });
  });

  it("sums households and fen per ageing bucket, as worked out by hand, for the filters but the bucket", async () => {
    // Owed in fen: 10 000 principal + round(10 000 × 1‰ × days).
    const owed = (days: number) => 10_000 + Math.round((10_000 * days) / 1000);
    const expected = [
      { bucket: 1, label: "30天以内", households: 2, fen: owed(10) + owed(20) },
      { bucket: 2, label: "31-90天", households: 1, fen: owed(45) },
      { bucket: 3, label: "91-180天", households: 1, fen: owed(120) },
      { bucket: 4, label: "180天以上", households: 1, fen: owed(200) },
    ];
    const want = {
      buckets: expected.map(({ fen, ...b }) => ({ ...b, amountOwed: fenToYuan(fen) })),
      households: 5,
      amountOwed: fenToYuan(expected.reduce((n, b) => n + b.fen, 0)),
    };
    expect(want.buckets.map((b) => b.amountOwed)).toEqual(["203.00", "104.50", "112.00", "120.00"]);
    expect(want.amountOwed).toBe("539.50");
    const all = await page({});
    expect(all.summary).toEqual(want);
    expect(all.totalOwed).toBe(want.amountOwed);
    // The bucket filter narrows the rows, not the summary (the page shows every bucket to pick from).
    const second = await page({ bucket: 1 });
    expect(second.total).toBe(2);
    expect(second.totalOwed).toBe("203.00");
    expect(second.summary).toEqual(want);
    // Other filters narrow it.
    const one = await page({ roomNo: "-104" });
    expect(one.summary.buckets.map((b: Bucket) => b.households)).toEqual([0, 0, 0, 1]);
    expect(one.summary).toMatchObject({ households: 1, amountOwed: "120.00" });
    // A room that owes nothing: every bucket empty.
    const none = await page({ roomNo: "-999" });
    expect(none.summary).toEqual({ buckets: want.buckets.map((b) => ({ ...b, households: 0, amountOwed: "0.00" })), households: 0, amountOwed: "0.00" });
    expect(none).toMatchObject({ list: [], total: 0, totalOwed: "0.00" });
    // A page past the last still tells the totals and the summary.
    const past = await page({ pageNo: 4, pageSize: 2 });
    expect(past).toMatchObject({ list: [], total: 5, totalOwed: want.amountOwed, summary: want });
  });

  describe("催缴记录", () => {
    let recordId: number;
    let adminId: number;

    beforeAll(async () => {
      adminId = Number((await t.server.db.query<{ id: number }>("select id from users where tenant_id = $1 and username = 'admin'", [t.ids.tenantA])).rows[0].id);
    });

    it("creates a record with the session user as 催缴人; the arrears row shows the latest one", async () => {
      const room = fx.rooms[3].id;
      const first = await ok(t.server, "POST", RECORDS, t.admin, { communityId: fx.communityId, roomId: room, method: 1, dunnedAt: addDays(today, -3), result: 4 });
      expect(first).toMatchObject({ roomId: room, method: 1, result: 4, collectorId: adminId });
      const created = await ok(t.server, "POST", RECORDS, t.admin, {
        communityId: fx.communityId,
        roomId: room,
        method: 2,
        dunnedAt: today,
        result: 1,
        nextFollowUpDate: addDays(today, 7),
        remark: "上门催缴，业主承诺月底缴清",
      });
      recordId = created.id;
      expect(created).toMatchObject({ method: 2, result: 1, collectorId: adminId, remark: "上门催缴，业主承诺月底缴清" });
      const list = await ok(t.server, "POST", `${RECORDS}/actions/pageList`, t.admin, { pageNo: 1, pageSize: 10, communityId: fx.communityId, roomId: room });
      expect(list.total).toBe(2);
      expect(list.list[0]).toMatchObject({ id: recordId, method: 2, result: 1, roomId: room });
      const rows = (await page({})).list as { roomId: number; lastDunnedAt: string | null; lastDunningResult: number | null }[];
      expect(rows.find((r) => r.roomId === room)).toMatchObject({ lastDunnedAt: today, lastDunningResult: 1 });
      expect(rows.find((r) => r.roomId === fx.rooms[0].id)).toMatchObject({ lastDunnedAt: null, lastDunningResult: null });
      // Edited, then the first one deleted.
      const saved = await ok(t.server, "PUT", `${RECORDS}/${recordId}`, t.admin, { result: 2, remark: "已缴清" });
      expect(saved).toMatchObject({ result: 2, collectorId: adminId });
      await ok(t.server, "DELETE", `${RECORDS}/${first.id}`, t.admin);
      expect(await t.server.count("dunning_records", "tenant_id = $1 and room_id = $2", [t.ids.tenantA, room])).toBe(1);
    });

    it("refuses what is wrong with Chinese messages", async () => {
      const base = { communityId: fx.communityId, roomId: fx.rooms[0].id, method: 1, dunnedAt: today, result: 1 };
      const post = (body: Record<string, unknown>) => t.server.request("POST", RECORDS, { token: t.admin, body });
      fails(await post({ ...base, method: undefined }), "催缴方式");
      fails(await post({ ...base, result: 9 }), "催缴结果");
      fails(await post({ ...base, dunnedAt: "2035-13-45" }), "请求参数错误");
      fails(await post({ ...base, nextFollowUpDate: addDays(today, -1) }), "下次跟进日期不能早于催缴日期");
      fails(await post({ ...base, dunnedAt: addDays(today, 1) }), "催缴日期不能晚于今天");
      fails(await post({ ...base, remark: "<script>" }), "内容含有特殊字符");
      fails(await post({ ...base, roomId: t.ids.roomA }), "该房屋不属于所选社区");
      const edit = await t.server.request("PUT", `${RECORDS}/${recordId}`, { token: t.admin, body: { nextFollowUpDate: addDays(today, -30) } });
      fails(edit, "下次跟进日期不能早于催缴日期");
      expect(await t.server.count("dunning_records", "tenant_id = $1 and room_id = $2", [t.ids.tenantA, fx.rooms[0].id])).toBe(0);
    });

    it("keeps to the tenant and to a limited user's communities", async () => {
      // Another tenant: neither reads, changes nor deletes the record, nor writes to tenant A's room.
      expect((await t.server.request("GET", `${RECORDS}/${recordId}`, { token: t.admin2 })).status).toBe(404);
      expect((await t.server.request("PUT", `${RECORDS}/${recordId}`, { token: t.admin2, body: { result: 3 } })).status).toBe(404);
      expect((await t.server.request("DELETE", `${RECORDS}/${recordId}`, { token: t.admin2 })).status).toBeLessThan(500);
      const theirs = await ok(t.server, "POST", `${RECORDS}/actions/pageList`, t.admin2, { pageNo: 1, pageSize: 50 });
      expect(theirs.list.map((r: { id: number }) => r.id)).not.toContain(recordId);
      expect(theirs.list.every((r: { tenantId: number }) => r.tenantId === t.ids.tenantB)).toBe(true);
      const intoA = await t.server.request("POST", RECORDS, { token: t.admin2, body: { communityId: t.ids.communityB, roomId: fx.rooms[0].id, method: 1, dunnedAt: today, result: 1 } });
      expect(intoA.status).toBe(400);
      // The 收费员-like user limited to the first demo community.
      const all = (await t.server.request("GET", "/api/system/homepage/user", { token: t.admin })).body.data.authorities.map((a: { code: string }) => a.code);
      expect(all).toContain("HBL1915");
      const role = await ok(t.server, "POST", "/api/system/characters", t.admin, { name: "催缴单社区", authorities: all });
      await ok(t.server, "POST", "/api/system/users", t.admin, { username: "dunning1", password: "Dunning-Pass-8812", roleId: role.id, communityIds: [t.ids.communityA] });
      const limited = await t.server.login("dunning1", "Dunning-Pass-8812");
      expect((await t.server.request("GET", `${RECORDS}/${recordId}`, { token: limited })).status).toBe(404);
      expect((await t.server.request("PUT", `${RECORDS}/${recordId}`, { token: limited, body: { result: 3 } })).status).toBe(404);
      const list = await t.server.request("POST", `${RECORDS}/actions/pageList`, { token: limited, body: { pageNo: 1, pageSize: 10, communityId: fx.communityId } });
      expect(list.status).toBe(401);
      expect(list.text).toContain("无权访问该社区");
      const create = await t.server.request("POST", RECORDS, { token: limited, body: { communityId: fx.communityId, roomId: fx.rooms[0].id, method: 1, dunnedAt: today, result: 1 } });
      expect(create.status).toBe(401);
      // Within its community it works.
      const own = await ok(t.server, "POST", RECORDS, limited, { communityId: t.ids.communityA, roomId: t.ids.roomA, method: 4, dunnedAt: today, result: 5 });
      expect(own.communityId).toBe(t.ids.communityA);
      expect((await ok(t.server, "GET", `${RECORDS}/${recordId}`, t.admin)).result).toBe(2);
      // Without the code: the community module's staff.
      expect((await t.server.request("POST", `${RECORDS}/actions/pageList`, { token: t.staff, body: { pageNo: 1, pageSize: 10 } })).body.status).toBe(403);
    });
  });

  describe("publishing dunning notices afterwards", () => {
    let ids: number[];
    const targeted = () => t.server.count("notices", "tenant_id = $1 and community_id = $2 and room_id is not null", [t.ids.tenantA, fx.communityId]);

    beforeAll(async () => {
      const started = await ok(t.server, "POST", "/api/property/dunningNotices/actions/generate", t.admin, { communityId: fx.communityId });
      const until = Date.now() + 30_000;
      for (;;) {
        const task = await ok(t.server, "GET", `/api/property/dunningNotices/actions/generationTask?id=${started.taskId}`, t.admin);
        if (task.state === "completed") break;
        if (task.state === "failed" || Date.now() > until) throw new Error(`dunning task ${task.state}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const list = await ok(t.server, "POST", "/api/property/dunningNotices/actions/pageList", t.admin, { pageNo: 1, pageSize: 10, taskId: started.taskId, sortField: "id", sortOrder: "asc" });
      ids = list.list.map((n: { id: number }) => n.id).sort((a: number, b: number) => a - b);
      expect(ids).toHaveLength(5);
      expect(list.list.every((n: { publishedNoticeId: number | null }) => n.publishedNoticeId === null)).toBe(true);
      expect(await targeted()).toBe(0);
    });

    it("publishes one notice to its room's residents, then refuses it again", async () => {
      const r = await t.server.request("POST", PUBLISH, { token: t.admin, body: { ids: [ids[0]] } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ code: 0, message: "发布成功", data: { published: 1, skipped: 0 } });
      const dunning = await ok(t.server, "GET", `/api/property/dunningNotices/${ids[0]}`, t.admin);
      expect(dunning.publishedNoticeId).toBeTruthy();
      const notice = await ok(t.server, "GET", `/api/property/notices/${dunning.publishedNoticeId}`, t.admin);
      expect(notice).toMatchObject({ roomId: dunning.roomId, publishStatus: NoticePublishStatus.Published, title: dunning.title });
      expect(notice.content).toContain("欠费明细：");
      expect(await targeted()).toBe(1);
      const again = await t.server.request("POST", PUBLISH, { token: t.admin, body: { ids: [ids[0]] } });
      expect(again.status).toBe(400);
      expect(again.text).toContain("所选催缴通知均已发布给住户，无需重复发布");
      expect(await targeted()).toBe(1);
    });

    it("publishes the chosen ones not yet published and skips the others", async () => {
      const data = await ok(t.server, "POST", PUBLISH, t.admin, { ids: [ids[0], ids[1], ids[2]] });
      expect(data).toEqual({ published: 2, skipped: 1 });
      expect(await targeted()).toBe(3);
    });

    it("refuses another tenant, a user without the code, no choice and unknown ids, never with a 5xx", async () => {
      const other = await t.server.request("POST", PUBLISH, { token: t.admin2, body: { ids: [ids[3]] } });
      expect(other.status).toBe(404);
      const staff = await t.server.request("POST", PUBLISH, { token: t.staff, body: { ids: [ids[3]] } });
      expect(staff.body.status).toBe(403);
      const empty = await t.server.request("POST", PUBLISH, { token: t.admin, body: { ids: [] } });
      expect(empty.status).toBe(400);
      expect(empty.text).toMatch(/[\u4e00-\u9fa5]/);
      for (const body of [{}, { ids: "1" }, { ids: [0] }, { ids: [ids[3], 9_999_999_999] }, { ids: [-1, "x"] }]) {
        const r = await t.server.request("POST", PUBLISH, { token: t.admin, body });
        expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      }
      expect(await targeted()).toBe(3);
    });
  });
});
