// The community and the period a money-desk report is for (收费日报/月报, collection, ledgers): a
// range of days ("YYYY-MM-DD", at most 92) or of months ("YYYY-MM", at most 36), every day or month
// of it listed so that one without data shows as zero. Days are China time like accountingDay.
import { apiError } from "../platform/http/envelope.ts";
import type { CheckedCommunity } from "../../../generated/operation-types.ts";
import { addDays, daysBetween, isPeriod, monthEndDay, monthsBetween } from "../../common/payment/period.ts";

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MAX_DAYS = 92;
const MAX_MONTHS = 36;

export type Granularity = "day" | "month";

export interface ReportPeriod {
  granularity: Granularity;
  /** As asked: "YYYY-MM-DD" or "YYYY-MM". */
  start: string;
  end: string;
  /** The first and last day covered ("YYYY-MM-DD"). */
  firstDay: string;
  lastDay: string;
  /** Every day or month of the range, in order. */
  buckets: string[];
}

const isDay = (text: unknown): text is string => typeof text === "string" && DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

/**
 * The community a report is for, with its name: the one the operation's scope guard checked (another
 * tenant's 404, outside a limited user's scope the 403 marker); none asked 400 (40080).
 */
export function reportCommunity(community: CheckedCommunity | null): ReportCommunity {
  if (!community) throw apiError("REPORT_COMMUNITY_REQUIRED");
  return community;
}

/** A community the scope guard has checked. */
export type ReportCommunity = CheckedCommunity;

/** Figures in fen, all zero, for summing a report's totals. */
export const zeroOf = <K extends string>(keys: readonly K[]): Record<K, number> => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** A checked range of days or months (400 with the codes 40081–40084 otherwise). */
export function reportPeriod(granularity: Granularity, start: unknown, end: unknown): ReportPeriod {
  if (granularity === "day") {
    if (!isDay(start) || !isDay(end)) throw apiError("REPORT_PERIOD_REQUIRED");
    if (start > end) throw apiError("REPORT_START_AFTER_END");
    const n = daysBetween(start, end) + 1;
    if (n > MAX_DAYS) throw apiError("REPORT_TOO_MANY_DAYS");
    return { granularity, start, end, firstDay: start, lastDay: end, buckets: Array.from({ length: n }, (_, i) => addDays(start, i)) };
  }
  if (!isPeriod(start) || !isPeriod(end)) throw apiError("REPORT_PERIOD_REQUIRED");
  if (start > end) throw apiError("REPORT_START_AFTER_END");
  const buckets = monthsBetween(start, end, MAX_MONTHS + 1);
  if (buckets.length > MAX_MONTHS) throw apiError("REPORT_TOO_MANY_MONTHS");
  return { granularity, start, end, firstDay: `${start}-01`, lastDay: monthEndDay(end), buckets };
}
