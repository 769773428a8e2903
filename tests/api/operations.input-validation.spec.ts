// Declared operations check their input with the generated validators before the handler runs:
// HTTP 400, the envelope, the rule's exact Chinese message naming the field, nothing written.
import { describe, expect, it } from "vitest";
import { backends } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";

describe.each(backends)("declared operation input (%s)", (backend) => {
  const t = useDemoServer(backend);

  it("answers a rule's message for the field it names (password rule, users.phone field)", async () => {
    const short = await t.server.request("POST", "/api/system/homepage/modifyPassword", { token: t.staff, body: { oldPassword: "x", newPassword: "short" } });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ code: 40001, message: "密码长度为8到32位", data: { errors: [{ field: "newPassword", message: "密码长度为8到32位" }] }, success: false });
    const phone = await t.server.request("POST", "/api/system/homepage/editsave", { token: t.staff, body: { phone: "12" } });
    expect(phone.status).toBe(400);
    expect(phone.body.message).toBe("请输入正确的手机号");
    expect(phone.body.data.errors[0].field).toBe("phone");
  });

  it("answers the declared label's message for a plain value and for a missing one, and writes nothing", async () => {
    const before = await t.server.count("operation_logs", "action = 'report'");
    const bad = await t.server.request("POST", "/api/management/operationLog/actions/report", { token: t.staff, body: { source: 123456, operationCode: "HBL03021", operationType: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("来源格式不正确");
    const missing = await t.server.request("POST", "/api/management/operationLog/actions/report", { token: t.staff, body: { source: 2, operationType: 1 } });
    expect(missing.body.data.errors).toEqual([{ field: "operationCode", message: "操作编码格式不正确" }]);
    expect(await t.server.count("operation_logs", "action = 'report'")).toBe(before);
  });

  it("reads integer query values from their text and refuses malformed ones", async () => {
    const ok = await t.server.request("GET", `/api/system/homepage/user?communityId=${t.ids.communityA}`, { token: t.staff });
    expect(ok.body.data.communityId).toBe(t.ids.communityA);
    const bad = await t.server.request("GET", "/api/system/homepage/user?communityId=abc", { token: t.staff });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("社区格式不正确");
  });

  it("converts ids given as their text at the edge and refuses a text that is no number, writing nothing", async () => {
    const set = "/api/system/recentCommunity/actions/setRecentCommunityList";
    const ok = await t.server.request("POST", set, { token: t.admin, body: { communityIds: [String(t.ids.communityA)] } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.recentList.map((c: { communityId: number }) => c.communityId)).toEqual([t.ids.communityA]);
    const bad = await t.server.request("POST", set, { token: t.admin, body: { communityIds: [String(t.ids.communityA), "abc"] } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 40001, message: "社区格式不正确", data: { errors: [{ field: "communityIds", message: "社区格式不正确" }] }, success: false });
    const path = await t.server.request("GET", "/api/property/receipts/abc/actions/print", { token: t.admin });
    expect(path.status).toBe(400);
    expect(path.body.message).toBe("收据格式不正确");
  });

  it("answers an error of schemas/errors.yaml by its code (INVALID_KEY)", async () => {
    const r = await t.server.request("POST", "/api/auth/homepage/actions/keyLogin", { body: { key: "not-a-ticket" } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 40103, message: "密钥无效或已过期", data: null, success: false });
  });
});
