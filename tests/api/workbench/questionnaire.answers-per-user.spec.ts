// The guide's satisfaction questionnaire: the questionnaire, answers stored per user (one sheet each,
// a new submission replaces it), the rules of spec §5, and the admin list of answers, per tenant.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

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
  const t = useDemoServer(backend);

  const sheets = (tenantId: number) => t.server.count("questionnaire_answers", "tenant_id = $1 and questionnaire_id = $2", [tenantId, ID]);

  it("answers the questionnaire: a single-choice satisfaction question and a completion comment question", async () => {
    const r = await t.server.request("GET", URL_GET, { token: t.staff });
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
    expect((await t.server.request("GET", "/tenantApi/crain/help/web/questionnaire/user/other", { token: t.admin })).status).toBe(404);
    expect((await t.server.request("GET", URL_GET)).status).toBe(401);
    expect((await t.server.request("POST", URL_POST, { body: answer("5") })).status).toBe(401);
  });

  it("requires a satisfaction choice (请选择满意度) and writes nothing", async () => {
    const before = await sheets(t.ids.tenantA);
    for (const body of [answer(undefined), answer("9"), { questionnaireId: ID, questions: [] }]) {
      const r = await t.server.request("POST", URL_POST, { token: t.admin, body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe("请选择满意度");
    }
    expect(await sheets(t.ids.tenantA)).toBe(before);
  });

  it("refuses a comment over 255 characters", async () => {
    const r = await t.server.request("POST", URL_POST, { token: t.admin, body: answer("4", "好".repeat(256)) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("内容不能超过255个字符");
  });

  it("stores one answer sheet per user, a new submission replacing it", async () => {
    const before = await sheets(t.ids.tenantA);
    const first = await t.server.request("POST", URL_POST, { token: t.admin, body: answer("4", "很清楚") });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe("问卷提交成功");
    const second = await t.server.request("POST", URL_POST, { token: t.admin, body: answer("5", "好".repeat(255)) });
    expect(second.body.data.answerId).toBe(first.body.data.answerId);
    expect(await sheets(t.ids.tenantA)).toBe(before + 1);
    const { rows } = await t.server.db.query<{ satisfaction: string; comment: string; answers: { dimensionType: number; score: number }[]; username: string }>(
      "select satisfaction, comment, answers, username from questionnaire_answers where id = $1",
      [first.body.data.answerId],
    );
    expect(rows[0]).toMatchObject({ satisfaction: "非常满意", comment: "好".repeat(255), username: "admin" });
    expect(rows[0].answers.every((a) => a.dimensionType === 0 && a.score === 0)).toBe(true);
    expect((await t.server.request("GET", URL_GET, { token: t.admin })).body.data.answered).toBe(true);
    expect((await t.server.request("GET", URL_GET, { token: t.staff })).body.data.answered).toBe(false);
  });

  it("lets an administrator read the answers of the own tenant only", async () => {
    await t.server.request("POST", URL_POST, { token: t.admin2, body: answer("2", "B的意见") });
    const listA = await t.server.request("POST", "/api/management/questionnaireAnswers/actions/pageList", { token: t.admin, body: { pageNo: 1, pageSize: 100, questionnaireId: ID } });
    expect(listA.status).toBe(200);
    expect(listA.text).toContain("好好好");
    expect(listA.text).not.toContain("B的意见");
    const listB = await t.server.request("POST", "/api/management/questionnaireAnswers/actions/pageList", { token: t.admin2, body: { pageNo: 1, pageSize: 100 } });
    expect(listB.text).toContain("B的意见");
    expect(listB.text).not.toContain("很清楚");
    expect((await t.server.request("GET", URL_GET, { token: t.admin2 })).body.data.answered).toBe(true);
    const denied = await t.server.request("POST", "/api/management/questionnaireAnswers/actions/pageList", { token: t.staff, body: { pageNo: 1, pageSize: 10 } });
    expect(denied.status).toBe(401);
    expect(denied.body.status).toBe(403);
  });

  it("keeps answers read-only for the generic API", async () => {
    const r = await t.server.request("POST", "/api/management/questionnaireAnswers", { token: t.admin, body: { questionnaireId: ID, satisfaction: "x" } });
    expect([404, 405]).toContain(r.status);
  });
});
