// The document is the truth: every answer an API test receives is checked against the schema
// generated/openapi.json (or generated/h5-openapi.json) states for its operation and status
// (support/answer-check.ts, run by TestServer.request). This file checks that check: a concrete URL finds
// its path template (the query string ignored, static paths before parameterised ones), a drifting
// answer is named by its operation and field, an undeclared status is refused; and it samples answers
// of every kind: every resource's generic list and the detail of its first row (as the main account
// sees them on the demo data), and a refusal of each kind (no session, a malformed body, an unknown row).
import { describe, expect, it } from "vitest";
import { resources } from "../../generated/resources.ts";
import { resourceOperations } from "../../generated/resource-operations.ts";
import { answerProblems, templateOf } from "./support/answer-check.ts";
import { backends } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";

describe("the check of an answer against the document", () => {
  it("finds a URL's path template: the query string ignored, a static path before a parameterised one", () => {
    expect(templateOf("/api/system/users/12")).toBe("/api/system/users/{id}");
    expect(templateOf("/api/system/users/actions/pageList?x=1")).toBe("/api/system/users/actions/pageList");
    expect(templateOf("/tenantApi/crain/help/web/questionnaire/user/answers")).toBe("/tenantApi/crain/help/web/questionnaire/user/answers");
    expect(templateOf("/tenantApi/crain/help/web/questionnaire/user/7")).toBe("/tenantApi/crain/help/web/questionnaire/user/{id}");
    expect(templateOf("/api/h5/rooms/3/bills?page=2")).toBe("/api/h5/rooms/{roomId}/bills");
    expect(templateOf("/api/nothing/here")).toBeUndefined();
  });

  it("names the operation and the field of a drift, and refuses an undeclared status", () => {
    const ok = { code: 0, message: "", success: true, data: { id: 1, username: "a" } };
    expect(answerProblems("GET", "/api/system/users/1", 200, { ...ok, data: { ...ok.data, extra: 1 } }).join("\n")).toMatch(/\(GET \/api\/system\/users\/\{id\}\) 200: \/data .*\(extra\)/);
    expect(answerProblems("GET", "/api/system/users/1", 200, { ...ok, data: { ...ok.data, id: "1" } }).join("\n")).toMatch(/\/data\/id must be integer/);
    expect(answerProblems("GET", "/api/system/users/1", 418, {})).toEqual([expect.stringMatching(/answered 418, which the document does not declare/)]);
    expect(answerProblems("POST", "/api/nothing/here", 200, {})).toEqual([expect.stringMatching(/not have/)]);
    // A file is checked for its status only; the web app's files are none of its business; any other path the document lacks is a problem.
    expect(answerProblems("GET", "/api/system/users/1", 200, "x", "application/vnd.ms-excel")).toEqual([]);
    expect(answerProblems("GET", "/neptune/index.html", 200, "<html>", "text/html")).toEqual([]);
    expect(answerProblems("GET", "/elsewhere", 200, {})).toEqual([expect.stringMatching(/not have/)]);
  });
});

describe.each(backends)("answers match the document (%s)", (backend) => {
  const t = useDemoServer(backend);

  it("every resource's list and the detail of its first row", async () => {
    const problems: string[] = [];
    for (const def of resources) {
      const ops = resourceOperations[def.name];
      const body = { pageNo: 1, pageSize: 3, ...(def.scope === "community" ? { communityId: t.ids.communityA } : {}) };
      const list = await t.server.request(ops.pageList.method, ops.pageList.path, { token: t.admin, body });
      problems.push(...answerProblems(ops.pageList.method, ops.pageList.path, list.status, list.body));
      const first = (list.body?.data?.list as { id: number }[] | undefined)?.[0];
      if (!first) continue;
      const url = ops.detail.path.replace(":id", String(first.id));
      const detail = await t.server.request("GET", url, { token: t.admin });
      problems.push(...answerProblems("GET", ops.detail.path, detail.status, detail.body));
    }
    expect(problems).toEqual([]);
  });

  it("refusals: no session, a malformed body, an unknown row", async () => {
    const ops = resourceOperations.buildings;
    const problems = [
      ...answerProblems("POST", ops.pageList.path, 401, (await t.server.request("POST", ops.pageList.path, { body: {} })).body),
      ...answerProblems("POST", ops.pageList.path, 400, (await t.server.request("POST", ops.pageList.path, { token: t.admin, body: { pageSize: 0 } })).body),
      ...answerProblems("GET", ops.detail.path, 404, (await t.server.request("GET", ops.detail.path.replace(":id", "999999999"), { token: t.admin })).body),
    ];
    expect(problems).toEqual([]);
  });
});
