// Shapes of the board calls (declared in schemas/operations/workbench.yaml).
import type { GetGlobalBoardData } from "../../../../generated/operation-types.ts";

export interface Counted {
  value: number | string;
  label: string;
  count: number;
}

export type GlobalBoardData = GetGlobalBoardData;

export const asData = (rows: readonly Counted[]) => rows.map((r) => ({ label: r.label, value: r.count }));

export const percent = (part: number, whole: number) => (whole ? `${Math.round((part * 1000) / whole) / 10}%` : "0%");
