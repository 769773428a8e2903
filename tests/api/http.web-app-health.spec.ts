// The web app under /neptune/ (redirects, caching, compression, the not-built note), /healthz and
// the envelope of unknown routes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { backends, freshServer, sessionHeaders, type TestServer } from "./support/server.ts";
import { precompressAssets } from "../../scripts/build/precompress.ts";

describe.each(backends)("web app and health (%s)", (backend) => {
  let built: TestServer;
  let stopBuilt: () => Promise<void>;
  const webDir = mkdtempSync(join(tmpdir(), "neptune-web-"));
  const bundle = `console.log(${JSON.stringify("云物业".repeat(2000))});`;

  beforeAll(async () => {
    mkdirSync(join(webDir, "assets"));
    writeFileSync(join(webDir, "index.html"), `<!doctype html><html><head><script src="./assets/index-3f9a1c.js"></script></head><body>${"<!-- pad -->".repeat(200)}</body></html>`);
    writeFileSync(join(webDir, "assets/index-3f9a1c.js"), bundle);
    // An asset as the web build leaves it: with its brotli file beside it (scripts/build/precompress.ts).
    writeFileSync(join(webDir, "assets/page-7b2d0e.js"), `${bundle}//page`);
    await precompressAssets(webDir, [
      ["assets/page-7b2d0e.js", `${bundle}//page`],
      ["index.html", readFileSync(join(webDir, "index.html"))],
    ]);
    const failing = async (app: FastifyInstance) => {
      app.get("/api/test/boom", { config: { public: true } }, async () => {
        throw new Error("secret internal detail: connection string postgres://x");
      });
    };
    ({ server: built, stop: stopBuilt } = await freshServer(backend, { webDir, modules: [failing] }));
  });
  afterAll(async () => {
    await stopBuilt();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("answers /healthz with exactly {status, db}", async () => {
    const r = await built.request("GET", "/healthz");
    expect(r.status).toBe(200);
    expect(r.text).toBe(JSON.stringify({ status: "ok", db: backend }));
  });

  it("redirects / and /neptune to /neptune/", async () => {
    for (const url of ["/", "/neptune"]) {
      const r = await built.request("GET", url);
      expect(r.status).toBe(302);
      expect(r.headers.location).toBe("/neptune/");
    }
  });

  it("serves index.html with no-cache and hashed assets as immutable", async () => {
    const index = await built.request("GET", "/neptune/");
    expect(index.status).toBe(200);
    expect(index.headers["content-type"]).toMatch(/text\/html/);
    expect(index.headers["cache-control"]).toBe("no-cache");
    const asset = await built.request("GET", "/neptune/assets/index-3f9a1c.js");
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.text).toBe(bundle);
  });

  it("compresses static files with gzip or brotli when asked", async () => {
    const gz = await built.app.inject({ method: "GET", url: "/neptune/assets/index-3f9a1c.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundle);
    const br = await built.app.inject({ method: "GET", url: "/neptune/assets/index-3f9a1c.js", headers: { "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);
  });

  it("sends the build's brotli file of an asset as it is, and the asset itself to a browser without brotli", async () => {
    expect(existsSync(join(webDir, "index.html.br"))).toBe(false); // pages carry a nonce per answer: never precompressed
    const stored = readFileSync(join(webDir, "assets/page-7b2d0e.js.br"));
    const br = await built.app.inject({ method: "GET", url: "/neptune/assets/page-7b2d0e.js", headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.rawPayload.equals(stored)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${bundle}//page`);
    const gz = await built.app.inject({ method: "GET", url: "/neptune/assets/page-7b2d0e.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${bundle}//page`);
  });

  it("answers unknown routes with the 404 envelope", async () => {
    const r = await built.request("GET", "/api/system/nothing-here/at/all");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ code: 404, message: "数据不存在或已被删除", data: null, success: false });
    expect((await built.request("GET", "/neptune/assets/missing.js")).status).toBe(404);
  });

  it("answers unexpected errors with 500 SERVER_ERROR and no internals", async () => {
    const r = await built.request("GET", "/api/test/boom");
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ code: 500, message: "服务器异常，请联系管理员", data: null, success: false });
    expect(r.text).not.toContain("secret");
  });

  it("answers a malformed JSON body with 400 in the envelope", async () => {
    const token = await built.login("admin");
    const r = await built.app.inject({
      method: "POST",
      url: "/api/system/areas",
      headers: { "x-requested-with": "XMLHttpRequest", ...sessionHeaders(token), "content-type": "application/json" },
      payload: "{not json",
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ code: 400, message: "请求参数错误", data: null, success: false });
  });

  it("serves the OpenAPI description at /api/openapi.json and its reference page at /api/docs", async () => {
    const r = await built.request("GET", "/api/openapi.json");
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\./);
    const page = await built.request("GET", "/api/docs");
    expect(page.status).toBe(200);
    expect(page.text).toContain("swagger-ui-bundle.js");
    const script = await built.request("GET", "/api/docs/swagger-ui-bundle.js");
    expect(script.status).toBe(200);
    expect((await built.request("GET", "/api/docs/package.json")).status).toBe(404);
  });

  it("says in Chinese that the web app is not built when dist is missing, without failing", async () => {
    const { server, stop } = await freshServer(backend, { webDir: join(webDir, "does-not-exist") });
    try {
      const r = await server.request("GET", "/neptune/");
      expect(r.status).toBe(200);
      expect(r.text).toContain("尚未构建");
      expect((await server.request("GET", "/healthz")).status).toBe(200);
    } finally {
      await stop();
    }
  });
});
