// Security headers on every answer, by @fastify/helmet (registered first in app.ts, so that answers
// the guard refuses carry them too): nosniff, framing, referrer policy, helmet's cross-origin
// opener and resource policies (same-origin), and a Content-Security-Policy. The policy of an answer
// that is not a page (JSON, files) lets nothing load and nothing frame it; a route that serves a page
// gives it the page's own policy with usePolicy (the web app: web-app.ts, the API reference:
// api-docs.ts). HSTS only when the request came over TLS (request.protocol, which follows
// X-Forwarded-Proto under TRUST_PROXY): a server reached over plain http has no TLS to insist on.
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply } from "fastify";

type Directives = Record<string, string[]>;

const API_POLICY: Directives = { "default-src": ["'none'"], "frame-ancestors": ["'none'"] };

/** What every page may do: load from its own origin only, no plugins, no foreign form target or base. */
const PAGE_BASE: Directives = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  // The app calls its own origin (src/web/http/hosts.ts: a deployment that splits the services adds their addresses here).
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  // The spec's embedded frames show the app's own pages.
  "frame-ancestors": ["'self'"],
};

/**
 * A page of the web app. antd writes its styles into <style> elements at run time: index.html
 * gets a fresh nonce for them on every answer (web-app.ts), its other files (help pages) none.
 * Images: the app's own, data: (demo pictures, icons) and blob: (files chosen for upload).
 */
export function webAppPolicy(styleNonce?: string): Directives {
  return { ...PAGE_BASE, "style-src": ["'self'", ...(styleNonce ? [`'nonce-${styleNonce}'`] : [])], "img-src": ["'self'", "data:", "blob:"] };
}

/** Swagger UI at /api/docs: its script, style and initialiser are files; its stylesheet holds data: images. */
export const API_DOCS_POLICY: Directives = { ...PAGE_BASE, "style-src": ["'self'"], "img-src": ["'self'", "data:"] };

const HSTS = "max-age=31536000; includeSubDomains";

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_POLICY },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    hsts: false,
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}

/** Gives this answer the Content-Security-Policy of a page instead of the API's. */
export function usePolicy(reply: FastifyReply, directives: Directives): void {
  reply.helmet({ contentSecurityPolicy: { useDefaults: false, directives } });
}
