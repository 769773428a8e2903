// Shapes of the board calls (declared in schemas/operations/workbench.yaml).
import type { GetGlobalBoardData } from "../../../../../generated/operation-types.ts";

export type GlobalBoardData = GetGlobalBoardData;

export const percent = (part: number, whole: number) => (whole ? `${Math.round((part * 1000) / whole) / 10}%` : "0%");
