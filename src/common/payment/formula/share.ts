// 公摊 by the largest-remainder method: a total in fen split among rooms in proportion to their
// weights (area, 1 per household, or a formula's value), so that the shares add up to the total
// exactly. Each room first gets floor(total × weight / Σweight); the fen left over go one each to the
// rooms with the largest remainders, ties broken by the smaller room id.
import type { Rational } from "./rational.ts";

export interface ShareInput {
  roomId: number;
  /** ≥ 0, exact. */
  weight: Rational;
}

export interface Share {
  roomId: number;
  amountFen: number;
}

/** The shares in the order given. The weights must be ≥ 0 with a positive sum (else RangeError). */
export function largestRemainder(totalFen: number, rooms: ShareInput[]): Share[] {
  if (!Number.isSafeInteger(totalFen) || totalFen < 0) throw new RangeError("total must be a non-negative integer fen");
  if (rooms.some((r) => r.weight.n < 0n)) throw new RangeError("negative weight");
  // A common denominator turns the weights into integers: w_i = n_i × (D / d_i).
  const lcm = rooms.reduce((l, r) => (l * r.weight.d) / gcdOf(l, r.weight.d), 1n);
  const ints = rooms.map((r) => r.weight.n * (lcm / r.weight.d));
  const sum = ints.reduce((s, w) => s + w, 0n);
  if (sum <= 0n) throw new RangeError("weights sum to zero");
  const total = BigInt(totalFen);
  const parts = ints.map((w, i) => ({ i, base: (total * w) / sum, rest: (total * w) % sum }));
  let left = total - parts.reduce((s, p) => s + p.base, 0n);
  const order = [...parts].sort((a, b) => (a.rest === b.rest ? rooms[a.i].roomId - rooms[b.i].roomId : a.rest > b.rest ? -1 : 1));
  const extra = new Set<number>();
  for (const p of order) {
    if (left <= 0n) break;
    extra.add(p.i);
    left--;
  }
  return parts.map((p) => ({ roomId: rooms[p.i].roomId, amountFen: Number(p.base) + (extra.has(p.i) ? 1 : 0) }));
}

function gcdOf(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}
