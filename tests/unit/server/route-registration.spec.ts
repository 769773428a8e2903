// npm run check refuses a route registered outside the edge (scripts/check/route-registration.ts):
// every API route is a declared operation or a resource's generic operation.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkRouteRegistration, registrationsIn } from "../../../scripts/check/route-registration.ts";

describe("routes are registered by the edge alone", () => {
  const root = mkdtempSync(join(tmpdir(), "route-registration-"));
  const file = (path: string, text: string) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("holds for the project", () => {
    expect(checkRouteRegistration(process.cwd())).toEqual([]);
  });

  it("finds a Fastify registration, not a comment or a client call", () => {
    const text = [
      "// app.post(`/api/x`, handler) was the old way",
      'app.post("/api/x", async () => ok());',
      "app.route({ method: 'GET', url: '/x', handler });",
      "resourceRoute(app, resourceOperations.rooms.detail, handler);",
      "await api.post('/x');",
      "fastify.get(`/api/${name}`, handler);",
    ].join("\n");
    expect(registrationsIn(text)).toEqual(["line 2", "line 3", "line 6"]);
  });

  it("reports a domain file that registers a route, not the edge or the sandbox", () => {
    file("src/server/one/one-routes.ts", 'export async function m(app) {\n  app.get("/api/one", async () => 1);\n}\n');
    file("src/server/platform/http/operation.ts", "app.route(options);\n");
    file("src/server/onlinepay/sandbox/gateway.ts", 'app.post("/gateway.do", handle);\n');
    expect(checkRouteRegistration(root)).toEqual([
      "route registered by hand (declare an operation in schemas/operations, or use the resource's generic operation): src/server/one/one-routes.ts: line 2",
    ]);
  });
});
