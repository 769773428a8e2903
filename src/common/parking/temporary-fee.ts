// The fee of a temporary parking stay under one rule (车场临停收费规则), in integer fen, with its
// breakdown. Used by the rule tester (quoteParkingFee) and when a stay is paid at exit.
//
// How a stay is priced (docs/parking.md):
// - its length is counted in whole minutes, a started minute counting as one;
// - a stay no longer than the free minutes costs nothing; a longer one is charged from its entry;
// - the stay is cut into days of 24 h from the entry (not calendar days), each priced alone and
//   capped by the daily cap;
// - the first day starts with the first segment (its minutes for its flat fee); the rest of each day
//   is cut into blocks from where the day (or the first segment) starts, a started block costing a whole one;
// - a block is a night block when it starts inside the night window (China time; the window may wrap
//   midnight, 20:00–08:00); it costs the night block fee, or, with a flat night fee, nothing itself while
//   each night the day's blocks touch costs the flat fee once.
import { fenToYuan } from "../money.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";

export interface TemporaryFeeRule {
  freeMinutes: number;
  /** 0: no first segment. */
  firstMinutes: number;
  firstFee: number;
  blockMinutes: number;
  dayBlockFee: number;
  /** "HH:mm" China time; no night window when either is empty or both are equal. */
  nightStart: string | null;
  nightEnd: string | null;
  nightBlockFee: number | null;
  /** Set: one price per night instead of night blocks. */
  nightFlatFee: number | null;
  /** Per 24 h from entry; null: no cap. */
  dailyCap: number | null;
}

export interface FeeLine {
  label: string;
  /** Fen; the cap's line is negative (what it takes off). The lines add up to the amount. */
  amount: number;
}

export type QuoteResult = { ok: true; amount: number; lines: FeeLine[] } | { ok: false; reason: "leftBeforeEntered" | "stayTooLong" };

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;
const CHINA_OFFSET_MS = 8 * 3600_000;
/** Longer stays are refused as mistyped times (and bound the work a quote does). */
export const MAX_STAY_DAYS = 366;

/** "HH:mm" → minutes of the day, or null when it is no such time. */
export function minuteOfDay(text: string | null | undefined): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text ?? "");
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

interface NightWindow {
  start: number;
  end: number;
}

function nightWindow(rule: TemporaryFeeRule): NightWindow | null {
  const start = minuteOfDay(rule.nightStart);
  const end = minuteOfDay(rule.nightEnd);
  if (start === null || end === null || start === end) return null;
  if (rule.nightBlockFee === null && rule.nightFlatFee === null) return null;
  return { start, end };
}

/** The night (numbered by the China day it began on) an instant falls in, or null by day. */
function nightOf(window: NightWindow, instantMs: number): number | null {
  const shifted = instantMs + CHINA_OFFSET_MS;
  const day = Math.floor(shifted / (DAY_MINUTES * MINUTE_MS));
  const minute = Math.floor((shifted - day * DAY_MINUTES * MINUTE_MS) / MINUTE_MS);
  if (window.start < window.end) return minute >= window.start && minute < window.end ? day : null;
  if (minute >= window.start) return day;
  return minute < window.end ? day - 1 : null;
}

export function quoteTemporaryFee(rule: TemporaryFeeRule, enteredAt: Date, leftAt: Date): QuoteResult {
  const ms = leftAt.getTime() - enteredAt.getTime();
  if (ms < 0) return { ok: false, reason: "leftBeforeEntered" };
  const minutes = Math.ceil(ms / MINUTE_MS);
  if (minutes > MAX_STAY_DAYS * DAY_MINUTES) return { ok: false, reason: "stayTooLong" };
  if (minutes <= rule.freeMinutes) return { ok: true, amount: 0, lines: [{ label: fillTexts.parkingFee.free({ minutes: rule.freeMinutes }), amount: 0 }] };

  const window = nightWindow(rule);
  const block = Math.max(1, rule.blockMinutes);
  const days = Math.ceil(minutes / DAY_MINUTES);
  const lines: FeeLine[] = [];
  let amount = 0;
  for (let d = 0; d < days; d++) {
    const dayLines: FeeLine[] = [];
    let cursor = d * DAY_MINUTES;
    const end = Math.min(minutes, cursor + DAY_MINUTES);
    if (d === 0 && rule.firstMinutes > 0) {
      dayLines.push({ label: fillTexts.parkingFee.first({ minutes: rule.firstMinutes }), amount: rule.firstFee });
      cursor += rule.firstMinutes;
    }
    let dayBlocks = 0;
    let nightBlocks = 0;
    const nights = new Set<number>();
    for (; cursor < end; cursor += block) {
      const night = window ? nightOf(window, enteredAt.getTime() + cursor * MINUTE_MS) : null;
      if (night === null) dayBlocks++;
      else if (rule.nightFlatFee !== null) nights.add(night);
      else nightBlocks++;
    }
    if (dayBlocks > 0) dayLines.push({ label: fillTexts.parkingFee.day({ count: dayBlocks, unit: fenToYuan(rule.dayBlockFee) }), amount: dayBlocks * rule.dayBlockFee });
    if (nightBlocks > 0) {
      const unit = rule.nightBlockFee ?? 0;
      dayLines.push({ label: fillTexts.parkingFee.night({ count: nightBlocks, unit: fenToYuan(unit) }), amount: nightBlocks * unit });
    }
    if (nights.size > 0) {
      const unit = rule.nightFlatFee ?? 0;
      dayLines.push({ label: fillTexts.parkingFee.nightFlat({ count: nights.size, unit: fenToYuan(unit) }), amount: nights.size * unit });
    }
    const subtotal = dayLines.reduce((s, l) => s + l.amount, 0);
    if (rule.dailyCap !== null && subtotal > rule.dailyCap) dayLines.push({ label: fillTexts.parkingFee.cap({ cap: fenToYuan(rule.dailyCap) }), amount: rule.dailyCap - subtotal });
    const dayAmount = Math.min(subtotal, rule.dailyCap ?? subtotal);
    amount += dayAmount;
    for (const line of dayLines) lines.push(days > 1 ? { label: fillTexts.parkingFee.dayPrefix({ day: d + 1, line: line.label }), amount: line.amount } : line);
  }
  return { ok: true, amount, lines };
}
