// JSON bodies, where an empty body counts as {} (axios sends DELETE and some POSTs without one).
// Keys named __proto__ or constructor are dropped (no prototype games through a body). Only a text
// that could hold such a key pays for the reviver: one that spells either name, or has a \u escape
// (which could spell one).
import type { FastifyInstance } from "fastify";
import { apiError } from "./envelope.ts";

const dropUnsafeKeys = (key: string, value: unknown) => (key === "__proto__" || key === "constructor" ? undefined : value);

export function parseJsonBody(text: string): unknown {
  const risky = text.includes("__proto__") || text.includes("constructor") || text.includes("\\u");
  return risky ? JSON.parse(text, dropUnsafeKeys) : JSON.parse(text);
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
