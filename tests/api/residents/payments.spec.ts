// Paying from the residents' app (src/server/residents/payments.ts): an order of origin 住户端 for a
// bound room's owed bills through the sandbox gateway, with the way back to the app's 支付结果 page;
// the same order again while it is open; the payment settled as the desk's payment and receipt; the
// room's receipts (voided ones marked); and every other room's bills, orders and receipts 404.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useResidentsServer } from "./support.ts";
import { setFourEyes, voidAtOnce } from "../payment/support.ts";

const NOT_FOUND = { code: 404, message: "数据不存在或已被删除", data: null, success: false };

describe.each(backends)("residents pay online and read receipts (%s)", (backend) => {
  const t = useResidentsServer(backend);
  /** A resident bound to one room that owes at least two bills and has no open order. */
  let me: { phone: string; roomId: number; residentId: number; cookie: string };
  /** A room of tenant A that is not the resident's, with an approved bill. */
  let other: { roomId: number; billId: number };

  beforeAll(async () => {
    const { rows } = await t.server.db.query<{ phone: string; room_id: number }>(
      `select i.phone, i.room_id from inhabitants i
        where i.tenant_id = $1 and i.identity in (1, 2, 3) and i.phone is not null
          and (select count(*) from bills b where b.tenant_id = i.tenant_id and b.room_id = i.room_id and b.status = 2) >= 2
          and not exists (select 1 from online_payment_orders o where o.tenant_id = i.tenant_id and o.room_id = i.room_id)
          and (select count(distinct j.room_id) from inhabitants j where j.tenant_id = i.tenant_id and j.phone = i.phone and j.identity in (1, 2, 3)) = 1
        order by i.id desc limit 1`,
      [t.ids.tenantA],
    );
    expect(rows[0]).toBeDefined();
    const cookie = await t.signIn(rows[0].phone, "10.7.0.1");
    const account = await t.server.db.query<{ id: number }>("select id from resident_accounts where tenant_id = $1 and phone = $2", [t.ids.tenantA, rows[0].phone]);
    me = { phone: rows[0].phone, roomId: Number(rows[0].room_id), residentId: Number(account.rows[0].id), cookie };
    const others = await t.server.db.query<{ room_id: number; id: number }>(
      "select room_id, id from bills where tenant_id = $1 and status = 2 and room_id <> $2 and room_id in (select id from rooms where community_id = (select community_id from rooms where id = $2)) order by id limit 1",
      [t.ids.tenantA, me.roomId],
    );
    other = { roomId: Number(others.rows[0].room_id), billId: Number(others.rows[0].id) };
  });

  const get = (url: string) => t.asResident(me.cookie, "GET", url);
  const pay = (roomId: number, body: object) => t.asResident(me.cookie, "POST", `/api/h5/rooms/${roomId}/actions/pay`, body);
  const owedBills = async () => {
    const r = await get(`/api/h5/rooms/${me.roomId}/bills`);
    expect(r.status, r.text).toBe(200);
    return r.body.data as { totalOwed: string; list: { id: number; status: number; amountOwed: string }[] };
  };
  /** The sandbox's pay page opened as a phone's browser does (following the gateway's redirect), and 确认支付. */
  const payInSandbox = async (payUrl: string) => {
    const url = new URL(payUrl);
    let page = await t.server.request("GET", `${url.pathname}${url.search}`, { xhr: false });
    if (page.status === 302) {
      const to = new URL(String(page.headers.location), url);
      page = await t.server.request("GET", `${to.pathname}${to.search}`, { xhr: false });
    }
    expect(page.status, page.text).toBe(200);
    const pagePath = /action="([^"]+)"/.exec(page.text)?.[1];
    expect(pagePath).toMatch(/\/sandbox\/pay\/[0-9a-f]{24}$/);
    expect((await t.server.request("POST", pagePath!, { xhr: false })).status).toBe(303);
    return (await t.server.request("GET", pagePath!, { xhr: false })).text;
  };

  it("offers the room's community's channels for a phone: WeChat H5 and Alipay WAP", async () => {
    const r = await get(`/api/h5/rooms/${me.roomId}/payChannels`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ channels: [3, 5] });
  });

  it("pays one bill through Alipay after changing its mind from WeChat: the first order closed, the payer brought back to the app", async () => {
    const bill = (await owedBills()).list.find((b) => b.status === 2)!;
    const wechat = await pay(me.roomId, { billIds: [bill.id], channel: 3 });
    expect(wechat.status, wechat.text).toBe(200);
    const alipay = await pay(me.roomId, { billIds: [bill.id], channel: 5 });
    expect(alipay.status, alipay.text).toBe(200);
    expect(alipay.body.data.orderId).not.toBe(wechat.body.data.orderId);
    expect(alipay.body.data).toMatchObject({ amount: bill.amountOwed, status: 1 });
    expect((await get(`/api/h5/payments/${wechat.body.data.orderId}`)).body.data).toMatchObject({ status: 3, statusLabel: "已关闭" });
    const back = `/neptune/h5/payment?order=${alipay.body.data.orderId}`;
    expect(decodeURIComponent(alipay.body.data.payUrl)).toContain(back);
    const page = await payInSandbox(alipay.body.data.payUrl);
    expect(page).toContain("支付成功");
    expect(page).toContain(back);
    const paid = await get(`/api/h5/payments/${alipay.body.data.orderId}`);
    expect(paid.body.data).toMatchObject({ status: 2, statusLabel: "已支付", amount: bill.amountOwed, roomId: me.roomId, bills: [{ billId: bill.id, amount: bill.amountOwed }] });
    expect(paid.body.data.receipts).toHaveLength(1);
    const receipt = await get(`/api/h5/receipts/${paid.body.data.receipts[0].id}`);
    expect(receipt.status, receipt.text).toBe(200);
    expect(receipt.body.data).toMatchObject({ total: bill.amountOwed, payMethodLabel: "支付宝", voided: false, roomId: me.roomId });
  });

  it("pays every owed bill of the room through WeChat H5: one order of origin 住户端, the same one while open, settled into a receipt", async () => {
    const before = await owedBills();
    expect(Number(before.totalOwed)).toBeGreaterThan(0);
    const r = await pay(me.roomId, { channel: 3 });
    expect(r.status, r.text).toBe(200);
    const made = r.body.data;
    expect(made).toMatchObject({ amount: before.totalOwed, status: 1, expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(made.payUrl).toMatch(/\/sandbox\/pay\/[0-9a-f]{24}\?redirect_url=/);
    const row = await t.server.db.query<{ origin: number; resident_id: number; amount: number; room_id: number }>(
      "select origin, resident_id, amount, room_id from online_payment_orders where id = $1",
      [made.orderId],
    );
    expect(row.rows[0]).toMatchObject({ origin: 3, resident_id: me.residentId, room_id: me.roomId });
    // Asked again while it is open: the same order, the same pay page.
    const again = await pay(me.roomId, { channel: 3 });
    expect(again.body.data).toEqual(made);
    const pending = await get(`/api/h5/payments/${made.orderId}`);
    expect(pending.body.data).toMatchObject({ status: 1, statusLabel: "待支付", receipts: [], amount: before.totalOwed });
    expect(pending.body.data.bills.length).toBe(before.list.filter((b) => b.status !== 4).length);

    const page = await payInSandbox(made.payUrl);
    expect(page).toContain(`/neptune/h5/payment?order=${made.orderId}`); // 返回商户页面
    const paid = await get(`/api/h5/payments/${made.orderId}`);
    expect(paid.body.data).toMatchObject({ status: 2, statusLabel: "已支付", note: null, paidAt: expect.any(String) });
    const after = await owedBills();
    expect(after.totalOwed).toBe("0.00");
    expect(after.list.every((b) => b.status === 4)).toBe(true);

    const receiptId = paid.body.data.receipts[0].id as number;
    const receipt = await get(`/api/h5/receipts/${receiptId}`);
    expect(receipt.body.data).toMatchObject({ id: receiptId, receiptNo: paid.body.data.receipts[0].receiptNo, total: before.totalOwed, payMethodLabel: "微信", voided: false, voidedAt: null });
    expect(receipt.body.data.lines.length).toBe(pending.body.data.bills.length);
    expect(receipt.body.data.payerName === null || /^.\*\*$/.test(receipt.body.data.payerName)).toBe(true);
    const list = await get(`/api/h5/rooms/${me.roomId}/receipts`);
    expect(list.body.data.list[0]).toMatchObject({ id: receiptId, amount: before.totalOwed, voided: false });

    // Nothing owed now: refused with the message.
    const nothing = await pay(me.roomId, { channel: 3 });
    expect(nothing.status).toBe(400);
    expect(nothing.body).toMatchObject({ code: 40092, message: "所选账单没有待缴金额" });

    // The property voids the receipt (one person: the rule off): the resident sees it 作废.
    await setFourEyes(t.server, t.admin, false);
    const voided = await voidAtOnce(t.server, t.admin, receiptId, "测试作废");
    expect(voided.status, voided.text).toBe(200);
    expect((await get(`/api/h5/receipts/${receiptId}`)).body.data).toMatchObject({ voided: true, voidedAt: expect.any(String) });
    expect((await get(`/api/h5/rooms/${me.roomId}/receipts`)).body.data.list[0]).toMatchObject({ id: receiptId, voided: true });
  });

  it("refuses another room: its bills, orders and receipts answer 404 as if they did not exist", async () => {
    expect((await pay(other.roomId, { channel: 3 })).body).toEqual(NOT_FOUND);
    expect((await pay(me.roomId, { billIds: [other.billId], channel: 3 })).body).toEqual(NOT_FOUND);
    expect((await get(`/api/h5/rooms/${other.roomId}/payChannels`)).body).toEqual(NOT_FOUND);
    expect((await get(`/api/h5/rooms/${other.roomId}/receipts`)).body).toEqual(NOT_FOUND);
    const orders = await t.server.db.query<{ id: number; receipt_id: number | null }>(
      "select id, receipt_id from online_payment_orders where tenant_id = $1 and room_id <> $2 and receipt_id is not null order by id limit 1",
      [t.ids.tenantA, me.roomId],
    );
    expect((await get(`/api/h5/payments/${orders.rows[0].id}`)).body).toEqual(NOT_FOUND);
    expect((await get(`/api/h5/receipts/${orders.rows[0].receipt_id}`)).body).toEqual(NOT_FOUND);
    const b = await t.server.db.query<{ id: number }>("select id from receipts where tenant_id = $1 order by id limit 1", [t.ids.tenantB]);
    if (b.rows[0]) expect((await get(`/api/h5/receipts/${b.rows[0].id}`)).body).toEqual(NOT_FOUND);
    expect((await get("/api/h5/payments/999999999")).body).toEqual(NOT_FOUND);
    // The other room's bill is not held by any order.
    expect(await t.server.count("online_payment_order_bills", "bill_id = $1 and open_bill_id is not null", [other.billId])).toBe(0);
  });

  it("refuses a channel other than a phone's, and a staff session", async () => {
    const wrong = await pay(me.roomId, { channel: 1 });
    expect(wrong.status).toBe(400);
    for (const [method, url] of [
      ["GET", `/api/h5/rooms/${me.roomId}/payChannels`],
      ["POST", `/api/h5/rooms/${me.roomId}/actions/pay`],
      ["GET", "/api/h5/payments/1"],
      ["GET", `/api/h5/rooms/${me.roomId}/receipts`],
      ["GET", "/api/h5/receipts/1"],
    ] as const) {
      const r = await t.server.request(method, url, { token: t.admin, ...(method === "POST" ? { body: { channel: 3 } } : {}) });
      expect(r.status, url).toBe(401);
      expect(r.body.code).toBe(401);
    }
  });
});
