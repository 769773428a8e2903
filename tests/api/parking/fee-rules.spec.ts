// 临停收费规则 and its tester (quoteParkingFee): a rule's night prices are asked for only in their
// night mode; the tester answers the fee in yuan with lines that add up to it; an exit before the
// entry, a stay over a year and a time that does not exist are refused with their own messages;
// another tenant's rule is not found, and a user without the parking area's code is refused.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

const QUOTE = "/api/vehicle/parkingFeeRules/actions/quote";

describe.each(backends)("temporary parking rules (%s)", (backend) => {
  const t = useDemoServer(backend);
  let lotId: number;
  let ruleId: number;
  const quote = (body: object, token = t.admin) => t.server.request("POST", QUOTE, { token, body });

  beforeAll(async () => {
    const lot = await t.server.request("POST", "/api/vehicle/parkingLots", { token: t.admin, body: { communityId: t.ids.communityA, name: "东门地库", lotType: 1, totalSpaces: 100 } });
    expect(lot.status, lot.text).toBe(200);
    lotId = lot.body.data.id;
    const rule = await t.server.request("POST", "/api/vehicle/parkingFeeRules", {
      token: t.admin,
      body: {
        communityId: t.ids.communityA,
        lotId,
        name: "昼夜分时",
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
      },
    });
    expect(rule.status, rule.text).toBe(200);
    ruleId = rule.body.data.id;
  });

  it("asks for the night window and price only in their night mode, and keeps one version per lot and date", async () => {
    const base = { communityId: t.ids.communityA, lotId, name: "包夜", freeMinutes: 0, blockMinutes: 60, dayBlockFee: "3.00", nightMode: 0 };
    const missing = await t.server.request("POST", "/api/vehicle/parkingFeeRules", {
      token: t.admin,
      body: { ...base, effectiveFrom: "2026-06-01", nightMode: 2, nightStart: "22:00", nightEnd: "06:00" },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("请输入夜间包夜金额(元)");
    const badTime = await t.server.request("POST", "/api/vehicle/parkingFeeRules", {
      token: t.admin,
      body: { ...base, effectiveFrom: "2026-06-01", nightMode: 2, nightStart: "24:00", nightEnd: "06:00", nightFlatFee: "10" },
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body.message).toBe("请输入时刻，如 20:00");
    const zeroBlock = await t.server.request("POST", "/api/vehicle/parkingFeeRules", { token: t.admin, body: { ...base, effectiveFrom: "2026-06-01", blockMinutes: 0 } });
    expect(zeroBlock.status).toBe(400);
    expect(zeroBlock.body.message).toBe("请输入正整数");
    const sameDate = await t.server.request("POST", "/api/vehicle/parkingFeeRules", { token: t.admin, body: { ...base, effectiveFrom: "2026-01-01" } });
    expect(sameDate.status, sameDate.text).toBe(409);
    // a night price of another mode is not kept
    const flat = await t.server.request("POST", "/api/vehicle/parkingFeeRules", {
      token: t.admin,
      body: { ...base, effectiveFrom: "2026-07-01", nightMode: 2, nightStart: "22:00", nightEnd: "06:00", nightFlatFee: "10.00", nightBlockFee: "9.00" },
    });
    expect(flat.status, flat.text).toBe(200);
    const { rows } = await t.server.db.query<{ night_block_fee: string | null; night_flat_fee: string }>("select night_block_fee, night_flat_fee from parking_fee_rules where id = $1", [
      flat.body.data.id,
    ]);
    expect(rows[0]).toMatchObject({ night_block_fee: null });
    expect(Number(rows[0].night_flat_fee)).toBe(1000);
  });

  it("prices a stay across midnight in yuan, with lines that add up to the amount", async () => {
    const r = await quote({ ruleId, enteredAt: "2026-05-01 19:00", leftAt: "2026-05-02 01:00" });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({
      amount: "13.00",
      lines: [
        { label: "首段 120 分钟", amount: "5.00" },
        { label: "夜间 8 段 × 1.00 元", amount: "8.00" },
      ],
    });
    // the same instants with their zone
    const zoned = await quote({ ruleId, enteredAt: "2026-05-01T11:00:00Z", leftAt: "2026-05-02T01:00:00+08:00" });
    expect(zoned.body.data.amount).toBe("13.00");
  });

  it("caps each 24 h and shows what the cap took off", async () => {
    const r = await quote({ ruleId, enteredAt: "2026-05-01 08:00", leftAt: "2026-05-02 10:00" });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.amount).toBe("38.00");
    expect(r.body.data.lines).toContainEqual({ label: "第 1 天 · 每日封顶 30.00 元（减免）", amount: "-39.00" });
    const total = r.body.data.lines.reduce((s: number, l: { amount: string }) => s + Math.round(Number(l.amount) * 100), 0);
    expect(total).toBe(3800);
  });

  it("is free within the free minutes", async () => {
    const r = await quote({ ruleId, enteredAt: "2026-05-01 09:00", leftAt: "2026-05-01 09:15" });
    expect(r.body.data).toEqual({ amount: "0.00", lines: [{ label: "免费时长 15 分钟内", amount: "0.00" }] });
  });

  it("refuses an exit before the entry, a stay over a year and a time that does not exist", async () => {
    const before = await quote({ ruleId, enteredAt: "2026-05-01 09:00", leftAt: "2026-05-01 08:59" });
    expect(before.status).toBe(400);
    expect(before.body).toMatchObject({ code: 40051, message: "出场时间不能早于入场时间" });
    const long = await quote({ ruleId, enteredAt: "2025-01-01 09:00", leftAt: "2026-05-01 09:00" });
    expect(long.body).toMatchObject({ code: 40052, message: "停车时长超过366天，请核对入场与出场时间" });
    for (const bad of ["2026-02-30 10:00", "2026-05-01 24:00", "2026-13-01 10:00"]) {
      const r = await quote({ ruleId, enteredAt: bad, leftAt: "2026-05-02 10:00" });
      expect(r.status, bad).toBe(400);
      expect(r.body, bad).toMatchObject({ code: 40053, message: "入场或出场时间不正确" });
    }
    const shape = await quote({ ruleId, enteredAt: "明天", leftAt: "2026-05-02 10:00" });
    expect(shape.status).toBe(400);
    expect(shape.body.message).toBe("入场时间格式不正确");
    const none = await quote({ enteredAt: "2026-05-01 09:00", leftAt: "2026-05-01 10:00" });
    expect(none.body.message).toBe("请输入收费规则");
  });

  it("does not show another tenant's rule, and needs the parking area's code", async () => {
    const other = await quote({ ruleId, enteredAt: "2026-05-01 09:00", leftAt: "2026-05-01 12:00" }, t.admin2);
    expect(other.status).toBe(404);
    const missing = await quote({ ruleId: 999999, enteredAt: "2026-05-01 09:00", leftAt: "2026-05-01 12:00" });
    expect(missing.status).toBe(404);
    const staff = await quote({ ruleId, enteredAt: "2026-05-01 09:00", leftAt: "2026-05-01 12:00" }, t.staff);
    expect(staff.status).not.toBe(200);
    expect(staff.body.code).toBe(403);
  });
});
