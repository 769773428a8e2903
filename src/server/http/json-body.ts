// JSON bodies, where an empty body counts as {} (axios sends DELETE and some POSTs without one).
import type { FastifyInstance } from "fastify";
import { apiError } from "./envelope.ts";

export function installJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = String(body).trim();
    if (text === "") return done(null, {});
    try {
      done(null, JSON.parse(text, (key, value) => (key === "__proto__" || key === "constructor" ? undefined : value)));
    } catch {
      done(apiError("BAD_REQUEST"), undefined);
    }
  });
}
