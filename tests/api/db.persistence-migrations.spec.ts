// Data survives a restart on the same storage; migrations are recorded, idempotent and guarded by
// checksums; the demo data is loaded once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { backends, createStorage, startServer, type Storage } from "./support/server.ts";
import { loadMigrations, migrate, MigrationChecksumError } from "../../src/server/platform/db/migrate.ts";
import { openDatabase } from "../../src/server/platform/db/open.ts";
import { buildApp } from "../../src/server/app.ts";

describe.each(backends)("persistence and migrations (%s)", (backend) => {
  let storage: Storage;

  // A copy of the run's migrated, seeded template: the restart and the recorded migrations are what
  // is checked here; migrating and seeding an empty database is checked by the last two tests.
  beforeAll(async () => {
    storage = await createStorage(backend, { seeded: true });
  });
  afterAll(() => storage.dispose());

  it("keeps committed data across a restart and does not seed twice", async () => {
    const first = await startServer(storage);
    const admin = await first.login("admin");
    const created = await first.request("POST", "/api/system/areas", { token: admin, body: { name: "重启前区域" } });
    expect(created.status).toBe(200);
    const tenants = await first.count("tenants");
    await first.close();

    const second = await startServer(storage);
    try {
      const token = await second.login("admin");
      const r = await second.request("GET", `/api/system/areas/${created.body.data.id}`, { token });
      expect(r.status).toBe(200);
      expect(r.body.data.name).toBe("重启前区域");
      expect(await second.count("tenants")).toBe(tenants);
      expect(await second.count("users", "username = 'admin'")).toBe(1);
      // The session of the first run is still valid (sessions live in the database).
      expect((await second.request("GET", `/api/system/areas/${created.body.data.id}`, { token: admin })).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it("applies migrations once and records them; a second run applies nothing", async () => {
    const db = await openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl });
    try {
      const all = loadMigrations();
      expect(all[0].name).toMatch(/^core\//);
      expect(all.some((m) => m.name.startsWith("generated/"))).toBe(true);
      expect(await migrate(db)).toEqual([]);
      expect(await migrate(db)).toEqual([]);
      const recorded = (await db.query<{ name: string }>("select name from schema_migrations order by name")).rows.map((r) => r.name);
      expect(recorded.sort()).toEqual(all.map((m) => m.name).sort());
    } finally {
      await db.close();
    }
  });

  it("refuses to start when an applied migration changed", async () => {
    const db = await openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl });
    try {
      const changed = loadMigrations().map((m, i) => (i === 0 ? { ...m, checksum: "0".repeat(64) } : m));
      await expect(migrate(db, changed)).rejects.toBeInstanceOf(MigrationChecksumError);
    } finally {
      await db.close();
    }
  });

  it("applies migrations on an empty database from scratch twice without error", async () => {
    const fresh = await createStorage(backend);
    try {
      const db = await openDatabase({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl });
      try {
        const applied = await migrate(db);
        expect(applied.length).toBe(loadMigrations().length);
        expect(await migrate(db)).toEqual([]);
        const { rows } = await db.query<{ n: number }>("select count(*)::int as n from tenants");
        expect(rows[0].n).toBe(0);
      } finally {
        await db.close();
      }
    } finally {
      await fresh.dispose();
    }
  });

  it("writes a random demo password to DATA_DIR once when none is given", async () => {
    const fresh = await createStorage(backend);
    const printed: string[] = [];
    try {
      const app = await buildApp({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl, print: (t) => printed.push(t) });
      const file = join(fresh.dataDir, "demo-password.txt");
      expect(existsSync(file)).toBe(true);
      const password = readFileSync(file, "utf8").trim();
      expect(password.length).toBeGreaterThanOrEqual(8);
      expect(printed.join("\n")).toContain(password);
      const login = await app.inject({ method: "POST", url: "/api/auth/login", headers: { "x-requested-with": "XMLHttpRequest" }, payload: { username: "admin2", password } });
      expect(login.statusCode).toBe(200);
      await app.close();
      const again: string[] = [];
      const app2 = await buildApp({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl, print: (t) => again.push(t) });
      await app2.close();
      expect(again).toEqual([]);
    } finally {
      await fresh.dispose();
    }
  });
});
