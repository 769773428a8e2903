// Billing periods ("YYYY-MM", the month a bill's cycle starts), due dates and business days.
// Business days are China time (UTC+8, no daylight saving): a payment at 23:30 UTC counts for the
// next Chinese calendar day.
import { CYCLE } from "./pricing.ts";

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isPeriod = (text: unknown): text is string => typeof text === "string" && PERIOD.test(text);

/** Why a period does not suit the billing cycle, or null. Quarters start in 01/04/07/10, years in 01. */
export function periodProblem(period: string, cycle: number): string | null {
  const m = PERIOD.exec(period);
  if (!m) return "账期格式应为 YYYY-MM";
  const month = Number(m[2]);
  if (cycle === CYCLE.QUARTERLY && (month - 1) % 3 !== 0) return "按季计费的账期须为季度首月（01、04、07、10月）";
  if (cycle === CYCLE.YEARLY && month !== 1) return "按年计费的账期须为1月";
  return null;
}

/** The due date: day `dueDay` (1–28) of the period's first month, "YYYY-MM-DD". */
export function dueDateOf(period: string, dueDay: number): string {
  const day = Math.min(Math.max(Math.trunc(dueDay) || 1, 1), 28);
  return `${period}-${String(day).padStart(2, "0")}`;
}

/** "YYYY-MM-DD" + n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both "YYYY-MM-DD"); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Months from `start` to `end` inclusive ("YYYY-MM"), at most `max`. */
export function monthsBetween(start: string, end: string, max = 36): string[] {
  const out: string[] = [];
  let [y, m] = start.split("-").map(Number);
  const [ey, em] = end.split("-").map(Number);
  while ((y < ey || (y === ey && m <= em)) && out.length < max) {
    out.push(`${y}-${String(m).padStart(2, "0")}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** "YYYY-MM" + n months (n may be negative). */
export function addMonths(period: string, n: number): string {
  const [y, m] = period.split("-").map(Number);
  const index = y * 12 + m - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The last day of a month "YYYY-MM", "YYYY-MM-DD". */
export function monthEndDay(period: string): string {
  const [y, m] = period.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
