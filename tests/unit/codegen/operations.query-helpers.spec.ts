// The react-query helpers codegen emits into the typed client (generated/api-client.ts): each declared
// operation gets its typed query helpers (key, queryKey, queryOptions), and every operation but a GET
// its mutation helper too; at run time one loop builds them over the client.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "vitest";
import { run } from "../../../scripts/codegen/index.ts";
import { useProjectCopy } from "./support/project-copy.ts";

const copy = useProjectCopy();

const PROBE = `domain: probe
description: 测试
operations:
  getProbe:
    method: GET
    path: /api/probe/:probeId
    summary: 读探针
    authority: HBL01001
    scope: tenant
    params: { properties: { probeId: { type: integer, label: 探针 } } }
    query: { properties: { word: { type: string, label: 关键字 } } }
    data: { type: object, required: [n], properties: { n: { type: integer } } }
  listProbes:
    method: POST
    path: /api/probe/actions/pageList
    summary: 探针列表
    authority: HBL01001
    scope: tenant
    body: { properties: { pageNo: { type: integer, label: 页码 } } }
    data: { type: array, items: { type: integer } }
  saveProbe:
    method: PUT
    path: /api/probe/:probeId
    summary: 保存探针
    authority: HBL01001
    scope: tenant
    params: { properties: { probeId: { type: integer, label: 探针 } } }
    body: { required: [name], properties: { name: { type: string, label: 名称 } } }
    data: { type: "null" }
`;

test("each operation gets typed query helpers, and every method but GET a mutation helper", async () => {
  writeFileSync(join(copy.project.root, "schemas", "operations", "probe.yaml"), PROBE);
  expect(await run(copy.project.root, [])).toBe(0);
  const client = copy.project.generated().get("api-client.ts")!;
  // The input argument is required when a part has a required key (path parameters always do).
  expect(client).toContain(`getProbe: QueryHelpers<"getProbe", [input: { params: GetProbeParamsInput; query?: GetProbeQuery }], GetProbeData, O>;`);
  // A POST that reads (a list) can be a query as well as a mutation: the page chooses.
  expect(client).toContain(
    `listProbes: QueryHelpers<"listProbes", [input?: { body?: ListProbesBodyInput }], ListProbesData, O> & MutationHelpers<"listProbes", [input?: { body?: ListProbesBodyInput }], ListProbesData, O>;`,
  );
  expect(client).toContain(`saveProbe: QueryHelpers<"saveProbe", [input: { params: SaveProbeParamsInput; body: SaveProbeBody }], SaveProbeData, O> & MutationHelpers<`);
  // The existing per-operation functions stay as they were.
  expect(client).toContain("getProbe: (input: { params: GetProbeParamsInput; query?: GetProbeQuery }, options?: O) =>");

  // The emitted code runs: keys of name and input, the call through the client with the transport's options.
  const calls: unknown[][] = [];
  const { createApiClient, createApiQueries } = await import(pathToFileURL(join(copy.project.root, "generated", "api-client.ts")).href);
  const queries = createApiQueries(createApiClient((call: unknown, options: unknown) => (calls.push([call, options]), Promise.resolve({ n: 1 }))));
  const input = { params: { probeId: 7 }, query: { word: "a" } };
  expect(queries.getProbe.key).toEqual(["getProbe"]);
  expect(queries.getProbe.queryKey(input)).toEqual(["getProbe", input]);
  expect(queries.listProbes.queryKey()).toEqual(["listProbes", {}]);
  const options = queries.getProbe.queryOptions(input, { silent: true });
  expect(options.queryKey).toEqual(["getProbe", input]);
  expect(await options.queryFn()).toEqual({ n: 1 });
  expect(calls).toEqual([[{ name: "getProbe", method: "GET", path: "/api/probe/:probeId", ...input }, { silent: true }]]);
  expect(queries.getProbe.mutationOptions).toBeUndefined();
  const mutation = queries.saveProbe.mutationOptions({ loading: true });
  expect(mutation.mutationKey).toEqual(["saveProbe"]);
  await mutation.mutationFn({ params: { probeId: 7 }, body: { name: "x" } });
  expect(calls[1]).toEqual([{ name: "saveProbe", method: "PUT", path: "/api/probe/:probeId", params: { probeId: 7 }, body: { name: "x" } }, { loading: true }]);
}, 60_000);
