// Money on the fee pages: yuan text in, exact sums through integer fen, two decimals out.
import { fenToYuan, tryFen, yuanToFen } from "../../../../common/money.ts";

export const fenOf = (yuan: string | number | null | undefined): number => {
  if (yuan === null || yuan === undefined || yuan === "") return 0;
  const text = String(yuan).trim();
  return text.startsWith("-") ? -yuanToFen(text.slice(1)) : yuanToFen(text);
};

export const sumYuan = (values: (string | null | undefined)[]): string => fenToYuan(values.reduce((s, v) => s + fenOf(v), 0));

export { fenToYuan, tryFen };
