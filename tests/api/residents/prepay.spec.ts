// Prepaying months from the residents' app (src/server/residents/prepay.ts): the desk's plan for a
// bound room; an order of 用途 预缴 that makes no bill (the same order asked again, another month count
// closing it); the sandbox payment making the months' bills at the frozen price and paying them with
// one receipt; a month paid at the desk meanwhile settled once, the rest flagged 多缴待退; a total
// that changed refused (409); another room 404, a staff session 401.
import { beforeAll, describe, expect, it } from "vitest";
import { monthsBetween } from "../../../src/common/payment/period.ts";
import { backends } from "../support/server.ts";
import { useResidentsServer } from "./support.ts";

const NOT_FOUND = { code: 404, message: "数据不存在或已被删除", data: null, success: false };

interface Plan {
  maxMonths: number;
  items: { id: number; name: string; nextPeriod: string }[];
  plan: { paymentItemId: number; itemName: string; startPeriod: string; months: number; bills: { period: string; amountDue: string; outstanding: string }[]; total: string } | null;
}

describe.each(backends)("residents prepay months online (%s)", (backend) => {
  const t = useResidentsServer(backend);
  let me: { roomId: number; cookie: string; itemId: number };
  let otherRoomId: number;

  const get = (url: string) => t.asResident(me.cookie, "GET", url);
  const planOf = async (query = ""): Promise<Plan> => {
    const r = await get(`/api/h5/rooms/${me.roomId}/prepayPlan${query}`);
    expect(r.status, r.text).toBe(200);
    return r.body.data as Plan;
  };
  const prepay = (roomId: number, body: object) => t.asResident(me.cookie, "POST", `/api/h5/rooms/${roomId}/actions/prepay`, body);
  const billsOfPeriods = (periods: string[]) =>
    t.server.db.query<{ id: number; period: string; status: number; amount_due: number; amount_paid: number }>(
      "select id, period, status, amount_due, amount_paid from bills where tenant_id = $1 and room_id = $2 and payment_item_id = $3 and period = any($4::varchar[]) order by period",
      [t.ids.tenantA, me.roomId, me.itemId, periods],
    );
  /** The sandbox's pay page opened as a phone's browser does, and 确认支付. */
  const payInSandbox = async (payUrl: string) => {
    const url = new URL(payUrl);
    let page = await t.server.request("GET", `${url.pathname}${url.search}`, { xhr: false });
    if (page.status === 302) {
      const to = new URL(String(page.headers.location), url);
      page = await t.server.request("GET", `${to.pathname}${to.search}`, { xhr: false });
    }
    expect(page.status, page.text).toBe(200);
    const pagePath = /action="([^"]+)"/.exec(page.text)?.[1];
    expect((await t.server.request("POST", pagePath!, { xhr: false })).status).toBe(303);
  };

  beforeAll(async () => {
    // A resident of one room whose community takes payments from a phone and has a monthly item to prepay.
    const { rows } = await t.server.db.query<{ phone: string; room_id: number }>(
      `select i.phone, i.room_id from inhabitants i join rooms r on r.tenant_id = i.tenant_id and r.id = i.room_id
        where i.tenant_id = $1 and i.identity in (1, 2, 3) and i.phone is not null and r.building_area > 0
          and exists (select 1 from payment_merchant_communities m where m.tenant_id = i.tenant_id and m.community_id = r.community_id)
          and (select count(distinct j.room_id) from inhabitants j where j.tenant_id = i.tenant_id and j.phone = i.phone and j.identity in (1, 2, 3)) = 1
        order by i.id limit 20`,
      [t.ids.tenantA],
    );
    for (const row of rows) {
      const cookie = await t.signIn(row.phone, "10.7.1.1");
      me = { roomId: Number(row.room_id), cookie, itemId: 0 };
      const plan = await planOf();
      if (plan.items.length) {
        me.itemId = plan.items[0].id;
        break;
      }
    }
    expect(me.itemId).toBeGreaterThan(0);
    const others = await t.server.db.query<{ id: number }>("select id from rooms where tenant_id = $1 and id <> $2 order by id limit 1", [t.ids.tenantA, me.roomId]);
    otherRoomId = Number(others.rows[0].id);
  });

  it("plans months from the item's next unbilled month, and its order makes no bill until paid", async () => {
    const first = await planOf();
    expect(first.maxMonths).toBe(24);
    expect(first.plan).toBeNull();
    const item = first.items.find((i) => i.id === me.itemId)!;
    const { plan } = await planOf(`?paymentItemId=${me.itemId}&months=3`);
    expect(plan).toMatchObject({ paymentItemId: me.itemId, startPeriod: item.nextPeriod, months: 3 });
    expect(plan!.bills.map((b) => b.period)).toEqual(monthsBetween(item.nextPeriod, "9999-12", 3));
    const sum = plan!.bills.reduce((s, b) => s + Math.round(Number(b.outstanding) * 100), 0);
    expect(Math.round(Number(plan!.total) * 100)).toBe(sum);

    const changed = await prepay(me.roomId, { paymentItemId: me.itemId, months: 3, channel: 3, expectedAmount: "0.01" });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 40902, message: "预缴金额已变化，请刷新后重试" });

    const three = await prepay(me.roomId, { paymentItemId: me.itemId, months: 3, channel: 3, expectedAmount: plan!.total });
    expect(three.status, three.text).toBe(200);
    expect(three.body.data).toMatchObject({ amount: plan!.total, status: 1 });
    const order = await t.server.db.query<{ purpose: number; origin: number; prepay_item_id: number; prepay_start_period: string; prepay_months: number }>(
      "select purpose, origin, prepay_item_id, prepay_start_period, prepay_months from online_payment_orders where id = $1",
      [three.body.data.orderId],
    );
    expect(order.rows[0]).toMatchObject({ purpose: 3, origin: 3, prepay_start_period: item.nextPeriod, prepay_months: 3 });
    expect(Number(order.rows[0].prepay_item_id)).toBe(me.itemId);
    expect((await billsOfPeriods(plan!.bills.map((b) => b.period))).rows).toEqual([]);
    // Asked again: the same order; with another month count: that one closed, a new one.
    expect((await prepay(me.roomId, { paymentItemId: me.itemId, months: 3, channel: 3, expectedAmount: plan!.total })).body.data).toEqual(three.body.data);
    const { plan: two } = await planOf(`?paymentItemId=${me.itemId}&months=2`);
    const other = await prepay(me.roomId, { paymentItemId: me.itemId, months: 2, channel: 3, expectedAmount: two!.total });
    expect(other.status, other.text).toBe(200);
    expect(other.body.data.orderId).not.toBe(three.body.data.orderId);
    expect((await get(`/api/h5/payments/${three.body.data.orderId}`)).body.data).toMatchObject({ status: 3, statusLabel: "已关闭", bills: [], receipts: [] });
    // Abandoned: still no bill of those months.
    expect((await billsOfPeriods(plan!.bills.map((b) => b.period))).rows).toEqual([]);

    // Paid: the two months' bills made at the frozen price and paid, one receipt with both lines.
    await payInSandbox(other.body.data.payUrl);
    const paid = await get(`/api/h5/payments/${other.body.data.orderId}`);
    expect(paid.body.data).toMatchObject({ status: 2, statusLabel: "已支付", note: null, amount: two!.total });
    expect(paid.body.data.bills.map((b: { period: string }) => b.period)).toEqual(two!.bills.map((b) => b.period));
    const made = (await billsOfPeriods(two!.bills.map((b) => b.period))).rows;
    expect(made.map((b) => b.status)).toEqual([4, 4]);
    expect(made.map((b) => (Number(b.amount_due) / 100).toFixed(2))).toEqual(two!.bills.map((b) => b.amountDue));
    const receipt = await get(`/api/h5/receipts/${paid.body.data.receipts[0].id}`);
    expect(receipt.body.data).toMatchObject({ total: two!.total, payMethodLabel: "微信", voided: false });
    expect(receipt.body.data.lines.map((l: { period: string }) => l.period)).toEqual(two!.bills.map((b) => b.period));
    // The next plan starts after them.
    expect((await planOf()).items.find((i) => i.id === me.itemId)!.nextPeriod).toBe(monthsBetween(two!.startPeriod, "9999-12", 3)[2]);
  });

  it("settles a month the desk took meanwhile once: the other month made and paid, the rest flagged 多缴待退", async () => {
    const { plan } = await planOf(`?paymentItemId=${me.itemId}&months=2`);
    const r = await prepay(me.roomId, { paymentItemId: me.itemId, months: 2, channel: 5, expectedAmount: plan!.total });
    expect(r.status, r.text).toBe(200);
    const desk = await t.server.request("POST", "/api/property/bills/actions/prepay", {
      token: t.admin,
      body: { roomId: me.roomId, paymentItemId: me.itemId, startPeriod: plan!.startPeriod, months: 1, payMethod: 1 },
    });
    expect(desk.status, desk.text).toBe(200);
    await payInSandbox(r.body.data.payUrl);
    const paid = await get(`/api/h5/payments/${r.body.data.orderId}`);
    expect(paid.body.data).toMatchObject({ status: 2, note: "多缴待退" });
    expect(paid.body.data.bills.map((b: { period: string }) => b.period)).toEqual([plan!.bills[1].period]);
    const bills = (await billsOfPeriods(plan!.bills.map((b) => b.period))).rows;
    expect(bills.map((b) => b.status)).toEqual([4, 4]);
    const flagged = await t.server.db.query<{ flag: number; flag_note: string }>("select flag, flag_note from online_payment_orders where id = $1", [r.body.data.orderId]);
    expect(flagged.rows[0]).toMatchObject({ flag: 2, flag_note: plan!.bills[0].outstanding });
  });

  it("refuses another room (404) and a staff session (401)", async () => {
    expect((await get(`/api/h5/rooms/${otherRoomId}/prepayPlan`)).body).toEqual(NOT_FOUND);
    expect((await prepay(otherRoomId, { paymentItemId: me.itemId, months: 1, channel: 3, expectedAmount: "1.00" })).body).toEqual(NOT_FOUND);
    for (const [method, url] of [
      ["GET", `/api/h5/rooms/${me.roomId}/prepayPlan`],
      ["POST", `/api/h5/rooms/${me.roomId}/actions/prepay`],
    ] as const) {
      const r = await t.server.request(method, url, { token: t.admin, ...(method === "POST" ? { body: { paymentItemId: me.itemId, months: 1, channel: 3, expectedAmount: "1.00" } } : {}) });
      expect(r.status, url).toBe(401);
    }
  });
});
