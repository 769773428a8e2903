// Reading what a call is given. A declared operation's input arrives converted and typed
// (http/operation.ts: ids are numbers): it needs only present() and pageArgs. The generic operations
// the resources declare (http/resource-route.ts) read the JSON body as a JSON object, the query string
// as text by key, and their ids through idParam / idField / idsField (positive integers that fit a JS
// number: parseId below).
import type { FastifyRequest } from "fastify";
import { apiError } from "./envelope.ts";
import type { JsonObject, JsonValue } from "../db/row.ts";

/** The query string by key: the first value of a repeated key (Fastify's parser gives text or a list of texts). */
interface QueryValues {
  [key: string]: string | undefined;
}

/** The JSON body as an object ({} when absent); anything else is a 400. The JSON parser (http/json-body.ts) made it, so its values are JSON. */
export function bodyOf(request: FastifyRequest): JsonObject {
  const b = request.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== "object" || Array.isArray(b)) throw apiError("BAD_REQUEST");
  return b as JsonObject;
}

/** The query string as text by key (repeated keys arrive as arrays; the first one counts). */
export function queryOf(request: FastifyRequest): QueryValues {
  const q = (request.query ?? {}) as { [key: string]: string | string[] | undefined };
  const out: QueryValues = {};
  for (const [k, v] of Object.entries(q)) out[k] = Array.isArray(v) ? v[0] : v;
  return out;
}

/** The `:id` of a generic route's path; a malformed one names no row (404). */
export function idParam(request: FastifyRequest): number {
  const id = idField(request.params as { id?: string } | null, "id");
  if (id === null) throw apiError("NOT_FOUND");
  return id;
}

/** Ids as they come in JSON or a path: positive integers that fit a bigint (and a JS number). */
function parseId(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** The id a body, record or path gives under `name`: null when absent or malformed (the caller says what that means). */
export function idField<K extends string>(input: { readonly [P in K]?: JsonValue } | null | undefined, name: K): number | null {
  return parseId(input?.[name]);
}

/** A list of ids (a body's `ids`): the well-formed ones, or null when it is not a list or holds a malformed one. */
export function idsField(value: JsonValue | undefined): { ids: number[]; malformed: boolean } | null {
  if (!Array.isArray(value)) return null;
  const parsed = value.map(parseId);
  return { ids: parsed.filter((id): id is number => id !== null), malformed: parsed.includes(null) };
}

/**
 * A value an operation needs where its schema leaves it optional (one of two names, one of two
 * inputs): absent is a 400. Operation inputs arrive converted (ids are numbers): nothing to parse.
 */
export function present<T>(value: T | null | undefined): T {
  if (value === undefined || value === null) throw apiError("BAD_REQUEST");
  return value;
}

/** pageNo / pageSize as the generic pageList reads them (same defaults, cap and 400 for a page out of range). */
export { pageArgs } from "./page-args.ts";

/** Trimmed text or "" (numbers are accepted as their text). */
export function textOf(value: unknown, max = 64): string {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return "";
  return value.trim().slice(0, max);
}
