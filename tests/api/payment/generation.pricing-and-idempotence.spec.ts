// Bill generation (issue item 2): every pricing method gives the amount the shared arithmetic
// (src/common/payment/pricing.ts) gives, to the fen; rounding modes apply; a second run creates
// nothing and reports what existed; the run is a task of the task centre; a run cut off mid-way
// resumes from its cursor without duplicates; bad requests get their Chinese message.
import { beforeAll, describe, expect, it } from "vitest";
import { billAmountFen } from "../../../src/common/payment/pricing.ts";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { billsOf, generate, makeCommunity, meterTypeId, ok, paymentItem, PERIOD, priceType, waitTask, type Fixture } from "./support.ts";

describe.each(backends)("bill generation (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;

  beforeAll(async () => {
    // Areas chosen for rounding: 0.5 fen cases both ways, an unknown area, a house not handed over (未交付).
    fx = await makeCommunity(t.server, t.ids.tenantA, "计价测试社区", [{ area: "89.10" }, { area: "100.00" }, { area: "33.33" }, { area: "0.01" }, { area: null }, { area: "77.77", occupancy: 5 }]);
  });

  /** As if the server died mid-run: the task still active with an expired lease at `cursor`, its batches 生成中 again. */
  const cutOff = async (taskId: number, cursor: object) => {
    await t.server.db.query(`update tasks set state = 'active', locked_by = 'dead-server', locked_until = now() - interval '1 second', finished_at = null, cursor = $2::jsonb where id = $1`, [
      taskId,
      JSON.stringify(cursor),
    ]);
    await t.server.db.query("update bill_batches set status = 1 where task_id = $1", [taskId]);
  };

  /** Four fixed-price items of the community (5 rooms each), named `name`1…4. */
  const fourItems = async (name: string) => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name, pricingMethod: 2, unitPrice: "1.00" });
    const items: number[] = [];
    for (const n of [1, 2, 3, 4]) items.push(await paymentItem(t.server, t.admin, fx.communityId, pt, { name: `${name}${n}` }));
    return items;
  };

  it("prices by building area × unit price, exactly, half up to the fen", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "面积计价", pricingMethod: 1, unitPrice: "2.35" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "物业费" });
    const run = await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    const billable = fx.rooms.filter((r) => r.area && r.occupancy !== 5);
    expect(bills.map((b) => b.room_id)).toEqual(billable.map((r) => r.id));
    for (const b of bills) {
      const room = fx.rooms.find((r) => r.id === b.room_id)!;
      expect(b.amount_due).toBe(billAmountFen({ pricingMethod: 1, billingCycle: 1, unitPriceFen: 235, buildingArea: room.area }));
      expect(b.status).toBe(1);
    }
    // 89.10 × 235 = 20938.5 fen -> 20939; 33.33 × 235 = 7832.55 -> 7833; 0.01 × 235 = 2.35 -> 2.
    expect(bills.map((b) => b.amount_due)).toEqual([20939, 23500, 7833, 2]);
    expect(run.batches[0]).toMatchObject({ billCount: 4, existingCount: 0, skippedCount: 1, roomCount: 5, status: 2, totalAmount: "522.74" });
    expect(run.result).toContain("已生成4张账单");
  });

  it("prices a fixed amount per room × the months of the cycle, and applies the community's rounding", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "固定季度", pricingMethod: 2, unitPrice: "30.05", billingCycle: 2 });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "垃圾费" });
    await ok(t.server, "POST", "/api/property/paymentSettings/actions/save", t.admin, { communityId: fx.communityId, section: "payParams", payMethods: [1, 5], roundingMode: 3 });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    expect(bills).toHaveLength(5);
    // 30.05 × 3 = 90.15 yuan, rounded half up to the yuan = 90.00.
    for (const b of bills) expect(b.amount_due).toBe(9000);
    expect(billAmountFen({ pricingMethod: 2, billingCycle: 2, unitPriceFen: 3005, roundingMode: 3 })).toBe(9000);
    await ok(t.server, "POST", "/api/property/paymentSettings/actions/save", t.admin, { communityId: fx.communityId, section: "payParams", payMethods: [1, 5], roundingMode: 1 });
  });

  it("prices the approved meter use × multiplier × unit price, skipping rooms without an approved reading or whose meter went back", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "水表", pricingMethod: 3, unitPrice: "4.21", meterUnit: "吨", meterMultiplier: "1.50" });
    const water = await meterTypeId(t.server, t.admin);
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "水费", meterTypeId: water });
    const readings: [number, string, string][] = [
      [fx.rooms[0].id, "100.00", "112.35"],
      [fx.rooms[1].id, "0.00", "0.33"],
      [fx.rooms[2].id, "50.00", "40.00"],
      [fx.rooms[3].id, "10.00", "20.00"],
    ];
    for (const [k, [roomId, previousReading, currentReading]] of readings.entries()) {
      const meter = await ok(t.server, "POST", "/api/property/meters", t.admin, {
        communityId: fx.communityId,
        meterNo: `GEN${k}`,
        meterTypeId: water,
        scopeKind: 1,
        roomId,
        multiplier: "1",
        initialReading: previousReading,
        status: 1,
      });
      const reading = await ok(t.server, "POST", "/api/property/meterReadings", t.admin, { communityId: fx.communityId, meterId: meter.id, period: PERIOD, currentReading });
      // The fourth stays 待审核: not billed.
      if (k < 3) await ok(t.server, "POST", `/api/property/meterReadings/${reading.id}/actions/approve`, t.admin, { reviewNote: k === 2 ? "表倒转已核实" : undefined });
    }
    const run = await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    expect(bills.map((b) => b.room_id)).toEqual([fx.rooms[0].id, fx.rooms[1].id]);
    // 12.35 × 1.5 × 421 = 7799.025 -> 7799; 0.33 × 1.5 × 421 = 208.395 -> 208.
    expect(bills.map((b) => b.amount_due)).toEqual([7799, 208]);
    expect(bills[0].amount_due).toBe(billAmountFen({ pricingMethod: 3, billingCycle: 1, unitPriceFen: 421, meterMultiplier: "1.50", previousReading: "100.00", currentReading: "112.35" }));
    expect(run.batches[0].skippedCount).toBe(3);
  });

  it("takes the manually entered amount, which is required and follows the amount rule", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "手工", pricingMethod: 4, billingCycle: 4 });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "押金" });
    const missing = await t.server.request("POST", "/api/property/bills/actions/generate", { token: t.admin, body: { period: PERIOD, paymentItemIds: [item] } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("手工录入的计价类型请填写金额");
    const bad = await t.server.request("POST", "/api/property/bills/actions/generate", { token: t.admin, body: { period: PERIOD, paymentItemIds: [item], manualAmount: "12.345" } });
    expect(bad.body.message).toBe("请输入数字类型，仅保留两位小数");
    const big = await t.server.request("POST", "/api/property/bills/actions/generate", { token: t.admin, body: { period: PERIOD, paymentItemIds: [item], manualAmount: "1000000.01" } });
    expect(big.body.message).toBe("输入的金额不能大于1000000.00");
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item], manualAmount: "500.00" });
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    expect(bills.map((b) => b.amount_due)).toEqual([50000, 50000, 50000, 50000, 50000]);
  });

  it("is idempotent: a second run creates none and reports how many already existed", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "幂等", pricingMethod: 2, unitPrice: "10.00" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "幂等项目" });
    const first = await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    expect(first.batches[0].billCount).toBe(5);
    const second = await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    expect(second.batches[0]).toMatchObject({ billCount: 0, existingCount: 5 });
    expect(second.result).toContain("已存在5张");
    expect(await t.server.count("bills", "tenant_id = $1 and payment_item_id = $2", [t.ids.tenantA, item])).toBe(5);
    // Only the chosen rooms: one more room, one new bill.
    const room = fx.rooms[3].id;
    const third = await generate(t.server, t.admin, { period: "2031-02", paymentItemIds: [item], roomIds: [room] });
    expect(third.batches[0].billCount).toBe(1);
    // The task centre lists the runs, finished.
    const tasks = await ok(t.server, "GET", "/api/management/taskCentre/actions/list?pageSize=3", t.admin);
    expect(tasks.list[0]).toMatchObject({ id: third.id, state: "completed", progress: 100 });
    expect(tasks.list[1]).toMatchObject({ id: second.id, state: "completed", result: expect.stringContaining("已存在5张") });
  });

  it("prices several items of different methods in one run, each batch with its own counters", async () => {
    const area = await paymentItem(t.server, t.admin, fx.communityId, await priceType(t.server, t.admin, fx.communityId, { name: "合并面积", pricingMethod: 1, unitPrice: "2.35" }), {
      name: "合并物业费",
    });
    const fixed = await paymentItem(t.server, t.admin, fx.communityId, await priceType(t.server, t.admin, fx.communityId, { name: "合并固定", pricingMethod: 2, unitPrice: "10.00" }), {
      name: "合并固定费",
    });
    const meter = await paymentItem(t.server, t.admin, fx.communityId, await priceType(t.server, t.admin, fx.communityId, { name: "合并水表", pricingMethod: 3, unitPrice: "4.21", meterUnit: "吨" }), {
      name: "合并水费",
      meterTypeId: await meterTypeId(t.server, t.admin),
    });
    const run = await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [area, fixed, meter] });
    const batchOf = (item: number) => run.batches.find((b: { paymentItemId: number }) => b.paymentItemId === item);
    expect(batchOf(area)).toMatchObject({ billCount: 4, existingCount: 0, skippedCount: 1, roomCount: 5, status: 2, totalAmount: "522.74" });
    expect(batchOf(fixed)).toMatchObject({ billCount: 5, existingCount: 0, skippedCount: 0, roomCount: 5, status: 2, totalAmount: "50.00" });
    // No readings: every room skipped, the batch still finished.
    expect(batchOf(meter)).toMatchObject({ billCount: 0, skippedCount: 5, roomCount: 5, status: 2, totalAmount: "0.00" });
    expect((await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [area])).map((b) => b.amount_due)).toEqual([20939, 23500, 7833, 2]);
    expect((await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [fixed])).map((b) => b.amount_due)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(run.result).toContain("已生成9张账单");
  });

  it("resumes a run cut off mid-way from its cursor, without duplicates", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "续跑", pricingMethod: 1, unitPrice: "1.00" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "续跑项目" });
    const run = await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    const all = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    // As if the server died after the first two rooms: later bills gone, the task still active with an expired lease.
    const cut = all[1].room_id;
    await t.server.db.query("delete from bills where tenant_id = $1 and payment_item_id = $2 and room_id > $3", [t.ids.tenantA, item, cut]);
    await cutOff(run.id, { item: 0, lastRoomId: cut });
    const resumed = await waitTask(t.server, t.admin, run.id);
    expect(resumed.state).toBe("completed");
    const again = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    expect(again.map((b) => [b.room_id, b.amount_due])).toEqual(all.map((b) => [b.room_id, b.amount_due]));
  });

  it("works two halves of the items side by side on PostgreSQL (one after the other on PGlite), each lane resuming from its own part of the cursor", async () => {
    const items = await fourItems("分道项目");
    const run = await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: items });
    const cursorOf = async () => (await t.server.db.query<{ cursor: { lanes: object[] } }>("select cursor from tasks where id = $1", [run.id])).rows[0].cursor;
    const twoLanes = backend === "postgres";
    // The items cut where their rooms are half done, each lane at its end.
    const ended = twoLanes
      ? [
          { item: 2, lastRoomId: 0, end: 2 },
          { item: 4, lastRoomId: 0, end: 4 },
        ]
      : [{ item: 4, lastRoomId: 0, end: 4 }];
    expect((await cursorOf()).lanes).toEqual(ended);
    const ofItems = (ids: number[]) => billsOf(t.server, t.ids.tenantA, "payment_item_id = any($2::bigint[])", [ids]);
    const all = await ofItems(items);
    expect(all).toHaveLength(20);
    // As if the server died with the first lane before its second item, the other after two rooms of its first.
    const cut = all.filter((b) => b.room_id)[1].room_id;
    await t.server.db.query("delete from bills where tenant_id = $1 and (payment_item_id = any($2::bigint[]) or (payment_item_id = $3 and room_id > $4))", [
      t.ids.tenantA,
      twoLanes ? [items[1], items[3]] : [items[3]],
      items[2],
      cut,
    ]);
    const lanes = [...(twoLanes ? [{ item: 1, lastRoomId: 0, end: 2 }] : []), { item: 2, lastRoomId: cut, end: 4 }];
    await cutOff(run.id, { lanes });
    expect((await waitTask(t.server, t.admin, run.id)).state).toBe("completed");
    const again = await ofItems(items);
    expect(again.map((b) => [b.room_id, b.amount_due])).toEqual(all.map((b) => [b.room_id, b.amount_due]));
    expect((await cursorOf()).lanes).toEqual(ended);
  });

  it("fails the whole run when one lane's step fails, both lanes ended first: no batch left 生成中", async () => {
    const items = await fourItems("分道失败");
    // The last item's bills cannot be written (a test trigger), so the second lane fails at its second item.
    await t.server.db.exec(`create function test_refuse_bill() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$;
      create trigger test_refuse_bill before insert on bills for each row when (new.payment_item_id = ${items[3]}) execute function test_refuse_bill();`);
    try {
      const started = await ok(t.server, "POST", "/api/property/bills/actions/generate", t.admin, { period: PERIOD, paymentItemIds: items });
      const task = await waitTask(t.server, t.admin, started.taskId);
      expect(task.state).toBe("failed");
      const stored = await t.server.db.query<{ error: string }>("select error from tasks where id = $1", [started.taskId]);
      expect(stored.rows[0].error).toBe("任务执行失败，请稍后重试");
      const batches = new Map<number, { status: number; billCount: number }>(task.batches.map((b: { paymentItemId: number; status: number; billCount: number }) => [b.paymentItemId, b]));
      // Every batch ended: made (已生成), or marked failed (生成失败) with nothing of the failed step written.
      expect(items.map((i) => batches.get(i)?.status)).not.toContain(1);
      expect(batches.get(items[3])).toMatchObject({ status: 3, billCount: 0 });
      expect(await t.server.count("bills", "payment_item_id = $1", [items[3]])).toBe(0);
      for (const i of items.slice(0, 3)) {
        const b = batches.get(i)!;
        expect(await t.server.count("bills", "payment_item_id = $1", [i])).toBe(b.status === 2 ? 5 : 0);
      }
    } finally {
      await t.server.db.exec("drop trigger test_refuse_bill on bills; drop function test_refuse_bill();");
    }
  });

  it("refuses bad requests with their messages and writes nothing", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "季度校验", pricingMethod: 2, unitPrice: "1.00", billingCycle: 2 });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "季度校验项目" });
    const before = await t.server.count("tasks");
    const bad = async (body: Record<string, unknown>) => (await t.server.request("POST", "/api/property/bills/actions/generate", { token: t.admin, body })).body.message;
    expect(await bad({ period: "2031-13", paymentItemIds: [item] })).toBe("请选择账期");
    expect(await bad({ period: "2031-02", paymentItemIds: [item] })).toContain("按季计费的账期须为季度首月");
    expect(await bad({ period: PERIOD, paymentItemIds: [] })).toBe("请选择要操作的数据");
    const none = await t.server.request("POST", "/api/property/bills/actions/generate", { token: t.admin, body: { period: PERIOD, paymentItemIds: [987654321] } });
    expect(none.status).toBe(404);
    // A pricing type without its unit price can no longer be saved (settings.fields-by-method); one
    // stored before that rule still exists, and generation names it.
    const noPrice = await priceType(t.server, t.admin, fx.communityId, { name: "无单价", pricingMethod: 1, unitPrice: "1.00" });
    await t.server.db.query("update price_types set unit_price = null where tenant_id = $1 and id = $2", [t.ids.tenantA, noPrice]);
    const noPriceItem = await paymentItem(t.server, t.admin, fx.communityId, noPrice, { name: "无单价项目" });
    expect(await bad({ period: PERIOD, paymentItemIds: [noPriceItem] })).toBe("计价类型「无单价」未设置单价");
    expect(await t.server.count("tasks")).toBe(before);
  });

  it("needs the bill-generation authority", async () => {
    const staff = await t.server.login("staff");
    const r = await t.server.request("POST", "/api/property/bills/actions/generate", { token: staff, body: { period: PERIOD, paymentItemIds: [1] } });
    expect(r.status).toBe(401);
    expect(r.body.status).toBe(403);
  });
});
