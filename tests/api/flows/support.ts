// What the flow suites share: a server per backend with the demo users signed in, and short calls.
import type { BackendName, Reply } from "../support/server.ts";
import { useDemoServer, type DemoServer } from "../support/demo.ts";

export interface FlowContext extends DemoServer {
  post(token: string, url: string, body?: unknown): Promise<Reply>;
  put(token: string, url: string, body?: unknown): Promise<Reply>;
  get(token: string, url: string): Promise<Reply>;
  /** The first row of a table matching a condition, in tenant A (or the given tenant). */
  firstId(table: string, where?: string, params?: unknown[], tenantId?: number): Promise<number>;
}

/** Starts a fresh server for the suite (beforeAll) and stops it after (afterAll). */
export function useFlowServer(backend: BackendName): FlowContext {
  const ctx = useDemoServer(backend) as FlowContext;
  ctx.post = (token, url, body) => ctx.server.request("POST", url, { token, body: body ?? {} });
  ctx.put = (token, url, body) => ctx.server.request("PUT", url, { token, body: body ?? {} });
  ctx.get = (token, url) => ctx.server.request("GET", url, { token });
  ctx.firstId = async (table, where = "true", params = [], tenantId = ctx.ids.tenantA) => {
    const { rows } = await ctx.server.db.query<{ id: number }>(`select id from ${table} where tenant_id = $1 and (${where}) order by id limit 1`, [tenantId, ...params]);
    if (!rows[0]) throw new Error(`no row in ${table} where ${where}`);
    return Number(rows[0].id);
  };
  return ctx;
}
