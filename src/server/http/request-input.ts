// Reading what a call is given. A declared operation's input arrives converted and typed
// (http/operation.ts: ids are numbers): it needs only present() and pageArgs. The routes the
// resources derive (Excel tasks and imports, the generic hooks) read the JSON body or the query
// string as a plain object and their ids with the generic CRUD's parseId (positive integers that fit
// a JS number).
import type { FastifyRequest } from "fastify";
import { apiError } from "./envelope.ts";
import { parseId } from "../crud/sql.ts";

export { parseId };

/** The JSON body as an object ({} when absent); anything else is a 400. */
export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const b = request.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== "object" || Array.isArray(b)) throw apiError("BAD_REQUEST");
  return b as Record<string, unknown>;
}

/** The query string as an object (repeated keys arrive as arrays; the first one counts). */
export function queryOf(request: FastifyRequest): Record<string, unknown> {
  const q = (request.query ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) out[k] = Array.isArray(v) ? v[0] : v;
  return out;
}

/** An id that must be present and well formed (else 400). */
export function requiredId(value: unknown): number {
  const id = parseId(value);
  if (id === null) throw apiError("BAD_REQUEST");
  return id;
}

/**
 * A value an operation needs where its schema leaves it optional (one of two names, one of two
 * inputs): absent is a 400. Operation inputs arrive converted (ids are numbers): nothing to parse.
 */
export function present<T>(value: T | null | undefined): T {
  if (value === undefined || value === null) throw apiError("BAD_REQUEST");
  return value;
}

/** An optional id: absent or empty is null, malformed is a 400. */
export function optionalId(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return null;
  return requiredId(value);
}

/** pageNo / pageSize as the generic pageList reads them (same defaults, cap and 400 for a page out of range). */
export { pageArgs } from "../crud/list-query.ts";

/** Trimmed text or "" (numbers are accepted as their text). */
export function textOf(value: unknown, max = 64): string {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return "";
  return value.trim().slice(0, max);
}
