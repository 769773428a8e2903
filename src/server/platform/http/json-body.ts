// JSON bodies, where an empty body counts as {} (axios sends DELETE and some POSTs without one).
// Keys named __proto__ or constructor, or after another Object.prototype member (toString,
// valueOf...) or toJSON, are dropped: no prototype games through a body, and String(value) of a
// parsed object cannot throw ("Cannot convert object to primitive value"). Only a text that could
// hold such a key pays for the reviver: one that spells one of the names, or has a \u escape
// (which could spell one).
import type { FastifyInstance } from "fastify";
import { apiError } from "./envelope.ts";

const SHADOWING = new Set([...Object.getOwnPropertyNames(Object.prototype), "toJSON"]);

/** A key that would shadow an Object.prototype member (or toJSON) on a parsed object. */
export const isShadowingKey = (key: string): boolean => SHADOWING.has(key);

const RISKY = new RegExp(`\\\\u|${[...SHADOWING].join("|")}`);

const dropUnsafeKeys = (key: string, value: unknown) => (SHADOWING.has(key) ? undefined : value);

export function parseJsonBody(text: string): unknown {
  return RISKY.test(text) ? JSON.parse(text, dropUnsafeKeys) : JSON.parse(text);
}

export function installJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = String(body).trim();
    if (text === "") return done(null, {});
    try {
      done(null, parseJsonBody(text));
    } catch {
      done(apiError("BAD_REQUEST"), undefined);
    }
  });
}
