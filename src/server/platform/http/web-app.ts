// The built web app (dist/web) under /neptune/, the residents' app (h5.html) under /neptune/h5/: / and /neptune redirect there; hashed files under
// assets/ are cached for a year (immutable), everything else (index.html) is revalidated each time.
// Responses are compressed by @fastify/compress (registered in app.ts). Without a build the base path
// answers a short note instead of failing.
// Every answer has the web app's Content-Security-Policy (security-headers.ts). index.html is read
// for each answer and given a fresh style nonce: in the policy and in place of NONCE_PLACEHOLDER
// (index.html's <meta name="csp-nonce">, which src/web/csp-styles.ts reads). It carries no validator
// (ETag, Last-Modified): a 304 would pair the cached page's nonce with the new answer's policy.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, sep } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import fastifyStatic from "@fastify/static";
import { texts } from "../../../../generated/texts.ts";
import { usePolicy, webAppPolicy } from "./security-headers.ts";

export const BASE_PATH = "/neptune/";
const H5_PATH = "/neptune/h5/";
export const NONCE_PLACEHOLDER = "__CSP_NONCE__";
const NOT_BUILT = texts.pages.webNotBuilt;

export async function webAppRoutes(app: FastifyInstance, opts: { webDir: string }): Promise<void> {
  // Static files need no session.
  app.addHook("onRoute", (route) => {
    route.config = { ...(route.config ?? {}), public: true };
  });
  app.addHook("onRequest", async (_request, reply) => usePolicy(reply, webAppPolicy()));
  app.get("/", (_request, reply) => reply.redirect(BASE_PATH));
  app.get("/neptune", (_request, reply) => reply.redirect(BASE_PATH));

  if (!existsSync(`${opts.webDir}/index.html`)) {
    const notBuilt = async (_request: unknown, reply: FastifyReply) => reply.type("text/plain; charset=utf-8").header("cache-control", "no-cache").send(NOT_BUILT);
    app.get(BASE_PATH, notBuilt);
    app.get(`${BASE_PATH}*`, notBuilt);
    return;
  }

  const index = async (_request: unknown, reply: FastifyReply) => {
    const nonce = randomBytes(16).toString("base64");
    const page = (await readFile(join(opts.webDir, "index.html"), "utf8")).replaceAll(NONCE_PLACEHOLDER, nonce);
    usePolicy(reply, webAppPolicy(nonce));
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(page);
  };
  app.get(BASE_PATH, index);
  app.get(`${BASE_PATH}index.html`, index);
  // The residents' app (docs/residents.md): its page for /neptune/h5/ and every address under it
  // (its own router's deep links). It writes no style element, so it needs no nonce.
  const h5Page = async (_request: unknown, reply: FastifyReply) => {
    const page = await readFile(join(opts.webDir, "h5.html"), "utf8");
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(page);
  };
  if (existsSync(join(opts.webDir, "h5.html"))) {
    app.get(`${BASE_PATH}h5`, (_request, reply) => reply.redirect(H5_PATH));
    app.get(H5_PATH, h5Page);
    app.get(`${H5_PATH}*`, h5Page);
  }

  await app.register(fastifyStatic, {
    root: opts.webDir,
    prefix: BASE_PATH,
    index: false,
    preCompressed: true,
    cacheControl: false,
    decorateReply: false,
    setHeaders(response, path) {
      const immutable = path.includes(`${sep}assets${sep}`);
      response.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
}
