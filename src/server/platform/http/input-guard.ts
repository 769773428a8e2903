// What no handler should ever see, refused for every route in one place (a preValidation hook: after
// the guard, so a caller without a session still gets 401, and before any route schema or handler):
// text the database cannot store (NUL, unpaired UTF-16 surrogates), numbers that are not finite or
// are integers past 2^53 (already rounded), nesting deeper than MAX_DEPTH, and a query key given
// twice (only `name[]` keys may repeat). Each answers 400 naming the field (its Chinese label when
// the route declares config.fieldLabels). Keys that shadow Object.prototype members are dropped by
// the JSON body parser (json-body.ts) and here from the query, so String(value) cannot throw.
// Only parsed values are inspected: binary data (an uploaded file, a Buffer or other byte view) is
// not, it holds no text or numbers of the request (walking a 20 MB upload byte by byte took 12 s).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiError } from "./envelope.ts";
import { fillErrorCode } from "../../../../generated/fill-errors.ts";
import { texts } from "../../../../generated/texts.ts";
import { isShadowingKey } from "./json-body.ts";

export const MAX_DEPTH = 32;

// A NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasUnstorableText = (text: string): boolean => text.includes("\u0000") || LONE_SURROGATE.test(text);

/** The errors whose message names one field ({field}). */
type FieldErrorName = "BAD_TEXT" | "BAD_TYPE" | "BAD_NUMBER" | "BAD_DATE" | "BAD_SORT_FIELD" | "DUPLICATE_PARAM";

/** The 400 of one field: the catalogue's message with {field} filled in. */
export function fieldError(name: FieldErrorName, field: string, label = field) {
  const message = fillErrorCode[name]({ field: label });
  return apiError(name, { message, data: { errors: [{ field, message }] } });
}

type Problem = { name: FieldErrorName | "TOO_DEEP"; path: string };

/** Bytes, not a parsed value: a Buffer, Uint8Array or any other view, or an ArrayBuffer. */
const isBinary = (value: object): boolean => value instanceof ArrayBuffer || value instanceof Uint8Array || ArrayBuffer.isView(value);

/** The first problem in a parsed value, depth first; null when it is clean. */
export function findUnsafeInput(value: unknown, path = "", depth = 0): Problem | null {
  if (typeof value === "string") return hasUnstorableText(value) ? { name: "BAD_TEXT", path } : null;
  if (typeof value === "number") return !Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value)) ? { name: "BAD_NUMBER", path } : null;
  if (typeof value !== "object" || value === null || isBinary(value)) return null;
  if (depth >= MAX_DEPTH) return { name: "TOO_DEEP", path };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = findUnsafeInput(value[i], `${path}[${i}]`, depth + 1);
      if (p) return p;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value) as [string, unknown][]) {
    const at = path ? `${path}.${key}` : key;
    if (hasUnstorableText(key)) return { name: "BAD_TEXT", path: at };
    const p = findUnsafeInput(child, at, depth + 1);
    if (p) return p;
  }
  return null;
}

function refuse(request: FastifyRequest, problem: Problem): never {
  if (problem.name === "TOO_DEEP") throw apiError("TOO_DEEP");
  const top = problem.path.split(/[.[]/)[0];
  const label = request.routeOptions.config?.fieldLabels?.[top];
  throw fieldError(problem.name, problem.path || "body", label && top === problem.path ? label : problem.path || texts.crud.requestBody);
}

function checkQuery(request: FastifyRequest): void {
  const query = request.query;
  if (!query || typeof query !== "object") return;
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (isShadowingKey(key)) {
      Reflect.deleteProperty(query, key);
      continue;
    }
    if (Array.isArray(value) && !key.endsWith("[]")) throw fieldError("DUPLICATE_PARAM", key);
  }
  const problem = findUnsafeInput(query);
  if (problem) refuse(request, problem);
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    checkQuery(request);
    const params = findUnsafeInput(request.params);
    if (params) throw apiError("NOT_FOUND");
    const body = findUnsafeInput(request.body);
    if (body) refuse(request, body);
  });
}
