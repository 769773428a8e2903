// 事件推送 (docs/api.md "Webhooks"): a subscription's secret is made by the server and answered once;
// an event (a bill paid at the desk or from a prepayment balance at approval, a refund approved, a receipt voided, a resident added on the form, by an Excel import or by 入住审核) is
// POSTed to the subscription's address signed with HMAC-SHA256 over `timestamp.body`; a refused try
// is retried later and, after the last, is 推送失败 until 重新推送; internal addresses need 允许内网地址,
// which only the main account may turn on. Jobs run by hand (the test server's queue is manual).
import { createHmac } from "node:crypto";
import ExcelJS from "exceljs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, setFourEyes, voidAtOnce, type Fixture } from "../payment/support.ts";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

const SUBSCRIPTIONS = "/api/system/webhookSubscriptions";
const DELIVERIES = "/api/system/webhookDeliveries";

describe.each(backends)("webhooks (%s)", (backend) => {
  const t = useDemoServer(backend);
  let receiver: Server;
  let url: string;
  let answerWith = 200;
  const received: Received[] = [];
  let fx: Fixture;
  let item: number;

  beforeAll(async () => {
    // About something else than four eyes: one person applies and approves (docs/payment.md).
    await setFourEyes(t.server, t.admin, false);
    receiver = createServer((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (body += chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.statusCode = answerWith;
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    fx = await makeCommunity(t.server, t.ids.tenantA, "推送社区", [{ area: "100.00" }, { area: "100.00" }]);
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "推送计价", pricingMethod: 1, unitPrice: "2.00" });
    item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "物业费" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    await approve(
      t.server,
      t.admin,
      (await billsOf(t.server, t.ids.tenantA, "community_id = $2", [fx.communityId])).map((b) => b.id),
    );
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const subscribe = (token: string, body: Record<string, unknown>) => t.server.request("POST", SUBSCRIPTIONS, { token, body });
  const sweep = () => t.server.app.jobs.runDue();
  const deliveriesOf = async (subscriptionId: number) =>
    (await ok(t.server, "POST", `${DELIVERIES}/actions/pageList`, t.admin, { subscriptionId, pageNo: 1, pageSize: 50 })).list as {
      id: number;
      event: string;
      status: number;
      attempts: number;
      lastStatusCode: number | null;
      nextAttemptAt: string | null;
    }[];
  const verify = (secret: string, r: Received) => {
    const timestamp = String(r.headers["x-neptune-timestamp"]);
    const expected = createHmac("sha256", secret).update(`${timestamp}.${r.body}`).digest("hex");
    return r.headers["x-neptune-signature"] === expected && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
  };

  it("answers the secret once, keeps it sealed, and refuses an internal address unless the main account allows it", async () => {
    const internal = await subscribe(t.admin, { name: "本机", url, events: ["bill.paid"] });
    expect(internal.status).toBe(400);
    expect(internal.body).toMatchObject({ code: 40062, message: "推送地址是内网或本机地址，需由主账号开启「允许内网地址」" });
    expect((await subscribe(t.admin, { name: "格式", url: "ftp://example.com/x", events: ["bill.paid"] })).body.code).toBeGreaterThanOrEqual(400);
    const noEvents = await subscribe(t.admin, { name: "无事件", url: "https://example.com/hooks", events: [] });
    expect(noEvents.body.message).toBe("请选择推送事件");
    const unknown = await subscribe(t.admin, { name: "未知事件", url: "https://example.com/hooks", events: ["bill.deleted"] });
    expect(unknown.body.message).toBe("请选择正确的推送事件");

    const made = await subscribe(t.admin, { name: "财务系统", url, events: ["bill.paid", "bill.paid", "refund.approved", "receipt.voided"], allowPrivateNetwork: true, secret: "mine" });
    expect(made.status, made.text).toBe(200);
    const { id, secret } = made.body.data;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(made.body.data.events).toEqual(["bill.paid", "refund.approved", "receipt.voided"]);
    const detail = await t.server.request("GET", `${SUBSCRIPTIONS}/${id}`, { token: t.admin });
    expect(detail.body.data.secret).toBeUndefined();
    const stored = JSON.stringify((await t.server.db.query("select * from webhook_subscriptions where id = $1", [id])).rows);
    expect(stored).not.toContain(secret);
    expect(JSON.stringify((await t.server.request("POST", `${SUBSCRIPTIONS}/actions/pageList`, { token: t.admin, body: { pageNo: 1, pageSize: 10 } })).body)).not.toContain(secret);
    // Another tenant sees none of it.
    expect((await t.server.request("GET", `${SUBSCRIPTIONS}/${id}`, { token: t.admin2 })).status).toBe(404);
  });

  it("a sub-account may not turn 允许内网地址 on", async () => {
    const role = (await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name: "推送管理", authorities: ["WEBHOOK_MANAGE"] } })).body.data.id;
    const user = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "hooks1", password: "Hooks-Pass-8812", roleId: role } });
    expect(user.status, user.text).toBe(200);
    const sub = await t.server.login("hooks1", "Hooks-Pass-8812");
    const refused = await subscribe(sub, { name: "内网", url, events: ["bill.paid"], allowPrivateNetwork: true });
    expect(refused.body).toMatchObject({ code: 40063, message: "只有主账号可以开启「允许内网地址」" });
    expect((await subscribe(sub, { name: "外网", url: "https://erp.example.com/hooks", events: ["day.closed"] })).status).toBe(200);
  });

  it("pushes a bill paid at the desk, signed, and retries a refused try until it is delivered or 推送失败", async () => {
    const made = await subscribe(t.admin, { name: "收费推送", url, events: ["bill.paid", "receipt.voided", "refund.approved"], allowPrivateNetwork: true });
    const { id, secret } = made.body.data;
    received.length = 0;
    const room = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[0].id}`, t.admin);
    const paid = await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [room.bills[0].id], payMethod: 1 });
    await sweep();
    const mine = received.filter((r) => verify(secret, r));
    expect(mine).toHaveLength(1);
    const event = JSON.parse(mine[0].body);
    expect(mine[0].headers["x-neptune-event"]).toBe("bill.paid");
    expect(event).toMatchObject({
      event: "bill.paid",
      tenantId: t.ids.tenantA,
      data: { billId: room.bills[0].id, communityId: fx.communityId, roomId: fx.rooms[0].id, amountPaid: "200.00", receiptNo: paid.receiptNo },
    });
    expect(mine[0].headers["x-neptune-delivery"]).toBe(event.id);
    // A signature under another secret does not verify.
    expect(verify("whsec_other", mine[0])).toBe(false);
    const [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({ event: "bill.paid", status: 3, attempts: 1, lastStatusCode: 200 });

    // Refused: 重试中 with a next try ahead; nothing more until it comes.
    answerWith = 503;
    received.length = 0;
    const refund = await ok(t.server, "POST", "/api/property/refunds/actions/apply", t.admin, { paymentId: paid.paymentIds[0], amount: "20.00", refundKind: 1, reason: "多收退回" });
    await ok(t.server, "POST", `/api/property/refunds/${refund.id}/actions/approve`, t.admin);
    await sweep();
    let refundDelivery = (await deliveriesOf(id)).find((d) => d.event === "refund.approved")!;
    expect(refundDelivery).toMatchObject({ status: 2, attempts: 1, lastStatusCode: 503 });
    expect(new Date(refundDelivery.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now() + 20_000);
    await sweep();
    expect(received.filter((r) => verify(secret, r))).toHaveLength(1);

    // Every try refused: after the 8th it is 推送失败 and waits for 重新推送.
    for (let i = 0; i < 8; i++) {
      await t.server.db.query("update webhook_deliveries set next_attempt_at = now() - interval '1 second' where id = $1 and status = 2", [refundDelivery.id]);
      await sweep();
    }
    refundDelivery = (await deliveriesOf(id)).find((d) => d.event === "refund.approved")!;
    expect(refundDelivery).toMatchObject({ status: 4, attempts: 8, nextAttemptAt: null });
    const redeliver = await t.server.request("POST", `${DELIVERIES}/${refundDelivery.id}/actions/redeliver`, { token: t.admin, body: {} });
    expect(redeliver.status, redeliver.text).toBe(200);
    answerWith = 200;
    received.length = 0;
    await sweep();
    refundDelivery = (await deliveriesOf(id)).find((d) => d.event === "refund.approved")!;
    expect(refundDelivery).toMatchObject({ status: 3, attempts: 1 });
    const again = received.filter((r) => verify(secret, r));
    expect(again).toHaveLength(1);
    expect(JSON.parse(again[0].body)).toMatchObject({ event: "refund.approved", data: { refundId: refund.id, amount: "20.00" } });
  });

  it("pushes a voided receipt and a resident added, only to the subscriptions that take them", async () => {
    const residents = await subscribe(t.admin, { name: "住户推送", url, events: ["resident.created"], allowPrivateNetwork: true });
    received.length = 0;
    const room = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[1].id}`, t.admin);
    const paid = await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [room.bills[0].id], payMethod: 1 });
    const receipt = (await t.server.db.query<{ id: number }>("select id from receipts where tenant_id = $1 and receipt_no = $2", [t.ids.tenantA, paid.receiptNo])).rows[0];
    expect((await voidAtOnce(t.server, t.admin, receipt.id, "开错票据")).body.code).toBe(0);
    const inhabitant = await ok(t.server, "POST", "/api/system/inhabitants", t.admin, { name: "推送住户", phone: "13912345678", roomId: fx.rooms[1].id, communityId: fx.communityId });
    await sweep();
    const events = received.map((r) => JSON.parse(r.body) as { event: string; data: Record<string, unknown> });
    expect(events.filter((e) => e.event === "receipt.voided").map((e) => e.data)).toContainEqual(expect.objectContaining({ receiptId: receipt.id, receiptNo: paid.receiptNo, reason: "开错票据" }));
    const added = events.filter((e) => e.event === "resident.created");
    expect(added).toHaveLength(1);
    expect(added[0].data).toEqual({ inhabitantId: inhabitant.id, communityId: fx.communityId, roomId: fx.rooms[1].id });
    expect(
      verify(
        residents.body.data.secret,
        received.find((r) => JSON.parse(r.body).event === "resident.created")!,
      ),
    ).toBe(true);
  });

  it("pushes bill.paid for each bill an approval pays in full from a prepayment balance, none for a bill only approved", async () => {
    const made = await subscribe(t.admin, { name: "抵扣推送", url, events: ["bill.paid"], allowPrivateNetwork: true });
    const { secret } = made.body.data;
    const ACCOUNTS = "/api/property/prepayAccounts";
    const account = (await ok(t.server, "POST", ACCOUNTS, t.admin, { communityId: fx.communityId, roomId: fx.rooms[0].id, autoDeduct: true })).id as number;
    await ok(t.server, "POST", `${ACCOUNTS}/${account}/actions/recharge`, t.admin, { amount: "500.00", payMethod: 1 });
    await generate(t.server, t.admin, { period: "2031-02", paymentItemIds: [item] });
    const drafts = await billsOf(t.server, t.ids.tenantA, "community_id = $2 and period = $3", [fx.communityId, "2031-02"]);
    expect(drafts).toHaveLength(2);
    received.length = 0;
    const approved = await approve(
      t.server,
      t.admin,
      drafts.map((b) => b.id),
    );
    expect(approved).toMatchObject({ changed: 2, deducted: 1 });
    await sweep();
    const events = received.filter((r) => verify(secret, r)).map((r) => JSON.parse(r.body) as { id: string; event: string; data: Record<string, unknown> });
    const paidBill = drafts.find((b) => b.room_id === fx.rooms[0].id)!;
    const receipt = await t.server.db.query<{ receipt_no: string }>("select receipt_no from payments where tenant_id = $1 and bill_id = $2", [t.ids.tenantA, paidBill.id]);
    expect(events).toEqual([
      expect.objectContaining({
        event: "bill.paid",
        data: { billId: paidBill.id, communityId: fx.communityId, roomId: fx.rooms[0].id, amountPaid: "200.00", receiptNo: receipt.rows[0].receipt_no, payMethod: 7, paidAt: expect.any(String) },
      }),
    ]);
    expect(events[0].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("pushes resident.created for residents an Excel import adds and for the one an approved 入住审核 adds, none for a request bound to a resident already there", async () => {
    const made = await subscribe(t.admin, { name: "住户来源", url, events: ["resident.created"], allowPrivateNetwork: true });
    const { secret } = made.body.data;
    const { rows } = await t.server.db.query<{ building: string; unit: string; room: string }>(
      `select b.name as building, u.name as unit, r.room_no as room from rooms r
         join buildings b on b.tenant_id = r.tenant_id and b.id = r.building_id join units u on u.tenant_id = r.tenant_id and u.id = r.unit_id
        where r.tenant_id = $1 and r.id = $2`,
      [t.ids.tenantA, fx.rooms[0].id],
    );
    const room = rows[0];
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet("导入数据");
    sheet.addRow(["楼栋", "单元", "房号", "姓名", "手机号", "身份证号", "身份", "邮箱", "入住日期"]);
    sheet.addRow([room.building, room.unit, room.room, "导入推送甲", "13611110001", "", "业主", "", "2024-05-01"]);
    sheet.addRow([room.building, room.unit, room.room, "导入推送乙", "13611110002", "", "家属", "", "2024-05-01"]);
    sheet.addRow([room.building, room.unit, "无此房", "导入推送丙", "13611110003", "", "业主", "", "2024-05-01"]);
    await t.server.db.query("update rooms set max_residents = 100 where tenant_id = $1 and id = $2", [t.ids.tenantA, fx.rooms[0].id]);
    received.length = 0;
    const upload = await t.server.request("POST", `/api/system/inhabitants/actions/import?communityId=${fx.communityId}`, {
      token: t.admin,
      body: Buffer.from(await wb.xlsx.writeBuffer()),
      headers: { "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
    });
    expect(upload.status, upload.text).toBe(200);
    let task: { state: string; detail: { imported: number } } | undefined;
    for (let i = 0; i < 150 && !["completed", "failed"].includes(task?.state ?? ""); i++) {
      if (task) await new Promise((resolve) => setTimeout(resolve, 200));
      task = await ok(t.server, "GET", `/api/system/inhabitants/actions/task?id=${upload.body.data.taskId}`, t.admin);
    }
    expect(task).toMatchObject({ state: "completed", detail: { imported: 2 } });
    const imported = (await t.server.db.query<{ id: number }>("select id from inhabitants where tenant_id = $1 and name in ('导入推送甲', '导入推送乙') order by id", [t.ids.tenantA])).rows.map((r) =>
      Number(r.id),
    );
    expect(imported).toHaveLength(2);

    const order = await ok(t.server, "POST", "/api/system/roomAuditOrders", t.admin, {
      communityId: fx.communityId,
      applicantName: "审核推送",
      phone: "13611110009",
      roomId: fx.rooms[0].id,
      identity: 2,
      applyTime: "2026-01-02T03:04:05.000Z",
    });
    const approved = await ok(t.server, "POST", `/api/system/roomAuditOrders/${order.id}/actions/approve`, t.admin, {});
    // The same person asking again is bound to the resident already there: nothing new to tell of.
    const again = await ok(t.server, "POST", "/api/system/roomAuditOrders", t.admin, {
      communityId: fx.communityId,
      applicantName: "审核推送",
      phone: "13611110009",
      roomId: fx.rooms[0].id,
      identity: 2,
      applyTime: "2026-01-03T03:04:05.000Z",
    });
    expect((await ok(t.server, "POST", `/api/system/roomAuditOrders/${again.id}/actions/approve`, t.admin, {})).inhabitantId).toBe(approved.inhabitantId);

    await sweep();
    const events = received.filter((r) => verify(secret, r)).map((r) => JSON.parse(r.body) as { id: string; event: string; data: Record<string, unknown> });
    expect(events.map((e) => e.event)).toEqual(["resident.created", "resident.created", "resident.created"]);
    expect(events.map((e) => e.data).sort((a, b) => Number(a.inhabitantId) - Number(b.inhabitantId))).toEqual(
      [...imported, approved.inhabitantId].map((inhabitantId) => ({ inhabitantId, communityId: fx.communityId, roomId: fx.rooms[0].id })),
    );
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
  });
});
