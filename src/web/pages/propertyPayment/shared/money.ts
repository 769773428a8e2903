// Money on the fee pages: yuan text in, exact sums through integer fen, two decimals out.
import { fenToYuan, yuanToFen } from "../../../../common/money.ts";

export const fenOf = (yuan: string | number | null | undefined): number => {
  if (yuan === null || yuan === undefined || yuan === "") return 0;
  const text = String(yuan).trim();
  return text.startsWith("-") ? -yuanToFen(text.slice(1)) : yuanToFen(text);
};

export const sumYuan = (values: (string | null | undefined)[]): string => fenToYuan(values.reduce((s, v) => s + fenOf(v), 0));

/** Safe parse of user input: fen or null when it is not an amount. */
export function tryFen(text: unknown): number | null {
  try {
    return typeof text === "string" && text.trim() ? fenOf(text) : null;
  } catch {
    return null;
  }
}

export { fenToYuan };
