// pageNo / pageSize of a list request, read the same way by the generic pageList (crud/list-query.ts)
// and the hand-written lists (http/request-input.ts passes it on).
import { apiError } from "./envelope.ts";
import { fillErrorCode } from "../../../../generated/fill-errors.ts";

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 10;

/** A page argument: absent gives the default; anything but a positive integer (or its digits) is a 400. */
function pageNumber(value: unknown, fallback: number, error: () => Error): number {
  if (value === undefined || value === null || value === "") return fallback;
  const n = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw error();
  return n;
}

const badPageNo = () => apiError("BAD_PAGE_NO");
const badPageSize = () => apiError("BAD_PAGE_SIZE", { message: fillErrorCode.BAD_PAGE_SIZE({ max: MAX_PAGE_SIZE }) });

/**
 * pageNo / pageSize of a list request (defaults 1 / 10, size at most 500) and the row offset. A
 * malformed or oversized argument, or a page so far out that its offset is no longer an exact
 * integer, is refused (400) before any query.
 */
export function pageArgs(input: { pageNo?: unknown; pageSize?: unknown }): { pageNo: number; pageSize: number; offset: number } {
  const pageNo = pageNumber(input.pageNo, 1, badPageNo);
  const pageSize = pageNumber(input.pageSize, DEFAULT_PAGE_SIZE, badPageSize);
  if (pageSize > MAX_PAGE_SIZE) throw badPageSize();
  const offset = (pageNo - 1) * pageSize;
  if (!Number.isSafeInteger(offset)) throw badPageNo();
  return { pageNo, pageSize, offset };
}
