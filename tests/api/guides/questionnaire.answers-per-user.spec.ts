// The guide's satisfaction questionnaire: the questionnaire, answers stored per user (one sheet each,
// a new submission replaces it), the rules of spec §5, and the admin list of answers, per tenant.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, freshServer, type TestServer } from "../support/server.ts";
import { demoIds, type DemoIds } from "../support/demo.ts";

const ID = "hbl-payment-guide-satisfaction";
const URL_GET = `/tenantApi/crain/help/web/questionnaire/user/${ID}`;
const URL_POST = "/tenantApi/crain/help/web/questionnaire/user/answers";
const answer = (choiceId: string | undefined, content = "") => ({
  questionnaireId: ID,
  questions: [
    { questionId: "satisfaction", dimensionType: 0, score: 0, ...(choiceId ? { choiceId } : {}) },
    { questionId: "comment", dimensionType: 0, score: 0, content },
  ],
});

describe.each(backends)("questionnaire (%s)", (backend) => {
  let server: TestServer;
  let stop: () => Promise<void>;
  let ids: DemoIds;
  let admin: string;
  let admin2: string;
  let staff: string;

  beforeAll(async () => {
    ({ server, stop } = await freshServer(backend));
    ids = await demoIds(server);
    [admin, admin2, staff] = [await server.login("admin"), await server.login("admin2"), await server.login("staff")];
  });
  afterAll(async () => stop());

  const sheets = (tenantId: number) => server.count("questionnaire_answers", "tenant_id = $1 and questionnaire_id = $2", [tenantId, ID]);

  it("answers the questionnaire: a single-choice satisfaction question and a completion comment question", async () => {
    const r = await server.request("GET", URL_GET, { token: staff });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ questionnaireId: ID, answered: false });
    const [satisfaction, comment] = r.body.data.questions;
    expect(satisfaction).toMatchObject({ questionId: "satisfaction", type: "singleChoice" });
    expect(satisfaction.choices.length).toBe(5);
    expect(satisfaction.choices[0]).toHaveProperty("choiceId");
    expect(comment).toMatchObject({ questionId: "comment", type: "completion" });
    expect(comment.choices[0]).toHaveProperty("placeholder");
  });

  it("answers 404 for another questionnaire id, 401 without a session", async () => {
    expect((await server.request("GET", "/tenantApi/crain/help/web/questionnaire/user/other", { token: admin })).status).toBe(404);
    expect((await server.request("GET", URL_GET)).status).toBe(401);
    expect((await server.request("POST", URL_POST, { body: answer("5") })).status).toBe(401);
  });

  it("requires a satisfaction choice (请选择满意度) and writes nothing", async () => {
    const before = await sheets(ids.tenantA);
    for (const body of [answer(undefined), answer("9"), { questionnaireId: ID, questions: [] }]) {
      const r = await server.request("POST", URL_POST, { token: admin, body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe("请选择满意度");
    }
    expect(await sheets(ids.tenantA)).toBe(before);
  });

  it("refuses a comment over 255 characters", async () => {
    const r = await server.request("POST", URL_POST, { token: admin, body: answer("4", "好".repeat(256)) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("内容不能超过255个字符");
  });

  it("stores one answer sheet per user, a new submission replacing it", async () => {
    const before = await sheets(ids.tenantA);
    const first = await server.request("POST", URL_POST, { token: admin, body: answer("4", "很清楚") });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe("问卷提交成功");
    const second = await server.request("POST", URL_POST, { token: admin, body: answer("5", "好".repeat(255)) });
    expect(second.body.data.answerId).toBe(first.body.data.answerId);
    expect(await sheets(ids.tenantA)).toBe(before + 1);
    const { rows } = await server.db.query<{ satisfaction: string; comment: string; answers: { dimensionType: number; score: number }[]; username: string }>(
      "select satisfaction, comment, answers, username from questionnaire_answers where id = $1",
      [first.body.data.answerId],
    );
    expect(rows[0]).toMatchObject({ satisfaction: "非常满意", comment: "好".repeat(255), username: "admin" });
    expect(rows[0].answers.every((a) => a.dimensionType === 0 && a.score === 0)).toBe(true);
    expect((await server.request("GET", URL_GET, { token: admin })).body.data.answered).toBe(true);
    expect((await server.request("GET", URL_GET, { token: staff })).body.data.answered).toBe(false);
  });

  it("lets an administrator read the answers of the own tenant only", async () => {
    await server.request("POST", URL_POST, { token: admin2, body: answer("2", "B的意见") });
    const listA = await server.request("POST", "/api/management/questionnaireAnswers/actions/pageList", { token: admin, body: { pageNo: 1, pageSize: 100, questionnaireId: ID } });
    expect(listA.status).toBe(200);
    expect(listA.text).toContain("好好好");
    expect(listA.text).not.toContain("B的意见");
    const listB = await server.request("POST", "/api/management/questionnaireAnswers/actions/pageList", { token: admin2, body: { pageNo: 1, pageSize: 100 } });
    expect(listB.text).toContain("B的意见");
    expect(listB.text).not.toContain("很清楚");
    expect((await server.request("GET", URL_GET, { token: admin2 })).body.data.answered).toBe(true);
    const denied = await server.request("POST", "/api/management/questionnaireAnswers/actions/pageList", { token: staff, body: { pageNo: 1, pageSize: 10 } });
    expect(denied.status).toBe(401);
    expect(denied.body.status).toBe(403);
  });

  it("keeps answers read-only for the generic API", async () => {
    const r = await server.request("POST", "/api/management/questionnaireAnswers", { token: admin, body: { questionnaireId: ID, satisfaction: "x" } });
    expect([404, 405]).toContain(r.status);
  });
});
