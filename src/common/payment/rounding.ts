// The community's rounding of generated bill amounts (payment parameters tab, paymentSettings
// .roundingMode). It applies to the amount already rounded to the fen (pricing.ts).
// 1–5 (ROUNDING_OPTIONS); any other number rounds like 1.
export type RoundingMode = number;

export const ROUNDING_OPTIONS: { value: number; label: string }[] = [
  { value: 1, label: "四舍五入到分" },
  { value: 2, label: "四舍五入到角" },
  { value: 3, label: "四舍五入到元" },
  { value: 4, label: "抹零到角（舍去分）" },
  { value: 5, label: "抹零到元（舍去角分）" },
];

/** Fen after the rounding mode; non-negative amounts. */
export function applyRounding(fen: number, mode: RoundingMode): number {
  switch (mode) {
    case 2:
      return Math.floor((fen + 5) / 10) * 10;
    case 3:
      return Math.floor((fen + 50) / 100) * 100;
    case 4:
      return Math.floor(fen / 10) * 10;
    case 5:
      return Math.floor(fen / 100) * 100;
    default:
      return fen;
  }
}
