// Declared operations convert their input at the edge (scripts/codegen/operations.ts, the coercion
// pass run by src/common/validation-run.ts): where the schema says integer, a numeric text becomes the
// number before the handler runs (ids are numbers, arrays of ids number arrays, an empty text no
// value); a text that is no number is refused with the field's Chinese message, and the other types
// are left alone (a number is never made a string's text, null never 0).
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../../../generated/operations.ts";
import { route } from "../../../src/server/platform/http/operation.ts";
import { installErrorHandling } from "../../../src/server/platform/http/error-handler.ts";

describe("operation input coercion at the edge", () => {
  let app: FastifyInstance;
  let seen: unknown;
  const call = async (method: "GET" | "POST", url: string, payload?: unknown) => {
    seen = undefined;
    const r = await app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: r.statusCode, body: r.json<{ message: string; data: { errors: { field: string; message: string }[] } | null }>() };
  };

  beforeAll(async () => {
    app = Fastify();
    // The scope guard asks whether the named community and rows are the tenant's: here they all are.
    const everyNamedRow = async (statement: { text: string; values: unknown[] }) => {
      const ids = (statement.values.find(Array.isArray) ?? []) as number[];
      return { rows: /from communities/.test(statement.text) ? ids.map((id) => ({ id, name: `社区${id}` })) : [{ n: ids.length }], rowCount: 0 };
    };
    app.decorate("db", { kind: "pglite", query: everyNamedRow, exec: async () => {} } as never);
    installErrorHandling(app);
    // The main account's session (no community scope to check): the guard is not installed here.
    app.addHook("onRequest", async (request) => {
      request.session = { tokenHash: "", userId: 1, tenantId: 1, username: "admin", realName: null, userType: "0", authorities: [], communityIds: null, tenantName: "", sceneName: "社区" };
    });
    // Bare routes (no authority guard, a database that finds every row): the handlers only record what they were given.
    const record = (input: unknown) => {
      seen = input;
      return Promise.resolve(null as never);
    };
    route(app, operations.getRoomBills, ({ query }) => record(query));
    route(app, operations.printReceipt, ({ params }) => record(params));
    route(app, operations.generateBills, ({ body }) => record(body));
    route(app, operations.queryBills, ({ body }) => record(body));
    route(app, operations.declareReconciliation, ({ body }) => record(body));
    await app.ready();
  });
  afterAll(() => app.close());

  it("gives the handler a numeric text id as a number, in the query and the path", async () => {
    expect((await call("GET", "/api/property/bills/actions/roomBills?roomId=12")).status).toBe(200);
    expect(seen).toEqual({ roomId: 12 });
    await call("GET", "/api/property/receipts/34/actions/print");
    expect(seen).toEqual({ id: 34 });
    // An empty query value is no value: the room the operation requires is missing, refused before the handler.
    seen = undefined;
    const empty = await call("GET", "/api/property/bills/actions/roomBills?roomId=");
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("请选择房屋");
    expect(seen).toBeUndefined();
  });

  it("refuses a text that is no number with the field's Chinese message, before the handler", async () => {
    const bad = await call("GET", "/api/property/bills/actions/roomBills?roomId=abc");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("房屋格式不正确");
    expect(bad.body.data?.errors).toEqual([{ field: "roomId", message: "房屋格式不正确" }]);
    expect(seen).toBeUndefined();
    const path = await call("GET", "/api/property/receipts/abc/actions/print");
    expect(path.status).toBe(400);
    expect(path.body.message).toBe("收据格式不正确");
    for (const id of ["12.5", "0", "-3", "99999999999999999999"]) {
      expect((await call("GET", `/api/property/bills/actions/roomBills?roomId=${id}`)).body.message).toBe("房屋格式不正确");
    }
  });

  it("turns an array of numeric texts into numbers, and refuses one that is not", async () => {
    await call("POST", "/api/property/bills/actions/generate", { period: "2030-01", paymentItemIds: ["7", 8, "9"], communityIds: null });
    expect(seen).toEqual({ period: "2030-01", paymentItemIds: [7, 8, 9], communityIds: null });
    const bad = await call("POST", "/api/property/bills/actions/generate", { period: "2030-01", paymentItemIds: ["7", "x"] });
    expect(bad.status).toBe(400);
    expect(bad.body.data?.errors).toEqual([{ field: "paymentItemIds", message: "缴费项目格式不正确" }]);
    expect(seen).toBeUndefined();
  });

  it("converts nested integers, keeps null and an empty text as no value, and leaves the other types alone", async () => {
    await call("POST", "/api/property/bills/actions/query", { communityId: "5", roomId: "", batchId: null, status: ["1", 2], keyword: "101", pageNo: "2" });
    expect(seen).toEqual({ communityId: 5, roomId: null, batchId: null, status: [1, 2], keyword: "101", pageNo: 2 });
    await call("POST", "/api/property/reconciliations/actions/declare", { communityId: 5, day: "2030-01-02", rows: [{ payMethod: "1", cashierId: "42", declaredAmount: "10.00" }] });
    expect(seen).toEqual({ communityId: 5, day: "2030-01-02", rows: [{ payMethod: 1, cashierId: 42, declaredAmount: 1000 }] });
    // A number for a text field stays a number (refused as before), a boolean for an integer is not made 1.
    expect((await call("POST", "/api/property/bills/actions/query", { keyword: 101 })).body.message).toBe("关键字格式不正确");
    expect((await call("POST", "/api/property/bills/actions/query", { roomId: true })).body.message).toBe("房屋格式不正确");
    expect(seen).toBeUndefined();
  });
});
