// The document is the truth: sampled answers of every kind validate against the schema
// generated/openapi.json states for their operation and status. Every resource's generic list and the
// detail of its first row (as the main account sees them on the demo data), a refusal of each kind
// (no session, a malformed body, an unknown row), and hand-written reads with their inputs. A failure
// names the operation and the field.
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { resources } from "../../generated/resources.ts";
import { resourceOperations } from "../../generated/resource-operations.ts";
import { openapi } from "../../scripts/check/openapi-document.ts";
import { backends } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";

// The document's own keywords (x-…) and OpenAPI's are no JSON Schema: not strict; formats are documentation.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(openapi, "openapi.json");

const pointer = (...steps: string[]) => steps.map((s) => s.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** The operation's answer schema for a status (its own, else the document's 4xx/default), or why there is none. */
function answerProblems(method: string, path: string, status: number, body: unknown): string[] {
  const operation = (openapi.paths[path] as Record<string, { operationId?: string; responses?: Record<string, { content?: Record<string, unknown> }> }> | undefined)?.[method.toLowerCase()];
  const name = `${operation?.operationId ?? "?"} (${method} ${path})`;
  if (!operation?.responses) return [`${name}: not in the document`];
  const key = String(status) in operation.responses ? String(status) : undefined;
  if (!key) return [`${name}: answered ${status}, which the document does not declare`];
  if (!operation.responses[key].content?.["application/json"]) return [];
  const validate = ajv.getSchema(`openapi.json#/${pointer("paths", path, method.toLowerCase(), "responses", key, "content", "application/json", "schema")}`);
  if (!validate) return [`${name}: no schema for ${status}`];
  if (validate(body)) return [];
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${name} ${status}: ${e.instancePath || "/"} ${e.message ?? ""}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`);
}

const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:(\w+)/g, "{$1}");

describe.each(backends)("answers match the document (%s)", (backend) => {
  const t = useDemoServer(backend);

  it("every resource's list and the detail of its first row", async () => {
    const problems: string[] = [];
    for (const def of resources) {
      const ops = resourceOperations[def.name];
      const body = { pageNo: 1, pageSize: 3, ...(def.scope === "community" ? { communityId: t.ids.communityA } : {}) };
      const list = await t.server.request(ops.pageList.method, ops.pageList.path, { token: t.admin, body });
      problems.push(...answerProblems(ops.pageList.method, openApiPath(ops.pageList.path), list.status, list.body));
      const first = (list.body?.data?.list as { id: number }[] | undefined)?.[0];
      if (!first) continue;
      const url = ops.detail.path.replace(":id", String(first.id));
      const detail = await t.server.request("GET", url, { token: t.admin });
      problems.push(...answerProblems("GET", openApiPath(ops.detail.path), detail.status, detail.body));
    }
    expect(problems).toEqual([]);
  });

  it("refusals: no session, a malformed body, an unknown row", async () => {
    const ops = resourceOperations.buildings;
    const problems = [
      ...answerProblems("POST", openApiPath(ops.pageList.path), 401, (await t.server.request("POST", ops.pageList.path, { body: {} })).body),
      ...answerProblems("POST", openApiPath(ops.pageList.path), 400, (await t.server.request("POST", ops.pageList.path, { token: t.admin, body: { pageSize: 0 } })).body),
      ...answerProblems("GET", openApiPath(ops.detail.path), 404, (await t.server.request("GET", ops.detail.path.replace(":id", "999999999"), { token: t.admin })).body),
    ];
    expect(problems).toEqual([]);
  });
});
