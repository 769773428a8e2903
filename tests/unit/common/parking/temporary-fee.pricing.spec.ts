import { describe, expect, it } from "vitest";
import { minuteOfDay, quoteTemporaryFee, type TemporaryFeeRule } from "../../../../src/common/parking/temporary-fee.ts";

// First 2 h ¥5, then ¥2 per 30 min by day and ¥1 per 30 min by night (20:00–08:00), capped at ¥30 per 24 h.
const dayNight: TemporaryFeeRule = {
  freeMinutes: 15,
  firstMinutes: 120,
  firstFee: 500,
  blockMinutes: 30,
  dayBlockFee: 200,
  nightStart: "20:00",
  nightEnd: "08:00",
  nightBlockFee: 100,
  nightFlatFee: null,
  dailyCap: 3000,
};
const at = (text: string) => new Date(`${text}+08:00`);
const quote = (rule: TemporaryFeeRule, from: string, to: string) => {
  const r = quoteTemporaryFee(rule, at(from), at(to));
  if (!r.ok) throw new Error(r.reason);
  return r;
};
const amount = (rule: TemporaryFeeRule, from: string, to: string) => quote(rule, from, to).amount;

describe("temporary parking fee", () => {
  it("is free within the free minutes, the last free minute included, and charged from entry after it", () => {
    expect(quote(dayNight, "2026-05-01T09:00:00", "2026-05-01T09:00:00")).toEqual({ ok: true, amount: 0, lines: [{ label: "免费时长 15 分钟内", amount: 0 }] });
    expect(amount(dayNight, "2026-05-01T09:00:00", "2026-05-01T09:15:00")).toBe(0);
    expect(amount(dayNight, "2026-05-01T09:00:00", "2026-05-01T09:16:00")).toBe(500);
    // a started minute counts: 15 min 1 s is 16 minutes
    expect(amount(dayNight, "2026-05-01T09:00:00", "2026-05-01T09:15:01")).toBe(500);
  });

  it("charges the first segment alone up to its end, then a whole block for each started one", () => {
    expect(amount(dayNight, "2026-05-01T09:00:00", "2026-05-01T11:00:00")).toBe(500);
    expect(amount(dayNight, "2026-05-01T09:00:00", "2026-05-01T11:01:00")).toBe(700);
    expect(amount(dayNight, "2026-05-01T09:00:00", "2026-05-01T11:30:00")).toBe(700);
    expect(amount(dayNight, "2026-05-01T09:00:00", "2026-05-01T11:31:00")).toBe(900);
    expect(quote(dayNight, "2026-05-01T09:00:00", "2026-05-01T12:00:00").lines).toEqual([
      { label: "首段 120 分钟", amount: 500 },
      { label: "白天 2 段 × 2.00 元", amount: 400 },
    ]);
  });

  it("prices a block by the time it starts: day blocks before 20:00, night blocks from 20:00", () => {
    expect(quote(dayNight, "2026-05-01T17:00:00", "2026-05-01T20:30:00").lines).toEqual([
      { label: "首段 120 分钟", amount: 500 },
      { label: "白天 2 段 × 2.00 元", amount: 400 },
      { label: "夜间 1 段 × 1.00 元", amount: 100 },
    ]);
    expect(amount(dayNight, "2026-05-01T18:00:00", "2026-05-01T21:00:00")).toBe(700);
    // 07:00 and 07:30 are night, 08:00 is day again (lines: day before night, whatever the order of the blocks)
    expect(quote(dayNight, "2026-05-02T05:00:00", "2026-05-02T08:30:00").lines).toEqual([
      { label: "首段 120 分钟", amount: 500 },
      { label: "白天 1 段 × 2.00 元", amount: 200 },
      { label: "夜间 2 段 × 1.00 元", amount: 200 },
    ]);
  });

  it("prices a stay across midnight at the night rate", () => {
    expect(quote(dayNight, "2026-05-01T19:00:00", "2026-05-02T01:00:00")).toEqual({
      ok: true,
      amount: 1300,
      lines: [
        { label: "首段 120 分钟", amount: 500 },
        { label: "夜间 8 段 × 1.00 元", amount: 800 },
      ],
    });
  });

  it("caps each 24 h from entry at the daily cap, the cap's line taking off the excess", () => {
    expect(quote(dayNight, "2026-05-01T08:00:00", "2026-05-01T20:00:00")).toEqual({
      ok: true,
      amount: 3000,
      lines: [
        { label: "首段 120 分钟", amount: 500 },
        { label: "白天 20 段 × 2.00 元", amount: 4000 },
        { label: "每日封顶 30.00 元（减免）", amount: -1500 },
      ],
    });
    // exactly at the cap: no cap line
    const atCap = { ...dayNight, dailyCap: 4500 };
    expect(quote(atCap, "2026-05-01T08:00:00", "2026-05-01T20:00:00").lines.map((l) => l.label)).not.toContain("每日封顶 45.00 元（减免）");
  });

  it("prices a stay over 24 h day by day, each day capped, the first segment only on the first", () => {
    const r = quote(dayNight, "2026-05-01T08:00:00", "2026-05-02T10:00:00");
    expect(r.amount).toBe(3000 + 800);
    expect(r.lines).toEqual([
      { label: "第 1 天 · 首段 120 分钟", amount: 500 },
      { label: "第 1 天 · 白天 20 段 × 2.00 元", amount: 4000 },
      { label: "第 1 天 · 夜间 24 段 × 1.00 元", amount: 2400 },
      { label: "第 1 天 · 每日封顶 30.00 元（减免）", amount: -3900 },
      { label: "第 2 天 · 白天 4 段 × 2.00 元", amount: 800 },
    ]);
    // exactly 24 h is one day; one minute more starts the second
    expect(amount(dayNight, "2026-05-01T08:00:00", "2026-05-02T08:00:00")).toBe(3000);
    expect(amount(dayNight, "2026-05-01T08:00:00", "2026-05-02T08:01:00")).toBe(3200);
    // three full days
    expect(amount(dayNight, "2026-05-01T08:00:00", "2026-05-04T08:00:00")).toBe(9000);
  });

  it("charges a flat night price once per night the blocks touch", () => {
    const flat: TemporaryFeeRule = { ...dayNight, nightBlockFee: null, nightFlatFee: 1000, dailyCap: null };
    expect(quote(flat, "2026-05-01T19:00:00", "2026-05-02T09:00:00").lines).toEqual([
      { label: "首段 120 分钟", amount: 500 },
      { label: "白天 2 段 × 2.00 元", amount: 400 },
      { label: "夜间包夜 1 晚 × 10.00 元", amount: 1000 },
    ]);
    // two nights within one 24 h day (entered before dawn, left after dusk)
    expect(quote(flat, "2026-05-01T06:00:00", "2026-05-01T21:00:00").lines).toEqual([
      { label: "首段 120 分钟", amount: 500 },
      { label: "白天 24 段 × 2.00 元", amount: 4800 },
      { label: "夜间包夜 1 晚 × 10.00 元", amount: 1000 },
    ]);
    expect(quote(flat, "2026-05-01T03:00:00", "2026-05-01T21:00:00").lines).toContainEqual({ label: "夜间包夜 2 晚 × 10.00 元", amount: 2000 });
  });

  it("has no night without a window, without night prices, or with an empty window", () => {
    const noNight = { ...dayNight, nightStart: null, dailyCap: null };
    expect(amount(noNight, "2026-05-01T19:00:00", "2026-05-02T01:00:00")).toBe(500 + 8 * 200);
    expect(amount({ ...dayNight, nightBlockFee: null, dailyCap: null }, "2026-05-01T19:00:00", "2026-05-02T01:00:00")).toBe(500 + 8 * 200);
    expect(amount({ ...dayNight, nightEnd: "20:00", dailyCap: null }, "2026-05-01T19:00:00", "2026-05-02T01:00:00")).toBe(500 + 8 * 200);
  });

  it("reads a night window that does not wrap midnight", () => {
    const early: TemporaryFeeRule = { ...dayNight, nightStart: "00:00", nightEnd: "06:00", firstMinutes: 0, freeMinutes: 0, dailyCap: null };
    expect(quote(early, "2026-05-01T23:00:00", "2026-05-02T07:00:00").lines).toEqual([
      { label: "白天 4 段 × 2.00 元", amount: 800 },
      { label: "夜间 12 段 × 1.00 元", amount: 1200 },
    ]);
  });

  it("charges blocks from entry when there is no first segment", () => {
    const plain = { ...dayNight, firstMinutes: 0, firstFee: 0, freeMinutes: 0, nightStart: null };
    expect(amount(plain, "2026-05-01T09:00:00", "2026-05-01T09:00:01")).toBe(200);
    expect(amount(plain, "2026-05-01T09:00:00", "2026-05-01T09:30:00")).toBe(200);
    expect(amount(plain, "2026-05-01T09:00:00", "2026-05-01T09:31:00")).toBe(400);
  });

  it("refuses an exit before the entry and a stay over a year", () => {
    expect(quoteTemporaryFee(dayNight, at("2026-05-01T09:00:00"), at("2026-05-01T08:59:59"))).toEqual({ ok: false, reason: "leftBeforeEntered" });
    expect(quoteTemporaryFee(dayNight, at("2025-05-01T09:00:00"), at("2026-05-03T09:00:00"))).toEqual({ ok: false, reason: "stayTooLong" });
    expect(quoteTemporaryFee(dayNight, at("2025-05-01T09:00:00"), at("2026-05-02T09:00:00")).ok).toBe(true);
  });

  it("gives lines that add up to the amount and never more than the cap per day, on random stays", () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 500; i++) {
      const rule: TemporaryFeeRule = {
        freeMinutes: rand(60),
        firstMinutes: rand(4) * 30,
        firstFee: rand(1000),
        blockMinutes: 1 + rand(120),
        dayBlockFee: rand(500),
        nightStart: `${String(rand(24)).padStart(2, "0")}:${String(rand(60)).padStart(2, "0")}`,
        nightEnd: `${String(rand(24)).padStart(2, "0")}:00`,
        nightBlockFee: rand(2) ? rand(300) : null,
        nightFlatFee: rand(3) === 0 ? rand(2000) : null,
        dailyCap: rand(2) ? 1000 + rand(5000) : null,
      };
      const from = new Date(Date.UTC(2026, 0, 1) + rand(100_000) * 60_000 + rand(60) * 1000);
      const to = new Date(from.getTime() + rand(5 * 1440) * 60_000 + rand(60) * 1000);
      const r = quoteTemporaryFee(rule, from, to);
      if (!r.ok) throw new Error(r.reason);
      expect(r.lines.reduce((s, l) => s + l.amount, 0)).toBe(r.amount);
      expect(Number.isInteger(r.amount) && r.amount >= 0).toBe(true);
      if (rule.dailyCap !== null) expect(r.amount).toBeLessThanOrEqual(rule.dailyCap * Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 86_400_000)));
    }
  });

  it("reads HH:mm times only", () => {
    expect(minuteOfDay("20:00")).toBe(1200);
    expect(minuteOfDay("00:00")).toBe(0);
    expect(minuteOfDay("23:59")).toBe(1439);
    expect(minuteOfDay("24:00")).toBeNull();
    expect(minuteOfDay("8:00")).toBeNull();
    expect(minuteOfDay(null)).toBeNull();
  });
});
