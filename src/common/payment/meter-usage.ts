// A meter reading's use, exact: readings are decimal text with ≤ 2 decimals, turned into scaled
// bigints (fen-like hundredths); the multiplier too. Nothing goes through floating point.
//
// use = Σ stretches × multiplier, where the stretches run from the previous reading through each
// replacement in the period (old meter's final reading, then the new meter's initial one) to the
// current reading. A stretch that goes back on a meter with a maximum reading rolled over:
// (max − from) + to. Without one it stays negative and the reading is flagged, never refused.
import { scaled } from "./pricing.ts";

export interface MeterReplacementStretch {
  oldFinalReading: string;
  newInitialReading: string;
}

export interface MeterUsageInput {
  previousReading: string;
  currentReading: string;
  multiplier: string;
  maxReading?: string | null;
  /** The replacements between the previous reading and this one, oldest first. */
  replacements?: MeterReplacementStretch[];
}

export interface MeterUsage {
  /** The use × multiplier, as decimal text with 4 decimals ("-3.5000" when the meter went back). */
  usage: string;
  rolledOver: boolean;
  replaced: boolean;
}

const toText = (v: bigint, scale: number): string => {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const unit = 10n ** BigInt(scale);
  return `${neg ? "-" : ""}${abs / unit}.${String(abs % unit).padStart(scale, "0")}`;
};

export function meterUsage(input: MeterUsageInput): MeterUsage {
  const max = input.maxReading ? scaled(input.maxReading, 2) : null;
  let rolledOver = false;
  const stretch = (from: bigint, to: bigint): bigint => {
    if (to >= from) return to - from;
    if (max !== null && max > 0n && from <= max) {
      rolledOver = true;
      return max - from + to;
    }
    return to - from;
  };
  let total = 0n;
  let from = scaled(input.previousReading, 2);
  for (const r of input.replacements ?? []) {
    total += stretch(from, scaled(r.oldFinalReading, 2));
    from = scaled(r.newInitialReading, 2);
  }
  total += stretch(from, scaled(input.currentReading, 2));
  // hundredths × hundredths = scale 4
  return { usage: toText(total * scaled(input.multiplier, 2), 4), rolledOver, replaced: (input.replacements ?? []).length > 0 };
}

/** Whether a use is more than `factor` times the average of the earlier ones (none earlier: no). */
export function isUseSpike(usage: string, earlier: string[], factor = 3): boolean {
  const now = scaled(usage.replace(/^-/, ""), 4);
  if (usage.startsWith("-") || !earlier.length) return false;
  const sum = earlier.reduce((s, u) => s + (u.startsWith("-") ? 0n : scaled(u, 4)), 0n);
  if (sum <= 0n) return false;
  // now > factor × sum / n  ⇔  now × n > factor × sum
  return now * BigInt(earlier.length) > BigInt(factor) * sum;
}
