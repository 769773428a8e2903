// The check-ins a patrol plan expects (decision, docs/decisions.md "Patrol check-ins"; the schema's
// comment above patrolPlans): on each of the plan's days, every point of its route once within the
// shift window of its arrangement. Pure functions over the plan's and arrangement's fields, so the
// rule is tested without a database (tests/unit/server/patrol-expected.spec.ts).
//   - the window: the arrangement's start to end time on the day, China time; an end not after the
//     start is on the next day (a night shift 20:00–08:00; equal times: 24 hours);
//   - the days: within the plan's 生效日期–失效日期, on the arrangement's 执行日 (1 = Monday … 7 =
//     Sunday), and by the plan's 执行周期: every such day (每天), the first such day of each week
//     Monday–Sunday (每周) or of each calendar month (每月), on or after 生效日期.
import { PatrolPlanCycle } from "../../../generated/states.ts";

const DAY_MS = 24 * 3600_000;
const CHINA_OFFSET_MS = 8 * 3600_000;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const ALL_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** What a plan's expected check-ins depend on (its row joined with its arrangement's). */
export interface PlanSchedule {
  cycle: number;
  /** 生效日期, "YYYY-MM-DD". */
  startDate: string;
  /** 失效日期 (inclusive), or null: no end. */
  endDate: string | null;
  /** The arrangement's shift: "HH:mm". */
  shiftStart: string;
  shiftEnd: string;
  /** The arrangement's 执行日 as stored (json): an array of 1–7; anything else means every day. */
  weekdays: unknown;
}

/** "YYYY-MM-DD" as the number of days since 1970-01-01. */
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
const weekdayOf = (n: number): number => ((((n + 3) % 7) + 7) % 7) + 1;

/** A real calendar day written "YYYY-MM-DD" (2026-02-30 is not one) of the years 1900–2999 (no patrol runs outside them, and the database's dates stay in range). */
export function isCalendarDay(text: string): boolean {
  if (!/^(19|2\d)\d{2}-\d{2}-\d{2}$/.test(text)) return false;
  const t = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === text;
}

/** The days from `from` to `to`, both included ("YYYY-MM-DD"). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) out.push(dayText(n));
  return out;
}

/** The arrangement's working weekdays (1–7): every day when the stored value is not a list. */
export function workingWeekdays(stored: unknown): ReadonlySet<number> {
  if (!Array.isArray(stored)) return new Set(ALL_WEEKDAYS);
  return new Set(stored.map((v) => Number(v)).filter((v) => Number.isInteger(v) && v >= 1 && v <= 7));
}

/** Minutes after midnight of "HH:mm", or null when the text is no time of day. */
export function minutesOf(time: string): number | null {
  const m = TIME.exec(time.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Whether the plan runs on `day` ("YYYY-MM-DD"). */
export function isPlanDay(plan: PlanSchedule, day: string, weekdays: ReadonlySet<number> = workingWeekdays(plan.weekdays)): boolean {
  const n = dayNumber(day);
  const first = dayNumber(plan.startDate);
  if (n < first || (plan.endDate !== null && n > dayNumber(plan.endDate))) return false;
  if (!weekdays.has(weekdayOf(n))) return false;
  if (plan.cycle === PatrolPlanCycle.Daily) return true;
  // Weekly / monthly: no earlier working day of the same week / month on or after 生效日期.
  const periodStart = plan.cycle === PatrolPlanCycle.Weekly ? n - (weekdayOf(n) - 1) : dayNumber(`${day.slice(0, 8)}01`);
  for (let e = Math.max(periodStart, first); e < n; e++) if (weekdays.has(weekdayOf(e))) return false;
  return true;
}

/** The shift window of `day` as instants, or null when the arrangement's times are not HH:mm. */
export function shiftWindow(plan: Pick<PlanSchedule, "shiftStart" | "shiftEnd">, day: string): { start: Date; end: Date } | null {
  const from = minutesOf(plan.shiftStart);
  const to = minutesOf(plan.shiftEnd);
  if (from === null || to === null) return null;
  const midnight = dayNumber(day) * DAY_MS - CHINA_OFFSET_MS;
  const start = midnight + from * 60_000;
  const end = midnight + (to > from ? to : to + 24 * 60) * 60_000;
  return { start: new Date(start), end: new Date(end) };
}

/** The plan's days among `days` with their windows (an arrangement without valid times has none). */
export function planShifts(plan: PlanSchedule, days: readonly string[]): { day: string; start: Date; end: Date }[] {
  const weekdays = workingWeekdays(plan.weekdays);
  const out: { day: string; start: Date; end: Date }[] = [];
  for (const day of days) {
    if (!isPlanDay(plan, day, weekdays)) continue;
    const window = shiftWindow(plan, day);
    if (window) out.push({ day, ...window });
  }
  return out;
}
