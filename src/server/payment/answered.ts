// An operation's answer as its client gets it: the handler's result with its money (format: money,
// fen) as yuan text (platform/http/money-edge.ts), for a workbook that shows the figures of the page.
import { moneyOut } from "../platform/http/money-edge.ts";
import { operations, type OperationName, type OperationRoute } from "../../../generated/operations.ts";
import type { OperationTypes } from "../../../generated/operation-types.ts";

export function asAnswered<N extends OperationName>(name: N, result: OperationTypes[N]["result"]): OperationTypes[N]["data"] {
  return moneyOut(result, (operations[name] as OperationRoute).money?.data) as OperationTypes[N]["data"];
}
