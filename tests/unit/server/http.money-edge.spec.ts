// Money at the edge (src/server/platform/http/money-edge.ts): an operation property declared `format: money`
// is yuan on the wire (documented so in the OpenAPI document), checked by the amount rule with its
// exact messages, and reaches the handler as integer fen; the answer's money nodes leave as
// two-decimal yuan text. Codegen is run on a probe operation; the route helper on a real one.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSources } from "../../../scripts/codegen/load.ts";
import { buildModel } from "../../../scripts/codegen/model.ts";
import { addOperationsToOpenApi, emitOperations, loadOperations } from "../../../scripts/codegen/operations.ts";
import { runCompiled } from "../../../src/common/validation-run.ts";
import type { CompiledValidator } from "../../../generated/validators/types.ts";
import { operations, type OperationRoute } from "../../../generated/operations.ts";
import { route } from "../../../src/server/platform/http/operation.ts";
import { installErrorHandling } from "../../../src/server/platform/http/error-handler.ts";
import { moneyIn, moneyOut, moneyText } from "../../../src/server/platform/http/money-edge.ts";

const PROBE = `domain: probe
description: 金额探针
operations:
  payProbe:
    method: POST
    path: /api/probe/pay
    summary: 探针缴费
    authority: signedIn
    scope: tenant
    body:
      properties:
        amount: { format: money, label: 缴费金额 }
        tip: { type: [string, number, "null"], format: money, label: 小费 }
        rows:
          type: [array, "null"]
          label: 明细
          items:
            type: object
            required: [kind]
            properties:
              kind: { type: integer }
              declared: { type: [string, number, "null"], format: money, rule: signedAmount, label: 申报金额 }
      required: [amount]
    data:
      type: object
      required: [amount, lines]
      properties:
        amount: { format: money }
        lines: { type: array, items: { type: object, properties: { due: { type: [integer, "null"], format: money } } } }
        extra:
          allOf:
            - { type: object, properties: { fee: { format: money } } }
            - { type: object, properties: { note: { type: string } } }
`;

describe("format: money in codegen", () => {
  const root = mkdtempSync(join(tmpdir(), "money-probe-"));
  let files: Record<string, string>;
  let openapi: { paths: Record<string, { post: { requestBody: { content: { "application/json": { schema: { properties: Record<string, unknown> } } } }; responses: Record<string, unknown> } }> };
  let validator: CompiledValidator;

  beforeAll(async () => {
    const model = buildModel(loadSources(process.cwd()));
    mkdirSync(join(root, "schemas", "meta"), { recursive: true });
    mkdirSync(join(root, "schemas", "operations"), { recursive: true });
    copyFileSync(join(process.cwd(), "schemas", "meta", "operations.schema.yaml"), join(root, "schemas", "meta", "operations.schema.yaml"));
    writeFileSync(join(root, "schemas", "operations", "probe.yaml"), PROBE);
    const ops = loadOperations(root, model);
    files = await emitOperations(model, ops);
    openapi = { paths: {} };
    addOperationsToOpenApi(openapi, model, ops);
    mkdirSync(join(root, "validators"));
    for (const name of ["validators/operations.js", "validators/operation-coercion.js"]) writeFileSync(join(root, name), files[name]);
    const module = (await import(pathToFileURL(join(root, "validators/operations.js")).href)) as { operationValidators: Record<string, CompiledValidator> };
    validator = module.operationValidators.payProbe_body;
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("lists the converted inputs and answer paths in the route table", () => {
    expect(files["operations.ts"]).toMatch(/"money": \{\s*"body": \[\s*"amount",\s*"tip",\s*"rows\[\]\.declared"\s*\],\s*"data": \[\s*"amount",\s*"lines\[\]\.due",\s*"extra\.fee"\s*\]\s*\}/);
  });

  it("types the handler's money as fen and the client's as yuan", () => {
    const types = files["operation-types.ts"];
    expect(types).toMatch(/export interface PayProbeBody \{[^}]*amount: number[^}]*tip\?: \(number \| null\)/s);
    expect(types).toMatch(/export interface PayProbeBodyInput \{[^}]*amount: \(string \| number\)/s);
    // A money node inside a list's rows: fen for the handler too.
    expect(types).toMatch(/export interface PayProbeBody \{.*rows\?: \(\{\s*kind: number\s*(\/\*\*[^/]*\/\s*)?declared\?: \(number \| null\)/s);
    expect(types).toMatch(/export interface PayProbeData \{[^}]*amount: string/s);
    expect(types).toMatch(/export interface PayProbeResult \{[^}]*amount: number/s);
    // A money node inside an allOf's part: fen for the handler, yuan for the client.
    const declared = (name: string) => types.slice(types.indexOf(`export interface ${name} {`)).split("\nexport ")[0];
    expect(declared("PayProbeResult")).toMatch(/fee\?: number/);
    expect(declared("PayProbeData")).toMatch(/fee\?: string/);
    expect(types).toContain("payProbe: { params: PayProbeParams; query: PayProbeQuery; body: PayProbeBody; data: PayProbeData; result: PayProbeResult; community: null };");
  });

  it("documents yuan on the wire", () => {
    const post = openapi.paths["/api/probe/pay"].post;
    expect(post.requestBody.content["application/json"].schema.properties.amount).toMatchObject({ type: ["string", "number"], format: "money", "x-rule": "amount" });
    expect(JSON.stringify(post.responses["200"])).toContain('"amount":{"format":"money","type":"string","pattern":"^-?\\\\d+\\\\.\\\\d{2}$"');
  });

  it("checks an amount by the amount rule, with its messages", () => {
    const check = (body: Record<string, unknown>) => runCompiled(validator, { ...body });
    expect(check({ amount: "12.5" })).toEqual([]);
    expect(check({ amount: 12.5, tip: null })).toEqual([]);
    expect(check({ amount: "1.234" })).toEqual([{ field: "amount", message: "请输入数字类型，仅保留两位小数" }]);
    expect(check({ amount: "-1" })).toEqual([{ field: "amount", message: "请输入数字类型，仅保留两位小数" }]);
    expect(check({ amount: "1000000.01" })).toEqual([{ field: "amount", message: "输入的金额不能大于1000000.00" }]);
    expect(check({})).toEqual([{ field: "amount", message: "请输入金额！" }]);
  });

  it("checks a money node inside a list's rows by its own rule, refusing on the list", () => {
    const check = (body: Record<string, unknown>) => runCompiled(validator, { amount: "1", ...body });
    expect(check({ rows: [{ kind: 1, declared: "-2.5" }, { kind: 2, declared: null }, { kind: 3 }] })).toEqual([]);
    expect(check({ rows: [{ kind: 1, declared: "1.234" }] })).toEqual([{ field: "rows", message: "请输入数字类型，可为负数，仅保留两位小数" }]);
    expect(check({ rows: [{ kind: 1, declared: "-1000000.01" }] })).toEqual([{ field: "rows", message: "输入的金额不能小于-1000000.00" }]);
    expect(check({ rows: [{ declared: "1" }] })).toEqual([{ field: "rows", message: "明细格式不正确" }]);
  });
});

describe("money through the route helper", () => {
  let app: FastifyInstance;
  let seen: unknown;

  beforeAll(async () => {
    app = Fastify();
    app.decorate("db", { kind: "pglite", query: async (s: { values: unknown[] }) => ({ rows: [{ n: (s.values.find(Array.isArray) ?? []).length }], rowCount: 0 }), exec: async () => {} } as never);
    installErrorHandling(app);
    app.addHook("onRequest", async (request) => {
      request.session = { tokenHash: "", userId: 1, tenantId: 1, username: "admin", realName: null, userType: "0", authorities: [], communityIds: null, tenantName: "", sceneName: "社区" };
    });
    // A real operation with the money its route table would list once its YAML says format: money.
    const op: OperationRoute = { ...operations.applyRefund, money: { body: ["amount"], data: ["amount", "lines[].due"] } };
    route(app, op as typeof operations.applyRefund, async ({ body }) => {
      seen = body;
      return { amount: 1250, lines: [{ due: 5 }, { due: null }] } as never;
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("gives the handler fen and answers yuan text", async () => {
    const r = await app.inject({ method: "POST", url: "/api/property/refunds/actions/apply", payload: { paymentId: 3, amount: "12.5", reason: "多收" } });
    expect(r.statusCode).toBe(200);
    expect(seen).toMatchObject({ paymentId: 3, amount: 1250 });
    expect(r.json<{ data: unknown }>().data).toEqual({ amount: "12.50", lines: [{ due: "0.05" }, { due: null }] });
  });

  it("converts without touching the handler's objects", () => {
    const result = { amount: 100, lines: [{ due: 1 }] };
    expect(moneyOut(result, ["amount", "lines[].due"])).toEqual({ amount: "1.00", lines: [{ due: "0.01" }] });
    expect(result).toEqual({ amount: 100, lines: [{ due: 1 }] });
    expect(moneyOut([7, 8], [""])).toEqual([7, 8]);
    expect(moneyOut([7, 8], ["[]"])).toEqual(["0.07", "0.08"]);
    expect(moneyIn({ amount: " 0.5 ", tip: "", other: "x" }, ["amount", "tip", "absent"])).toEqual({ amount: 50, tip: null, other: "x" });
    expect(moneyIn({ rows: [{ declared: "-2500.00" }, { declared: null }, {}] }, ["rows[].declared"])).toEqual({ rows: [{ declared: -250000 }, { declared: null }, {}] });
  });

  it("reads money as the desk types it before the rules do: a number as its text, separators and a Chinese minus normalized", () => {
    const given = { amount: " 1,050 ", rows: [{ declared: "−2,500.00" }, { declared: -12.5 }, { declared: null }] };
    expect(moneyText(given, ["amount", "rows[].declared"])).toEqual({ amount: "1050", rows: [{ declared: "-2500.00" }, { declared: "-12.5" }, { declared: null }] });
    expect(given.rows[0].declared).toBe("−2,500.00");
  });

  it("takes thousands separators at the edge", async () => {
    const r = await app.inject({ method: "POST", url: "/api/property/refunds/actions/apply", payload: { paymentId: 3, amount: "1,250.5", reason: "多收" } });
    expect(r.statusCode).toBe(200);
    expect(seen).toMatchObject({ amount: 125050 });
  });
});
