// Security headers on every answer (src/server/platform/http/security-headers.ts): the web app's index.html
// (a fresh style nonce per answer, in its policy and its page), its other files, the API's JSON
// (answered, refused, not found), the API reference page and its document; HSTS only over TLS.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NONCE_PLACEHOLDER } from "../../src/server/platform/http/web-app.ts";
import { backends, freshServer, type Reply, type TestServer } from "./support/server.ts";

/** The directives of a Content-Security-Policy header, by name. */
function directives(reply: Reply): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(reply.headers["content-security-policy"] ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

/** The headers every answer carries, whatever it is. */
function expectCommonHeaders(reply: Reply) {
  expect(reply.headers["x-content-type-options"]).toBe("nosniff");
  expect(reply.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(reply.headers["x-frame-options"]).toBe("SAMEORIGIN");
  expect(reply.headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(reply.headers["x-powered-by"]).toBeUndefined();
  expect(reply.headers["content-security-policy"]).toBeTruthy();
}

function expectApiPolicy(reply: Reply) {
  expectCommonHeaders(reply);
  expect(reply.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
}

/** The policy of a page: nothing inline, nothing foreign, framed by the app itself only. */
function expectPagePolicy(reply: Reply) {
  expectCommonHeaders(reply);
  const policy = directives(reply);
  expect(policy.get("default-src")).toEqual(["'self'"]);
  expect(policy.get("script-src")).toEqual(["'self'"]);
  expect(policy.get("connect-src")).toEqual(["'self'"]);
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'self'"]);
  expect(policy.get("form-action")).toEqual(["'self'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
  expect(String(reply.headers["content-security-policy"])).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:/);
  return policy;
}

describe.each(backends)("security headers (%s)", (backend) => {
  let server: TestServer;
  let stop: () => Promise<void>;
  let untrusted: TestServer;
  let stopUntrusted: () => Promise<void>;
  const webDir = mkdtempSync(join(tmpdir(), "neptune-web-"));

  beforeAll(async () => {
    mkdirSync(join(webDir, "assets"));
    mkdirSync(join(webDir, "help"));
    writeFileSync(
      join(webDir, "index.html"),
      `<!doctype html><html><head><meta name="csp-nonce" content="${NONCE_PLACEHOLDER}"><script type="module" src="/neptune/assets/index-3f9a1c.js"></script></head><body></body></html>`,
    );
    writeFileSync(join(webDir, "assets/index-3f9a1c.js"), "console.log(1);");
    writeFileSync(join(webDir, "help/guide.html"), `<!doctype html><html><head><link rel="stylesheet" href="guide.css"></head><body>帮助</body></html>`);
    // Behind a proxy (TRUST_PROXY=1), and a server without one, which must not believe X-Forwarded-Proto.
    ({ server, stop } = await freshServer(backend, { webDir, trustProxy: true }));
    ({ server: untrusted, stop: stopUntrusted } = await freshServer(backend, { webDir, trustProxy: false }));
  });
  afterAll(async () => {
    await stop();
    await stopUntrusted();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("gives index.html the app's policy with a fresh style nonce, also in the page", async () => {
    const nonces: string[] = [];
    for (const url of ["/neptune/", "/neptune/", "/neptune/index.html"]) {
      const index = await server.request("GET", url);
      expect(index.status).toBe(200);
      expect(index.headers.etag).toBeUndefined(); // a 304 would pair an old page with a new nonce
      expect(index.headers["last-modified"]).toBeUndefined();
      const policy = expectPagePolicy(index);
      const nonce = /<meta name="csp-nonce" content="([^"]+)">/.exec(index.text)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(policy.get("style-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
      expect(index.text).not.toContain(NONCE_PLACEHOLDER);
      nonces.push(nonce!);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it("gives the web app's other files the app's policy without a nonce", async () => {
    for (const url of ["/neptune/help/guide.html", "/neptune/assets/index-3f9a1c.js"]) {
      const file = await server.request("GET", url);
      expect(file.status).toBe(200);
      expect(expectPagePolicy(file).get("style-src")).toEqual(["'self'"]);
    }
    expectPagePolicy(await server.request("GET", "/neptune/missing.html"));
  });

  it("gives the API's JSON answers a policy that lets nothing load or frame them", async () => {
    const login = await server.request("POST", "/api/auth/login", { body: { username: "admin", password: "wrong" } });
    expect(login.headers["content-type"]).toMatch(/application\/json/);
    expectApiPolicy(login);
    const token = await server.login("admin");
    const answered = await server.request("GET", "/api/openapi.json", { token });
    expect(answered.status).toBe(200);
    expectApiPolicy(answered);
    const list = await server.request("GET", "/api/system/homepage/user", { token });
    expect(list.status).toBe(200);
    expectApiPolicy(list);
    const refused = await server.request("GET", "/api/system/homepage/user"); // no session: the guard refuses it
    expect(refused.status).toBe(401);
    expectApiPolicy(refused);
    const missing = await server.request("GET", "/api/system/nothing-here");
    expect(missing.status).toBe(404);
    expectApiPolicy(missing);
    expectApiPolicy(await server.request("GET", "/healthz"));
  });

  it("gives /api/docs a policy Swagger UI works under: nothing inline, its files and data: images", async () => {
    const page = await server.request("GET", "/api/docs");
    expect(page.status).toBe(200);
    const policy = expectPagePolicy(page);
    expect(policy.get("style-src")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:"]);
    // Nothing inline in the page: every script is a file.
    expect(page.text.match(/<script\b[^>]*>/g)?.every((tag) => / src=/.test(tag))).toBe(true);
    expect(page.text).not.toMatch(/<style\b| style=/);
    const init = await server.request("GET", "/api/docs/init.js");
    expect(init.status).toBe(200);
    expect(init.text).toContain("validatorUrl: null");
    expectApiPolicy(init);
  });

  it("sends HSTS only over TLS: behind a trusted proxy saying https, never over plain http", async () => {
    const https = { "x-forwarded-proto": "https" };
    for (const url of ["/neptune/", "/api/openapi.json", "/api/docs", "/api/system/homepage/user"]) {
      expect((await server.request("GET", url, { headers: https })).headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect((await server.request("GET", url)).headers["strict-transport-security"]).toBeUndefined();
      expect((await server.request("GET", url, { headers: { "x-forwarded-proto": "http" } })).headers["strict-transport-security"]).toBeUndefined();
      expect((await untrusted.request("GET", url, { headers: https })).headers["strict-transport-security"]).toBeUndefined();
    }
  });
});
