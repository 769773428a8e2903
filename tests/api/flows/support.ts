// What the flow suites share: a server per backend with the demo users signed in, and short calls.
import { afterAll, beforeAll } from "vitest";
import { freshServer, type BackendName, type Reply, type TestServer } from "../support/server.ts";
import { demoIds, type DemoIds } from "../support/demo.ts";

export interface FlowContext {
  server: TestServer;
  ids: DemoIds;
  admin: string;
  staff: string;
  admin2: string;
  post(token: string, url: string, body?: unknown): Promise<Reply>;
  put(token: string, url: string, body?: unknown): Promise<Reply>;
  get(token: string, url: string): Promise<Reply>;
  /** The first row of a table matching a condition, in tenant A (or the given tenant). */
  firstId(table: string, where?: string, params?: unknown[], tenantId?: number): Promise<number>;
}

/** Starts a fresh server for the suite (beforeAll) and stops it after (afterAll). */
export function useFlowServer(backend: BackendName): FlowContext {
  const ctx = {} as FlowContext;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const started = await freshServer(backend);
    stop = started.stop;
    const server = started.server;
    ctx.server = server;
    ctx.ids = await demoIds(server);
    ctx.admin = await server.login("admin");
    ctx.staff = await server.login("staff");
    ctx.admin2 = await server.login("admin2");
    ctx.post = (token, url, body) => server.request("POST", url, { token, body: body ?? {} });
    ctx.put = (token, url, body) => server.request("PUT", url, { token, body: body ?? {} });
    ctx.get = (token, url) => server.request("GET", url, { token });
    ctx.firstId = async (table, where = "true", params = [], tenantId = ctx.ids.tenantA) => {
      const { rows } = await server.db.query<{ id: number }>(
        `select id from ${table} where tenant_id = $1 and (${where}) order by id limit 1`,
        [tenantId, ...params],
      );
      if (!rows[0]) throw new Error(`no row in ${table} where ${where}`);
      return Number(rows[0].id);
    };
  });
  afterAll(async () => stop?.());
  return ctx;
}
