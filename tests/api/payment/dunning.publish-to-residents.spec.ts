// Dunning notices published to residents (issue "Fee domain depth" item 5): generate with publish makes,
// per dunning notice, one published notice addressed to its room only, listing the unpaid bills; the
// dunning notice keeps it. Another room's residents, the community's announcement card and another
// tenant do not see it; without the flag nothing is published; refusals with the schema's messages.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { addDays } from "../../../src/common/payment/period.ts";
import { chinaDay } from "../../../src/common/china-time.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, priceType, type Fixture } from "./support.ts";

interface Notice {
  id: number;
  title: string;
  noticeType: number;
  content: string;
  roomId: number | null;
}

describe.each(backends)("dunning notices published to residents (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  const GEN = "/api/property/dunningNotices/actions/generate";

  const run = async (body: Record<string, unknown>) => {
    const started = await ok(t.server, "POST", GEN, t.admin, body);
    const until = Date.now() + 30_000;
    for (;;) {
      const task = await ok(t.server, "GET", `/api/property/dunningNotices/actions/generationTask?id=${started.taskId}`, t.admin);
      if (task.state === "completed" || task.state === "failed") return { ...task, started };
      if (Date.now() > until) throw new Error(`task ${started.taskId} still ${task.state}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const roomNotices = async (roomId: number, token = t.admin): Promise<Notice[]> => (await ok(t.server, "GET", `/api/property/notices/actions/roomNoticeList?roomId=${roomId}`, token)).list;
  const targeted = () => t.server.count("notices", "tenant_id = $1 and community_id = $2 and room_id is not null", [t.ids.tenantA, fx.communityId]);

  beforeAll(async () => {
    // Rooms 101 and 102 owe 80.00 (past due 40 days), 103 paid, 104 not yet due.
    fx = await makeCommunity(
      t.server,
      t.ids.tenantA,
      "催缴发布社区",
      Array.from({ length: 4 }, () => ({ area: "60.00" })),
    );
    const fixed = await priceType(t.server, t.admin, fx.communityId, { name: "发布固定", pricingMethod: 2, unitPrice: "80.00" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, fixed, { name: "物业费" });
    await generate(t.server, t.admin, { period: "2034-01", paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "community_id = $2", [fx.communityId]);
    await approve(
      t.server,
      t.admin,
      bills.map((b) => b.id),
    );
    const today = chinaDay();
    for (const [i, b] of bills.entries()) await t.server.db.query("update bills set due_date = $2::date where id = $1", [b.id, addDays(today, i === 3 ? 5 : -40)]);
    await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [bills[2].id], payMethod: 1 });
    // A community-wide notice every room sees.
    const wide = await ok(t.server, "POST", "/api/property/notices", t.admin, { communityId: fx.communityId, title: "电梯检修通知", noticeType: 1, content: "本周六电梯检修" });
    await ok(t.server, "POST", `/api/property/notices/${wide.id}/actions/publish`, t.admin);
  });

  it("publishes nothing without the flag", async () => {
    const task = await run({ communityId: fx.communityId });
    expect(task).toMatchObject({ state: "completed", result: { notices: 2 } });
    expect(await targeted()).toBe(0);
    const list = await ok(t.server, "POST", "/api/property/dunningNotices/actions/pageList", t.admin, { pageNo: 1, pageSize: 10, taskId: task.started.taskId });
    expect(list.list.map((n: { publishedNoticeId: number | null }) => n.publishedNoticeId)).toEqual([null, null]);
    expect((await roomNotices(fx.rooms[0].id)).map((n) => n.title)).toEqual(["电梯检修通知"]);
  });

  it("publishes one notice per room in arrears, addressed to that room, listing its bills; the dunning notice keeps it", async () => {
    const task = await run({ communityId: fx.communityId, publish: true, template: "{room}：截至{date}欠费{count}笔，共{amount}元。" });
    expect(task).toMatchObject({ state: "completed", result: { notices: 2 } });
    expect(await targeted()).toBe(2);
    // Each room's notice of the month (made by the run before) now belongs to this run.
    const list = await ok(t.server, "POST", "/api/property/dunningNotices/actions/pageList", t.admin, { pageNo: 1, pageSize: 10, taskId: task.started.taskId });
    expect(list.total).toBe(2);
    for (const [i, room] of fx.rooms.slice(0, 2).entries()) {
      const dunning = list.list.find((n: { roomId: number }) => n.roomId === room.id);
      expect(dunning.publishedNoticeId).toBeTruthy();
      expect(dunning.publishedNoticeIdLabel).toBe("物业费催缴通知");
      const notice = await ok(t.server, "GET", `/api/property/notices/${dunning.publishedNoticeId}`, t.admin);
      expect(notice).toMatchObject({ roomId: room.id, roomIdLabel: `1栋-1单元-${101 + i}`, publishStatus: 1, noticeType: 5, title: "物业费催缴通知", publisherIdLabel: "张明" });
      expect(notice.content).toContain(`1栋-1单元-${101 + i}：截至${chinaDay()}欠费1笔，共80.00元。`);
      expect(notice.content).toContain("欠费明细：");
      expect(notice.content).toMatch(/2034-01 物业费 80\.00元（账单编号\S+，缴费截止日\d{4}-\d{2}-\d{2}）/);
      // The room's residents see it beside the community's notices.
      const seen = await roomNotices(room.id);
      expect(seen.map((n) => n.id)).toContain(dunning.publishedNoticeId);
      expect(seen.map((n) => n.title)).toContain("电梯检修通知");
      expect(seen.filter((n) => n.roomId !== null).every((n) => n.roomId === room.id)).toBe(true);
    }
    // The month's run without the flag made each room's one notice: this run updated and published it.
    const history = await ok(t.server, "POST", "/api/property/dunningNotices/actions/pageList", t.admin, { pageNo: 1, pageSize: 10, roomId: fx.rooms[0].id });
    expect(history.list.map((n: { publishedNoticeId: number | null }) => !!n.publishedNoticeId)).toEqual([true]);
    // Run again in the month: no second notice, the published one shows the run's text.
    await run({ communityId: fx.communityId, template: "{room}：截至{date}仍欠费{count}笔，共{amount}元。" });
    expect(await targeted()).toBe(2);
    const again = await ok(t.server, "POST", "/api/property/dunningNotices/actions/pageList", t.admin, { pageNo: 1, pageSize: 10, roomId: fx.rooms[0].id });
    expect(again.total).toBe(1);
    const renewed = await ok(t.server, "GET", `/api/property/notices/${again.list[0].publishedNoticeId}`, t.admin);
    expect(renewed.content).toContain(`1栋-1单元-101：截至${chinaDay()}仍欠费1笔，共80.00元。`);
  });

  it("keeps a room's notice from other rooms, the community's card and another tenant", async () => {
    const [published] = (await roomNotices(fx.rooms[0].id)).filter((n) => n.roomId === fx.rooms[0].id);
    // Room 103 paid and 104 is not due: they see only the community's notice.
    for (const room of fx.rooms.slice(2)) expect((await roomNotices(room.id)).map((n) => n.title)).toEqual(["电梯检修通知"]);
    expect((await roomNotices(fx.rooms[1].id)).map((n) => n.id)).not.toContain(published.id);
    const card = await ok(t.server, "GET", `/api/property/notices/actions/workBenchQueryList?communityId=${fx.communityId}`, t.admin);
    expect(card).toMatchObject({ publishedCount: 1, list: [expect.objectContaining({ title: "电梯检修通知" })] });
    // Another tenant: neither the notice nor the room's list.
    expect((await t.server.request("GET", `/api/property/notices/${published.id}`, { token: t.admin2 })).status).toBe(404);
    expect((await t.server.request("GET", `/api/property/notices/actions/roomNoticeList?roomId=${fx.rooms[0].id}`, { token: t.admin2 })).status).toBe(404);
    const theirs = await ok(t.server, "POST", "/api/property/notices/actions/pageList", t.admin2, { pageNo: 1, pageSize: 100 });
    expect(theirs.list.map((n: Notice) => n.id)).not.toContain(published.id);
    // Withdrawn, it is gone from the room's list too.
    await ok(t.server, "POST", `/api/property/notices/${published.id}/actions/withdraw`, t.admin);
    expect((await roomNotices(fx.rooms[0].id)).map((n) => n.id)).not.toContain(published.id);
  });

  it("refuses publishing without the notice centre's code, a notice for another community's room and a room list without its code", async () => {
    const { rows } = await t.server.db.query<{ id: number }>(`insert into characters (tenant_id, name, authorities) values ($1, '仅催缴', '["HBL0701309"]'::jsonb) returning id`, [t.ids.tenantA]);
    await t.server.db.query(
      `insert into users (tenant_id, username, user_type, role_id, enabled, password_hash)
       values ($1, 'dunningonly', '1', $2, true, (select password_hash from users where username = 'staff'))`,
      [t.ids.tenantA, rows[0].id],
    );
    const dunningOnly = await t.server.login("dunningonly");
    const before = await targeted();
    const refused = await t.server.request("POST", GEN, { token: dunningOnly, body: { communityId: fx.communityId, publish: true } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("您没有通知公告的发布权限，不能同时发布给住户");
    expect(await targeted()).toBe(before);
    // Without publish the same user may still generate.
    expect((await t.server.request("POST", GEN, { token: dunningOnly, body: { communityId: fx.communityId } })).status).toBe(200);

    const elsewhere = await t.server.request("POST", "/api/property/notices", {
      token: t.admin,
      body: { communityId: t.ids.communityA, title: "错房通知", noticeType: 1, content: "内容", roomId: fx.rooms[0].id },
    });
    expect(elsewhere.status).toBe(400);
    expect(JSON.stringify(elsewhere.body)).toContain("该房屋不属于所选社区");
    expect(await t.server.count("notices", "tenant_id = $1 and title = '错房通知'", [t.ids.tenantA])).toBe(0);

    const noCode = await t.server.request("GET", `/api/property/notices/actions/roomNoticeList?roomId=${fx.rooms[0].id}`, { token: dunningOnly });
    expect(noCode.status).toBe(401);
    expect(noCode.body.status).toBe(403);
    expect((await t.server.request("GET", "/api/property/notices/actions/roomNoticeList", { token: t.admin })).status).toBe(400);
  });
});
