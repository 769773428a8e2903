// Exact fractions of bigints: the formula's arithmetic, so that 1/3 × 3 is 1 and a half fen is a half.
export interface Rational {
  /** Sign is carried here. */
  n: bigint;
  /** Always > 0. */
  d: bigint;
}

const abs = (x: bigint): bigint => (x < 0n ? -x : x);
function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b) [a, b] = [b, a % b];
  return a || 1n;
}

export function rational(n: bigint, d = 1n): Rational {
  if (d === 0n) throw new RangeError("zero denominator");
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return { n: n / g, d: d / g };
}

/** "12.345" or "-0.5" → 12345/1000, exact. */
export function decimalRational(text: string): Rational {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new RangeError(`not a decimal: ${text}`);
  const frac = m[3] ?? "";
  const n = BigInt(m[2] + frac) * (m[1] ? -1n : 1n);
  return rational(n, 10n ** BigInt(frac.length));
}

export const add = (a: Rational, b: Rational): Rational => rational(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Rational, b: Rational): Rational => rational(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Rational, b: Rational): Rational => rational(a.n * b.n, a.d * b.d);
/** null when b is 0. */
export const div = (a: Rational, b: Rational): Rational | null => (b.n === 0n ? null : rational(a.n * b.d, a.d * b.n));

/** r × 10^scale rounded half up (half away from zero): e.g. yuan → fen with scale 2. */
export function roundScaled(r: Rational, scale: number): bigint {
  const n = r.n * 10n ** BigInt(scale);
  const q = (2n * abs(n) + r.d) / (2n * r.d);
  return n < 0n ? -q : q;
}

/** The value as a decimal text with `scale` decimals, half up. */
export function rationalText(r: Rational, scale = 2): string {
  const v = roundScaled(r, scale);
  const a = abs(v)
    .toString()
    .padStart(scale + 1, "0");
  const text = scale ? `${a.slice(0, -scale)}.${a.slice(-scale)}` : a;
  return v < 0n ? `-${text}` : text;
}
