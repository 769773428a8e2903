// The API document is valid OpenAPI and complete: every operation it lists (generic and declared)
// is a route of the server, refused without a session (401) unless public; every declared
// operation is in it or, for the residents' app, in the residents' own document (which holds
// nothing else). One server on an empty embedded database, calls by inject.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import SwaggerParser from "@apidevtools/swagger-parser";
import { h5Openapi, openapi } from "../../scripts/check/openapi-document.ts";
import { operations } from "../../generated/operations.ts";
import { createStorage, startServer, XHR, type Storage, type TestServer } from "./support/server.ts";

type Entry = { operationId?: string; security?: unknown[] };
const METHODS = ["get", "post", "put", "delete", "patch"] as const;

const callsOf = (doc: typeof openapi) =>
  Object.entries(doc.paths as Record<string, Record<string, Entry>>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ method: m.toUpperCase(), path, entry: item[m], url: path.replace(/\{\w+\}/g, "1") })),
  );
const calls = callsOf(openapi);
/** The residents' app's document (/api/h5/openapi.json). */
const h5Calls = callsOf(h5Openapi);

describe("the API document", () => {
  let storage: Storage;
  let server: TestServer;
  beforeAll(async () => {
    storage = await createStorage("pglite");
    server = await startServer(storage, { seedDemo: false });
  });
  afterAll(async () => {
    await server?.app.close();
    await storage?.dispose();
  });

  it("is valid OpenAPI", async () => {
    await expect(SwaggerParser.validate(structuredClone(openapi) as never)).resolves.toBeTruthy();
  });

  it("lists every declared operation under its name, the residents' app's in its own document only", () => {
    const listed = new Set(calls.map((c) => c.entry.operationId).filter(Boolean));
    const h5Listed = new Set(h5Calls.map((c) => c.entry.operationId).filter(Boolean));
    expect(Object.keys(operations).filter((name) => !listed.has(name) && !h5Listed.has(name))).toEqual([]);
    expect([...h5Listed].filter((name) => listed.has(name))).toEqual([]);
    expect(h5Calls.filter((c) => !c.path.startsWith("/api/h5/")).map((c) => c.path)).toEqual([]);
  });

  it("the residents' document is valid OpenAPI; its operations are routes, those not public refused without a resident session (401)", async () => {
    await expect(SwaggerParser.validate(structuredClone(h5Openapi) as never)).resolves.toBeTruthy();
    const wrong: string[] = [];
    for (const c of h5Calls) {
      const isPublic = Array.isArray(c.entry.security) && c.entry.security.length === 0;
      const declared = operations[c.entry.operationId as keyof typeof operations];
      if (!declared || !server.app.hasRoute({ method: declared.method, url: declared.path })) wrong.push(`${c.method} ${c.path}: no route`);
      if (isPublic) continue;
      if (JSON.stringify(c.entry.security) !== JSON.stringify([{ residentCookie: [] }])) wrong.push(`${c.method} ${c.path}: security ${JSON.stringify(c.entry.security)}`);
      const r = await server.app.inject({ method: c.method as "GET", url: c.url, headers: { ...XHR, "content-type": "application/json" }, payload: c.method === "GET" ? undefined : "{}" });
      if (r.statusCode !== 401) wrong.push(`${c.method} ${c.path}: answered ${r.statusCode} without a session`);
    }
    expect(wrong).toEqual([]);
  });

  it("says that a signed-in call needs the cookie and its signature together (one requirement, both schemes), or else an API token", () => {
    const wrong = calls
      .filter((c) => !(Array.isArray(c.entry.security) && c.entry.security.length === 0))
      .filter((c) => JSON.stringify(c.entry.security) !== JSON.stringify([{ signature: [], cookie: [] }, { apiToken: [] }]))
      .map((c) => `${c.method} ${c.path}`);
    expect(wrong).toEqual([]);
  });

  it("has a route for every operation, refusing anonymous calls to those that are not public", async () => {
    const wrong: string[] = [];
    for (const c of calls) {
      const isPublic = Array.isArray(c.entry.security) && c.entry.security.length === 0;
      const r = await server.app.inject({ method: c.method as "GET", url: c.url, headers: { ...XHR, "content-type": "application/json" }, payload: c.method === "GET" ? undefined : "{}" });
      if (isPublic) {
        // A public operation may answer 404 for the made-up id, but only when its route exists.
        const declared = c.entry.operationId ? operations[c.entry.operationId as keyof typeof operations] : undefined;
        const routed = declared ? server.app.hasRoute({ method: declared.method, url: declared.path }) : r.statusCode !== 404;
        if (!routed || r.statusCode === 401) wrong.push(`${c.method} ${c.path}: public, answered ${r.statusCode}`);
      } else if (r.statusCode !== 401) wrong.push(`${c.method} ${c.path}: answered ${r.statusCode} without a session`);
    }
    expect(wrong).toEqual([]);
    expect(calls.length).toBeGreaterThan(500);
  });
});
