// Parking paid like any bill. Monthly rent: a place 出租 to a room names a rent item (category
// 停车月租类); generation bills that item only to the rooms a place is rented to, and a rent bill settled
// — at the desk, online, from the balance at approval — moves the place's 月租缴至 to the end of the
// last period paid without a gap (an owed month, or a month with no bill, ends it), never back; a
// voided receipt moves it back to what the settled bills left give. A room
// rents one place per rent item. Temporary stays: quoted by the lot's rule of the entry day and paid
// at exit as a counter charge (payments source 临时收费, a receipt, the day's 日结), with a 停车缴费 row;
// a free stay is recorded without payment; a changed amount, a lot without a rule, another tenant's
// lot and a user without the parking payment code are refused.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { payBills } from "../../../src/server/payment/cashier.ts";
import type { SessionInfo } from "../../../src/server/platform/session/session-store.ts";
import { chinaDay } from "../../../src/common/china-time.ts";
import { billsOf, generate, makeCommunity, ok, paymentItem, priceType, setFourEyes, voidAtOnce, type Fixture } from "../payment/support.ts";

const RENT_PERIODS = ["2031-01", "2031-02", "2031-03", "2031-04"];

describe.each(backends)("parking rent and stays (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let item: number;
  let lotId: number;
  const places: number[] = [];
  let vehicle: number;
  const post = (url: string, body: unknown, token = t.admin) => t.server.request("POST", url, { token, body });
  const paidUntil = async (id: number) => (await ok(t.server, "GET", `/api/vehicle/parkingPlaces/${id}`, t.admin)).paidUntil as string | null;
  const vehiclePaidUntil = async () => (await ok(t.server, "GET", `/api/vehicle/licencePlates/${vehicle}`, t.admin)).paidUntil as string | null;
  const billOf = async (roomId: number, period: string) => (await billsOf(t.server, t.ids.tenantA, "room_id = $2 and payment_item_id = $3 and period = $4", [roomId, item, period]))[0];

  it("the demo renters' cars are in their room's resident's name, with the phone, bound to the rented place", async () => {
    const { rows } = await t.server.db.query<{ plate: string; owner_name: string | null; owner_phone: string | null; resident: string; phone: string; place_no: string }>(
      `select v.plate, v.owner_name, v.owner_phone, i.name as resident, i.phone, p.place_no
         from licence_plates v join inhabitants i on i.tenant_id = v.tenant_id and i.id = v.inhabitant_id and i.room_id = v.room_id
         join parking_places p on p.tenant_id = v.tenant_id and p.id = v.parking_place_id
        where v.tenant_id = $1 and v.plate like '浙AYZ00%' order by v.plate`,
      [t.ids.tenantA],
    );
    expect(rows.map((r) => [r.plate, r.place_no])).toEqual([
      ["浙AYZ001", "YZ01"],
      ["浙AYZ002", "YZ02"],
      ["浙AYZ003", "YZ03"],
    ]);
    for (const r of rows) expect([r.owner_name, r.owner_phone]).toEqual([r.resident, r.phone]);
  });

  beforeAll(async () => {
    // About something else than four eyes: one person applies and approves (docs/payment.md).
    await setFourEyes(t.server, t.admin, false);
    fx = await makeCommunity(t.server, t.ids.tenantA, "车位月租小区", [{ area: "80.00" }, { area: "90.00" }, { area: "100.00" }]);
    const price = await priceType(t.server, t.admin, fx.communityId, { name: "车位月租", pricingMethod: 2, unitPrice: "300.00" });
    item = await paymentItem(t.server, t.admin, fx.communityId, price, { name: "地库车位月租", category: 4, paymentType: 2 });
    lotId = (await ok(t.server, "POST", "/api/vehicle/parkingLots", t.admin, { communityId: fx.communityId, name: "地下车库", lotType: 2, totalSpaces: 50 })).id;
    for (const [i, roomId] of [fx.rooms[0].id, fx.rooms[1].id, null].entries()) {
      const body = { communityId: fx.communityId, lotId, placeNo: `B00${i + 1}`, placeType: 2, status: roomId ? 2 : 1, roomId, rentItemId: roomId ? item : null };
      places.push((await ok(t.server, "POST", "/api/vehicle/parkingPlaces", t.admin, body)).id);
    }
    vehicle = (await ok(t.server, "POST", "/api/vehicle/licencePlates", t.admin, { communityId: fx.communityId, plate: "浙A12345", plateType: 1, parkingPlaceId: places[0] })).id;
    await ok(t.server, "POST", "/api/vehicle/parkingFeeRules", t.admin, {
      communityId: fx.communityId,
      lotId,
      name: "昼夜封顶",
      effectiveFrom: "2026-01-01",
      freeMinutes: 15,
      firstMinutes: 120,
      firstFee: "5.00",
      blockMinutes: 30,
      dayBlockFee: "2.00",
      nightMode: 1,
      nightStart: "20:00",
      nightEnd: "08:00",
      nightBlockFee: "1.00",
      dailyCap: "30.00",
    });
  });

  it("bills the rent item only to the rooms a place is rented to", async () => {
    const run = await generate(t.server, t.admin, { period: RENT_PERIODS[0], paymentItemIds: [item] });
    expect(run.batches[0]).toMatchObject({ billCount: 2, roomCount: 2 });
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    expect(bills.map((b) => [b.room_id, b.amount_due])).toEqual([
      [fx.rooms[0].id, 30000],
      [fx.rooms[1].id, 30000],
    ]);
    for (const period of RENT_PERIODS.slice(1)) await generate(t.server, t.admin, { period, paymentItemIds: [item], roomIds: [fx.rooms[0].id] });
    const all = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    await ok(t.server, "POST", "/api/property/bills/actions/approve", t.admin, { ids: all.map((b) => b.id) });
  });

  it("moves the place's paid-until date to the end of the last period paid without a gap, never back", async () => {
    expect(await paidUntil(places[0])).toBeNull();
    const march = await billOf(fx.rooms[0].id, "2031-03");
    await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [march.id], payMethod: 5, receivedAmount: "300.00" });
    // January and February are owed: March alone does not make the place paid
    expect(await paidUntil(places[0])).toBeNull();
    const january = await billOf(fx.rooms[0].id, "2031-01");
    const paid = await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [january.id], payMethod: 1 });
    expect(paid.receiptNo).toBeTruthy();
    // January and March paid, February owed: paid to the end of January
    expect(await paidUntil(places[0])).toBe("2031-01-31");
    const february = await billOf(fx.rooms[0].id, "2031-02");
    await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [february.id], payMethod: 1 });
    expect(await paidUntil(places[0])).toBe("2031-03-31");
    // the vehicle bound to it shows the same date, moved by the same payment
    expect(await vehiclePaidUntil()).toBe("2031-03-31");
    // the other rented place is untouched
    expect(await paidUntil(places[1])).toBeNull();
  });

  it("moves it back to what the remaining settled bills give when a receipt is voided", async () => {
    const march = await billOf(fx.rooms[0].id, "2031-03");
    const { rows } = await t.server.db.query<{ id: number }>(
      "select r.id from receipts r join payments p on p.tenant_id = r.tenant_id and p.receipt_no = r.receipt_no where r.tenant_id = $1 and p.bill_id = $2",
      [t.ids.tenantA, march.id],
    );
    expect((await voidAtOnce(t.server, t.admin, rows[0].id, "收错车位")).body.code).toBe(0);
    expect((await billOf(fx.rooms[0].id, "2031-03")).status).toBe(2);
    expect(await paidUntil(places[0])).toBe("2031-02-28");
    expect(await vehiclePaidUntil()).toBe("2031-02-28");
  });

  it("gives a vehicle the date of the place it is bound to: another place's, or none without a place", async () => {
    const rebind = (parkingPlaceId: number | null) => ok(t.server, "PUT", `/api/vehicle/licencePlates/${vehicle}`, t.admin, { parkingPlaceId });
    expect((await rebind(places[2])).paidUntil).toBeNull();
    expect((await rebind(places[0])).paidUntil).toBe("2031-02-28");
    await rebind(null);
    expect(await vehiclePaidUntil()).toBeNull();
    // The date is the payments' alone: a client cannot write it.
    await rebind(places[0]);
    await t.server.request("PUT", `/api/vehicle/licencePlates/${vehicle}`, { token: t.admin, body: { paidUntil: "2099-12-31" } });
    expect(await vehiclePaidUntil()).toBe("2031-02-28");
  });

  it("extends it when a bill is paid online (the gateway's settlement goes through the same payment)", async () => {
    const march = await billOf(fx.rooms[0].id, "2031-03");
    const april = await billOf(fx.rooms[0].id, "2031-04");
    const session: SessionInfo = {
      tokenHash: "online",
      userId: null as unknown as number,
      tenantId: t.ids.tenantA,
      username: "",
      realName: null,
      userType: "0",
      authorities: [],
      communityIds: null,
      tenantName: "",
      sceneName: "",
    };
    await t.server.db.transaction((tx) => payBills(tx, session, null, { billIds: [march.id, april.id], payMethod: null }, { online: { payMethod: 1 } }));
    expect(await paidUntil(places[0])).toBe("2031-04-30");
  });

  it("extends it when approval pays the bill from the room's balance, up to a month with no bill", async () => {
    const room = fx.rooms[1].id;
    const january = await billOf(room, "2031-01");
    await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [january.id], payMethod: 1 });
    expect(await paidUntil(places[1])).toBe("2031-01-31");
    const account = await ok(t.server, "POST", "/api/property/prepayAccounts", t.admin, { communityId: fx.communityId, roomId: room, autoDeduct: true });
    await ok(t.server, "POST", `/api/property/prepayAccounts/${account.id}/actions/recharge`, t.admin, { amount: "1000.00", payMethod: 5 });
    for (const period of ["2031-02", "2031-05"]) await generate(t.server, t.admin, { period, paymentItemIds: [item], roomIds: [room] });
    const february = await billOf(room, "2031-02");
    const may = await billOf(room, "2031-05");
    const r = await ok(t.server, "POST", "/api/property/bills/actions/approve", t.admin, { ids: [february.id, may.id] });
    expect(r.deducted).toBe(2);
    // March and April were never billed: the run stops at the end of February
    expect(await paidUntil(places[1])).toBe("2031-02-28");
  });

  it("lets a room rent one place per rent item, and a rented place billed monthly needs its room", async () => {
    const base = { communityId: fx.communityId, lotId, placeType: 2, status: 2, rentItemId: item };
    const taken = await post("/api/vehicle/parkingPlaces", { ...base, placeNo: "B009", roomId: fx.rooms[0].id });
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe(40055);
    const noRoom = await post("/api/vehicle/parkingPlaces", { ...base, placeNo: "B010", roomId: null });
    expect(noRoom.body.code).toBe(40056);
    // a vacant place keeps no rent item
    const vacant = await ok(t.server, "GET", `/api/vehicle/parkingPlaces/${places[2]}`, t.admin);
    expect(vacant.rentItemId ?? null).toBeNull();
  });

  it("quotes a stay by the lot's rule and takes the money at exit into the payments and the day's settlement", async () => {
    const stay = { lotId, plate: "浙A12345", enteredAt: "2026-05-01 19:00", leftAt: "2026-05-02 01:00" };
    const quoted = await ok(t.server, "POST", "/api/vehicle/parkingPayments/actions/quoteStay", t.admin, stay);
    expect(quoted).toMatchObject({ ruleName: "昼夜封顶", amount: "13.00" });
    const sum = quoted.lines.reduce((s: number, l: { amount: string }) => s + Math.round(Number(l.amount) * 100), 0);
    expect(sum).toBe(1300);

    const changed = await post("/api/vehicle/parkingPayments/actions/payStay", { ...stay, payMethod: 5, expectedAmount: "12.00" });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe(40985);

    const paid = await ok(t.server, "POST", "/api/vehicle/parkingPayments/actions/payStay", t.admin, { ...stay, payMethod: 5, receivedAmount: "20.00", expectedAmount: "13.00" });
    expect(paid).toMatchObject({ amount: "13.00", changeAmount: "7.00" });
    expect(paid.receiptNo).toBeTruthy();
    expect(paid.orderNo).toMatch(/^TC\d{10}$/);
    const row = await ok(t.server, "GET", `/api/vehicle/parkingPayments/${paid.id}`, t.admin);
    expect(row).toMatchObject({ lotId, feeType: 1, amount: "13.00", payMethod: 5, receiptNo: paid.receiptNo, receiptId: paid.receiptId });
    const { rows } = await t.server.db.query<{ amount: string; source: number; room_id: number | null; cashier_id: number }>(
      "select amount, source, room_id, cashier_id from payments where tenant_id = $1 and receipt_no = $2",
      [t.ids.tenantA, paid.receiptNo],
    );
    expect(rows.map((p) => [Number(p.amount), p.source, p.room_id])).toEqual([[1300, 4, null]]);
    const day = await ok(t.server, "GET", `/api/property/reconciliations/actions/day?communityId=${fx.communityId}&day=${chinaDay()}`, t.admin);
    const cash = day.rows.find((r: { payMethod: number }) => r.payMethod === 5);
    expect(Number(cash.recordedAmount)).toBeGreaterThanOrEqual(13);
    const received = await ok(t.server, "POST", "/api/property/payments/actions/pageList", t.admin, { communityId: fx.communityId, receiptNo: paid.receiptNo, pageSize: 10 });
    expect(received.list.length).toBe(1);
  });

  it("records a free stay without payment, and refuses a lot without a rule, another tenant's lot and a user without the code", async () => {
    const free = await ok(t.server, "POST", "/api/vehicle/parkingPayments/actions/payStay", t.admin, {
      lotId,
      plate: "浙A99999",
      enteredAt: "2026-05-01 10:00",
      leftAt: "2026-05-01 10:10",
      payMethod: 5,
    });
    expect(free).toMatchObject({ amount: "0.00", receiptId: null, receiptNo: null });
    const row = await ok(t.server, "GET", `/api/vehicle/parkingPayments/${free.id}`, t.admin);
    expect(row.amount).toBe("0.00");

    const bare = await ok(t.server, "POST", "/api/vehicle/parkingLots", t.admin, { communityId: fx.communityId, name: "无规则车场", lotType: 1, totalSpaces: 5 });
    const none = await post("/api/vehicle/parkingPayments/actions/quoteStay", { lotId: bare.id, plate: "浙A12345", enteredAt: "2026-05-01 10:00", leftAt: "2026-05-01 12:00" });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe(40054);
    // a rule that starts after the entry day does not price it
    const early = await post("/api/vehicle/parkingPayments/actions/quoteStay", { lotId, plate: "浙A12345", enteredAt: "2025-12-31 10:00", leftAt: "2025-12-31 12:00" });
    expect(early.body.code).toBe(40054);

    const other = await post("/api/vehicle/parkingPayments/actions/payStay", { lotId, plate: "浙A12345", enteredAt: "2026-05-01 10:00", leftAt: "2026-05-01 12:00", payMethod: 5 }, t.admin2);
    expect(other.status).toBe(404);
    const staff = await post("/api/vehicle/parkingPayments/actions/payStay", { lotId, plate: "浙A12345", enteredAt: "2026-05-01 10:00", leftAt: "2026-05-01 12:00", payMethod: 5 }, t.staff);
    expect(staff.status).not.toBe(200);
    expect(staff.body.code).toBe(403);
  });
});
