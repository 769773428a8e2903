// Two app servers started at the same moment on one empty PostgreSQL database: one applies the
// migrations and loads the demo data under the start-up lock, the other waits and goes on; both
// serve, and the demo data is there once. (PostgreSQL only: PGlite's folder takes one server.)
import { describe, expect, it } from "vitest";
import { createStorage, startServer } from "./support/server.ts";

describe.skipIf(!process.env.TEST_DATABASE_URL)("two servers starting together on one PostgreSQL", () => {
  it("both start, the demo data is loaded once and both serve it", async () => {
    const storage = await createStorage("postgres");
    try {
      const started = await Promise.allSettled([startServer(storage), startServer(storage)]);
      const servers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
      try {
        expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "started"))).toEqual(["started", "started"]);
        expect(await servers[0].count("login_names", "username_key = 'admin'")).toBe(1);
        expect(await servers[0].count("tenants")).toBe(2);
        for (const server of servers) expect((await server.request("GET", "/healthz")).body).toMatchObject({ status: "ok", db: "postgres" });
        const token = await servers[0].login("admin");
        const rooms = await servers[1].request("POST", "/api/system/rooms/actions/pageList", { token, body: {} });
        expect(rooms.status).toBe(200);
        expect(rooms.body.data.total).toBeGreaterThan(0);
      } finally {
        await Promise.all(servers.map((s) => s.close().catch(() => undefined)));
      }
    } finally {
      await storage.dispose();
    }
  });
});
