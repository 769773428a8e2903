// Ids of the demo data, looked up by name (the seed owns the values), and the usual suite on it.
import { afterAll, beforeAll } from "vitest";
import type { AppOptions } from "../../../src/server/app.ts";
import { freshServer, type BackendName, type TestServer } from "./server.ts";

export interface DemoIds {
  tenantA: number;
  tenantB: number;
  areaA: number;
  areaB: number;
  communityA: number;
  communityB: number;
  buildingA: number;
  unitA: number;
  roomA: number;
  roomB: number;
}

export async function demoIds(server: TestServer): Promise<DemoIds> {
  const one = async (sql: string, params: unknown[] = []) => {
    const { rows } = await server.db.query<{ id: number }>(sql, params);
    if (!rows[0]) throw new Error(`no demo row for ${sql}`);
    return rows[0].id;
  };
  const tenantA = await one("select tenant_id as id from login_names where username_key = 'admin'");
  const tenantB = await one("select tenant_id as id from login_names where username_key = 'admin2'");
  const communityA = await one("select id from communities where tenant_id = $1 order by id limit 1", [tenantA]);
  const communityB = await one("select id from communities where tenant_id = $1 order by id limit 1", [tenantB]);
  return {
    tenantA,
    tenantB,
    areaA: await one("select id from areas where tenant_id = $1 order by id limit 1", [tenantA]),
    areaB: await one("select id from areas where tenant_id = $1 order by id limit 1", [tenantB]),
    communityA,
    communityB,
    buildingA: await one("select id from buildings where tenant_id = $1 and community_id = $2 order by id limit 1", [tenantA, communityA]),
    unitA: await one("select id from units where tenant_id = $1 and community_id = $2 order by id limit 1", [tenantA, communityA]),
    roomA: await one("select id from rooms where tenant_id = $1 and community_id = $2 order by id limit 1", [tenantA, communityA]),
    roomB: await one("select id from rooms where tenant_id = $1 and community_id = $2 order by id limit 1", [tenantB, communityB]),
  };
}

/** A suite's server on the demo data, its ids and the signatures of the demo users. */
export interface DemoServer {
  server: TestServer;
  ids: DemoIds;
  /** Main account of tenant A. */
  admin: string;
  /** Tenant A, community module only. */
  staff: string;
  /** Main account of tenant B. */
  admin2: string;
}

/**
 * The usual suite set-up: before the suite's tests (beforeAll) a fresh server on `backend` with the
 * demo data, its ids and admin, staff and admin2 signed in; after them (afterAll) the server and its
 * storage removed. The returned object is filled in by that beforeAll: read it in hooks and tests.
 * A suite's own set-up goes in a beforeAll of its own, registered after this call.
 */
export function useDemoServer(backend: BackendName, options: AppOptions = {}): DemoServer {
  const demo = {} as DemoServer;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const started = await freshServer(backend, options);
    stop = started.stop;
    demo.server = started.server;
    demo.ids = await demoIds(started.server);
    demo.admin = await started.server.sessionFor("admin");
    demo.staff = await started.server.sessionFor("staff");
    demo.admin2 = await started.server.sessionFor("admin2");
  });
  afterAll(async () => stop?.());
  return demo;
}
