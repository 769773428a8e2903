// The scope guard of the declared operations (src/server/platform/http/operation-scope.ts): the communities
// and rows an operation's input names are checked against the session before the handler runs —
// another tenant's community or row looks missing (404), one outside a limited user's communities
// answers the 403 marker — and the handler is handed the checked community ({ id, name }).
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../../../generated/operations.ts";
import { route } from "../../../src/server/platform/http/operation.ts";
import { installErrorHandling } from "../../../src/server/platform/http/error-handler.ts";
import type { SessionInfo } from "../../../src/server/platform/session/session-store.ts";
import type { Db } from "../../../src/server/platform/db/types.ts";
import type { Statement } from "../../../src/server/platform/db/sql.ts";

/** Tenant 1's communities and rooms (community 5: 幸福里, 6: 明月湾); everything else is another tenant's. */
const COMMUNITIES = new Map([
  [5, "幸福里"],
  [6, "明月湾"],
]);
const ROOMS = new Map([
  [50, 5],
  [60, 6],
]);

/** A database that answers the guard's two statements from the maps above. */
function fakeDb(statements: string[]): Db {
  const query = (statement: string | Statement) => {
    const { text, values } = typeof statement === "string" ? { text: statement, values: [] as unknown[] } : statement;
    statements.push(text);
    const [tenantId, ids, scope] = values as [number, number[], number[] | undefined];
    if (/from communities/.test(text)) return { rows: tenantId === 1 ? ids.filter((id) => COMMUNITIES.has(id)).map((id) => ({ id, name: COMMUNITIES.get(id) })) : [], rowCount: 0 };
    const found = ids.filter((id) => tenantId === 1 && ROOMS.has(id) && (!scope || scope.includes(ROOMS.get(id)!)));
    return { rows: [{ n: found.length }], rowCount: 0 };
  };
  return {
    kind: "pglite",
    query: async (s: string | Statement) => query(s),
    exec: async () => {},
  } as unknown as Db;
}

describe("the scope guard of the declared operations", () => {
  let app: FastifyInstance;
  let session: SessionInfo;
  let seen: unknown;
  const statements: string[] = [];
  const main: SessionInfo = { tokenHash: "", userId: 1, tenantId: 1, username: "admin", realName: null, userType: "0", authorities: [], communityIds: null, tenantName: "", sceneName: "社区" };
  const call = async (url: string, as: SessionInfo = main) => {
    session = as;
    seen = undefined;
    const r = await app.inject({ method: "GET", url });
    return { status: r.statusCode, body: r.json<{ code: number; message: string }>() };
  };

  beforeAll(async () => {
    app = Fastify();
    app.decorate("db", fakeDb(statements));
    installErrorHandling(app);
    app.addHook("onRequest", async (request) => {
      request.session = session;
    });
    route(app, operations.getBillSteer, async ({ community, communities }) => {
      seen = { community, communities };
      return null as never;
    });
    route(app, operations.exportPaymentReport, async ({ community, communities }) => {
      seen = { community, communities };
      return null as never;
    });
    route(app, operations.getRoomBills, async ({ community }) => {
      seen = { community };
      return null as never;
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("hands the handler the tenant's community it names, with its name", async () => {
    expect((await call("/api/property/bill/steer?communityId=5")).status).toBe(200);
    expect(seen).toEqual({ community: { id: 5, name: "幸福里" }, communities: [{ id: 5, name: "幸福里" }] });
    // A list input: every community, no single one.
    await call("/api/property/reports/actions/exportPayment?startMonth=2024-01&endMonth=2024-02&communityIds=6,5");
    expect(seen).toEqual({
      community: null,
      communities: [
        { id: 6, name: "明月湾" },
        { id: 5, name: "幸福里" },
      ],
    });
    // No community named: null, and no statement.
    statements.length = 0;
    await call("/api/property/bill/steer");
    expect(seen).toEqual({ community: null, communities: [] });
    expect(statements).toEqual([]);
  });

  it("answers another tenant's community or row as missing (404) before the handler", async () => {
    for (const url of [
      "/api/property/bill/steer?communityId=9",
      "/api/property/reports/actions/exportPayment?startMonth=2024-01&endMonth=2024-02&communityIds=5,9",
      "/api/property/bills/actions/roomBills?roomId=90",
    ]) {
      const r = await call(url);
      expect([url, r.status, r.body.message]).toEqual([url, 404, "数据不存在或已被删除"]);
      expect(seen).toBeUndefined();
    }
    expect((await call("/api/property/bills/actions/roomBills?roomId=50")).status).toBe(200);
  });

  it("refuses a limited user a community outside its scope (the 403 marker, no query) and rows of one (404)", async () => {
    const limited = { ...main, userType: "1", communityIds: [5] };
    statements.length = 0;
    const r = await call("/api/property/bill/steer?communityId=6", limited);
    expect(r.body).toMatchObject({ code: 403, message: "无权访问该社区" });
    expect(statements).toEqual([]);
    expect((await call("/api/property/bills/actions/roomBills?roomId=60", limited)).status).toBe(404);
    expect((await call("/api/property/bills/actions/roomBills?roomId=50", limited)).status).toBe(200);
    // Naming nothing is refused when the operation says so.
    expect((await call("/api/property/bill/steer", limited)).body).toMatchObject({ code: 403 });
    expect(seen).toBeUndefined();
  });
});
