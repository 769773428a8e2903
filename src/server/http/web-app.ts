// The built web app (dist/web) under /neptune/: / and /neptune redirect there; hashed files under
// assets/ are cached for a year (immutable), everything else (index.html) is revalidated each time.
// Responses are compressed by @fastify/compress (registered in app.ts). Without a build the base path
// answers a short note instead of failing.
import { existsSync } from "node:fs";
import { sep } from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { texts } from "../../../generated/texts.ts";

export const BASE_PATH = "/neptune/";
const NOT_BUILT = texts.pages.webNotBuilt;

export async function webAppRoutes(app: FastifyInstance, opts: { webDir: string }): Promise<void> {
  // Static files need no session.
  app.addHook("onRoute", (route) => {
    route.config = { ...(route.config ?? {}), public: true };
  });
  app.get("/", (_request, reply) => reply.redirect(BASE_PATH));
  app.get("/neptune", (_request, reply) => reply.redirect(BASE_PATH));

  if (!existsSync(`${opts.webDir}/index.html`)) {
    const notBuilt = async (_request: unknown, reply: import("fastify").FastifyReply) => reply.type("text/plain; charset=utf-8").header("cache-control", "no-cache").send(NOT_BUILT);
    app.get(BASE_PATH, notBuilt);
    app.get(`${BASE_PATH}*`, notBuilt);
    return;
  }

  await app.register(fastifyStatic, {
    root: opts.webDir,
    prefix: BASE_PATH,
    index: ["index.html"],
    preCompressed: true,
    cacheControl: false,
    decorateReply: false,
    setHeaders(response, path) {
      const immutable = path.includes(`${sep}assets${sep}`);
      response.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
}
