// Temporary parking rules (parkingFeeRules): a rule row as the pricing reads it, and the tester
// quoteParkingFee (the fee of one stay under one rule, with its breakdown).
import type { QuoteParkingFeeBody, QuoteParkingFeeResult } from "../../../generated/operation-types.ts";
import { ParkingNightMode } from "../../../generated/states.ts";
import { quoteTemporaryFee, type TemporaryFeeRule } from "../../common/parking/temporary-fee.ts";
import { apiError } from "../platform/http/envelope.ts";
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";

export interface RuleRow {
  free_minutes: number;
  first_minutes: number | null;
  first_fee: string | null;
  block_minutes: number;
  day_block_fee: string;
  night_mode: number;
  night_start: string | null;
  night_end: string | null;
  night_block_fee: string | null;
  night_flat_fee: string | null;
  daily_cap: string | null;
}

const fen = (v: string | null): number | null => (v === null ? null : Number(v));

/** A stored rule as the pricing reads it: the night prices only in their night mode. */
export function ruleOfRow(r: RuleRow): TemporaryFeeRule {
  return {
    freeMinutes: r.free_minutes,
    firstMinutes: r.first_minutes ?? 0,
    firstFee: fen(r.first_fee) ?? 0,
    blockMinutes: r.block_minutes,
    dayBlockFee: Number(r.day_block_fee),
    nightStart: r.night_mode === ParkingNightMode.None ? null : r.night_start,
    nightEnd: r.night_mode === ParkingNightMode.None ? null : r.night_end,
    nightBlockFee: r.night_mode === ParkingNightMode.PerBlock ? fen(r.night_block_fee) : null,
    nightFlatFee: r.night_mode === ParkingNightMode.Flat ? fen(r.night_flat_fee) : null,
    dailyCap: fen(r.daily_cap),
  };
}

const TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|([+-])(\d{2}):?(\d{2}))?$/;

/** A time as the client sent it; one without a zone is China time. A day or hour that does not exist (02-30, 24:00) is refused, not rolled over. */
export function instantOf(text: string): Date {
  const m = TIME.exec(text);
  if (!m) throw apiError("PARKING_TIME_INVALID");
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "0"].map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, Number((m[7] ?? "0").padEnd(3, "0")));
  const check = new Date(wall);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== second
  ) {
    throw apiError("PARKING_TIME_INVALID");
  }
  const offsetMinutes = m[8] === undefined ? 480 : m[8] === "Z" ? 0 : (m[9] === "-" ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11]));
  return new Date(wall - offsetMinutes * 60_000);
}

export function priceStay(rule: TemporaryFeeRule, enteredAt: Date, leftAt: Date): QuoteParkingFeeResult {
  const quote = quoteTemporaryFee(rule, enteredAt, leftAt);
  if (!quote.ok) throw apiError(quote.reason === "leftBeforeEntered" ? "PARKING_LEFT_BEFORE_ENTERED" : "PARKING_STAY_TOO_LONG");
  return { amount: quote.amount, lines: quote.lines };
}

export async function quoteParkingFee(db: DbSession, tenantId: number, body: QuoteParkingFeeBody): Promise<QuoteParkingFeeResult> {
  const enteredAt = instantOf(body.enteredAt);
  const leftAt = instantOf(body.leftAt);
  const { rows } = await db.query<RuleRow>(sql`
    select free_minutes, first_minutes, first_fee, block_minutes, day_block_fee, night_mode, night_start, night_end, night_block_fee, night_flat_fee, daily_cap
      from parking_fee_rules where tenant_id = ${tenantId} and id = ${body.ruleId}`);
  if (!rows[0]) throw apiError("NOT_FOUND");
  return priceStay(ruleOfRow(rows[0]), enteredAt, leftAt);
}
