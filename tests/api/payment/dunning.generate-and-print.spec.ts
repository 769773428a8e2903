// Dunning notices (issue 16 item 5): generated in batch by a background task for a community or
// chosen rooms with a template, one per room in arrears listing its unpaid bills; the print view;
// history per room; refusals with the schema's messages; the task centre shows the run.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { addDays } from "../../../src/common/payment/period.ts";
import { chinaDay } from "../../../src/common/china-time.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, priceType, type Fixture } from "./support.ts";

describe.each(backends)("dunning notices (%s)", (backend) => {
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

  beforeAll(async () => {
    // Rooms 101 and 102 owe 80.00 (past due 40 days), 103 paid, 104 not yet due.
    fx = await makeCommunity(
      t.server,
      t.ids.tenantA,
      "催缴测试社区",
      Array.from({ length: 4 }, () => ({ area: "60.00" })),
    );
    const fixed = await priceType(t.server, t.admin, fx.communityId, { name: "催缴固定", pricingMethod: 2, unitPrice: "80.00" });
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
  });

  it("makes one notice per room in arrears with its bills and the filled-in template, in a background task", async () => {
    const task = await run({ communityId: fx.communityId, template: "{room}：截至{date}欠费{count}笔，共{amount}元，最早{period}。" });
    expect(task).toMatchObject({ state: "completed", done: 4, total: 4, result: { notices: 2 } });
    const list = await ok(t.server, "POST", "/api/property/dunningNotices/actions/pageList", t.admin, { pageNo: 1, pageSize: 10, communityId: fx.communityId });
    expect(list.total).toBe(2);
    const first = list.list.find((n: { roomId: number }) => n.roomId === fx.rooms[0].id);
    expect(first).toMatchObject({ amountOwed: "80.00", billCount: 1, oldestPeriod: "2034-01", title: "物业费催缴通知" });
    expect(first.content).toBe(`1栋-1单元-101：截至${chinaDay()}欠费1笔，共80.00元，最早2034-01。`);
    const print = await ok(t.server, "GET", `/api/property/dunningNotices/${first.id}/actions/print`, t.admin);
    expect(print).toMatchObject({ roomNo: "101", buildingName: "1栋", amountOwed: "80.00", communityName: "催缴测试社区" });
    expect(print.bills).toEqual([expect.objectContaining({ period: "2034-01", itemName: "物业费", outstanding: "80.00" })]);
    const centre = await ok(t.server, "GET", "/api/management/taskCentre/actions/list", t.admin);
    const listed = (centre.list ?? centre).find((x: { id: number }) => x.id === task.started.taskId);
    expect(listed).toMatchObject({ state: "completed", result: "已生成2份催缴通知" });
  });

  it("makes notices for chosen rooms only; again in the month, the room's one notice is updated, its number kept", async () => {
    const before = await ok(t.server, "POST", "/api/property/dunningNotices/actions/pageList", t.admin, { pageNo: 1, pageSize: 10, roomId: fx.rooms[0].id });
    expect(before.total).toBe(1);
    const task = await run({ communityId: fx.communityId, roomIds: [fx.rooms[0].id, fx.rooms[2].id] });
    expect(task).toMatchObject({ state: "completed", total: 2, result: { notices: 1 } });
    const history = await ok(t.server, "POST", "/api/property/dunningNotices/actions/pageList", t.admin, { pageNo: 1, pageSize: 10, roomId: fx.rooms[0].id });
    expect(history.total).toBe(1);
    expect(history.list[0]).toMatchObject({ id: before.list[0].id, noticeNo: before.list[0].noticeNo, noticeMonth: chinaDay().slice(0, 7) });
    // The default template now: addressed to the owner by name (the room has none: 业主 alone), the room named after.
    expect(history.list[0].content).toBe(
      `尊敬的业主（1栋-1单元-101）：截至${chinaDay()}，您尚有1笔费用未缴，合计80.00元（最早欠费账期2034-01）。请尽快到物业服务中心或通过线上渠道缴纳，逾期将按规定计收滞纳金。如已缴纳，请忽略本通知。`,
    );
    // With an owner, the letter names them.
    await ok(t.server, "POST", "/api/system/inhabitants", t.admin, { communityId: fx.communityId, roomId: fx.rooms[0].id, name: "陈晓梅", phone: "13911112222", identity: 1 });
    await run({ communityId: fx.communityId, roomIds: [fx.rooms[0].id] });
    const named = await ok(t.server, "POST", "/api/property/dunningNotices/actions/pageList", t.admin, { pageNo: 1, pageSize: 10, roomId: fx.rooms[0].id });
    expect(named.total).toBe(1);
    expect(named.list[0].content).toMatch(/^尊敬的陈晓梅业主（1栋-1单元-101）：/);
  });

  it("prints a selection in one call, in the order chosen; another tenant's or a missing notice refuses it whole", async () => {
    const list = await ok(t.server, "POST", "/api/property/dunningNotices/actions/pageList", t.admin, { pageNo: 1, pageSize: 10, communityId: fx.communityId });
    const ids = list.list.map((n: { id: number }) => n.id).sort((a: number, b: number) => b - a);
    expect(ids.length).toBe(2);
    const batch = await ok(t.server, "POST", "/api/property/dunningNotices/actions/printBatch", t.admin, { ids });
    expect(batch.list.map((n: { id: number }) => n.id)).toEqual(ids);
    expect(batch.list[0]).toMatchObject({ communityName: "催缴测试社区", amountOwed: "80.00", issuer: expect.any(String) });
    expect((await t.server.request("POST", "/api/property/dunningNotices/actions/printBatch", { token: t.admin2, body: { ids } })).status).toBe(404);
    expect((await t.server.request("POST", "/api/property/dunningNotices/actions/printBatch", { token: t.admin, body: { ids: [...ids, 99_999_999] } })).status).toBe(404);
    const none = await t.server.request("POST", "/api/property/dunningNotices/actions/printBatch", { token: t.admin, body: { ids: [] } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("请选择要操作的数据");
  });

  it("refuses a template with emoji, a missing community and a user without the report's code", async () => {
    const emoji = await t.server.request("POST", GEN, { token: t.admin, body: { communityId: fx.communityId, template: "请缴费😀" } });
    expect(emoji.status).toBe(400);
    expect(JSON.stringify(emoji.body)).toContain("不能包含表情等特殊符号");
    const none = await t.server.request("POST", GEN, { token: t.admin, body: {} });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain("请选择社区");
    const other = await t.server.request("POST", GEN, { token: t.admin2, body: { communityId: fx.communityId } });
    expect(other.status).toBe(404);
    const staff = await t.server.request("POST", GEN, { token: t.staff, body: { communityId: fx.communityId } });
    expect(staff.status).toBe(401);
    expect(staff.body.status).toBe(403);
  });
});
