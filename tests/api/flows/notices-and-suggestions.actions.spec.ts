// 通知公告 publish / withdraw (publisher and time kept) and 投诉建议 accept / reply / close (the reply
// needs its text; replier and time kept), declared in schemas/modules/property.yaml.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useFlowServer } from "./support.ts";

describe.each(backends)("notices and suggestions (%s)", (backend) => {
  const t = useFlowServer(backend);

  it("publishes a draft, withdraws it and publishes it again", async () => {
    const created = await t.post(t.admin, "/api/property/notices", { communityId: t.ids.communityA, title: "停电通知", noticeType: 1, content: "周六停电检修" });
    expect(created.status, created.text).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ publishStatus: 0, publishTime: null });
    expect((await t.post(t.admin, `/api/property/notices/${id}/actions/withdraw`)).body.message).toBe("当前状态为“未发布”，不能撤回");
    const published = await t.post(t.admin, `/api/property/notices/${id}/actions/publish`);
    expect(published.body.data).toMatchObject({ publishStatus: 1, publisherIdLabel: "张明" });
    expect(published.body.data.publishTime).toBeTruthy();
    expect((await t.post(t.admin, `/api/property/notices/${id}/actions/publish`)).status).toBe(409);
    expect((await t.post(t.admin, `/api/property/notices/${id}/actions/withdraw`)).body.data.publishStatus).toBe(2);
    expect((await t.post(t.admin, `/api/property/notices/${id}/actions/publish`)).body.data.publishStatus).toBe(1);
    expect((await t.post(t.admin2, `/api/property/notices/${id}/actions/withdraw`)).status).toBe(404);
  });

  it("replies to a suggestion with its text, then closes it; a closed one takes no reply", async () => {
    const created = await t.post(t.admin, "/api/property/suggestions", { communityId: t.ids.communityA, type: 1, content: "建议增加路灯", submitTime: "2026-04-01T10:00:00.000Z" });
    expect(created.status, created.text).toBe(200);
    const id = created.body.data.id;
    expect((await t.post(t.admin, `/api/property/suggestions/${id}/actions/accept`)).body.data.status).toBe(2);
    expect((await t.post(t.admin, `/api/property/suggestions/${id}/actions/reply`, { reply: "  " })).body.message).toBe("请输入回复内容");
    const replied = await t.post(t.admin, `/api/property/suggestions/${id}/actions/reply`, { reply: "已安排增设" });
    expect(replied.body.data).toMatchObject({ status: 3, reply: "已安排增设", replierIdLabel: "张明" });
    expect(replied.body.data.replyTime).toBeTruthy();
    expect((await t.post(t.admin, `/api/property/suggestions/${id}/actions/close`)).body.data.status).toBe(4);
    const late = await t.post(t.admin, `/api/property/suggestions/${id}/actions/reply`, { reply: "补充" });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("当前状态为“已关闭”，不能回复");
  });
});
