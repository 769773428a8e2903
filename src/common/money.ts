// Money is integer fen (分) in code and database; the API and the screens show yuan with two
// decimals. Conversions work on the decimal text, never through floating point.

/** "12.5" / "12.50" / 12.5 -> 1250 fen. Throws on anything but a non-negative amount with ≤ 2 decimals. */
export function yuanToFen(value: string | number): number {
  const text = typeof value === "number" ? String(value) : value.trim();
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new RangeError(`not an amount: ${text}`);
  const fen = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(fen)) throw new RangeError(`amount too large: ${text}`);
  return fen;
}

/** 1250 -> "12.50"; -5 -> "-0.05". */
export function fenToYuan(fen: number | bigint | string): string {
  const n = BigInt(fen);
  const sign = n < 0n ? "-" : "";
  const abs = n < 0n ? -n : n;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/**
 * An amount as a person types it at the desk, in the one form the rules read: spaces and thousands
 * separators dropped, the minus signs of Chinese input methods (−, －) as "-": "−2,500.00" -> "-2500.00".
 */
export function normalizeAmountText(text: string): string {
  return text.replace(/[\s,，]/g, "").replace(/^[−－]/, "-");
}

/** Typed text as fen ("-2500", " 12.5 "), or null when it is empty or not an amount. */
export function tryFen(text: unknown): number | null {
  if (typeof text !== "string" || !text.trim()) return null;
  try {
    return signedYuanToFen(text.trim());
  } catch {
    return null;
  }
}

/** "-2500" / "12.5" -> fen, a leading "-" allowed (a refunds-only day's declared amount). */
export function signedYuanToFen(text: string): number {
  const negative = text.startsWith("-");
  const fen = yuanToFen(negative ? text.slice(1) : text);
  return negative ? -fen : fen;
}

/** An amount in yuan as fen, "-" allowed; empty or absent is 0 (a sum's missing value). */
export function fenOf(yuan: string | number | null | undefined): number {
  if (yuan === null || yuan === undefined || yuan === "") return 0;
  return signedYuanToFen(String(yuan).trim());
}

/** The exact sum of yuan amounts, as yuan with two decimals. */
export const sumYuan = (values: (string | null | undefined)[]): string => fenToYuan(values.reduce((s, v) => s + fenOf(v), 0));
