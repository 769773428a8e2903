// 报事报修: created → assigned → in progress → done → evaluated, each its own action with who and
// when, kept in the order's history; any other order is refused with a clear message and changes
// nothing; other tenants cannot touch an order.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useFlowServer } from "./support.ts";

const BASE = "/api/property/repairs";

describe.each(backends)("repair orders (%s)", (backend) => {
  const t = useFlowServer(backend);

  const newRepair = async () => {
    const r = await t.post(t.admin, BASE, {
      communityId: t.ids.communityA,
      repairType: 1,
      content: "客厅灯不亮",
      reporterName: "报修人",
      phone: "13700000001",
      reportTime: "2026-03-01T08:00:00.000Z",
      status: 5, // read-only: ignored, a new order starts 待派单
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.status).toBe(1);
    expect(r.body.data.history).toEqual([]);
    return r.body.data.id as number;
  };

  it("walks the whole life of an order, each step with who and when", async () => {
    const id = await newRepair();
    const { rows } = await t.server.db.query<{ id: number }>("select id from users where tenant_id = $1 and username = 'staff'", [t.ids.tenantA]);
    const staffId = Number(rows[0].id);

    const noAssignee = await t.post(t.admin, `${BASE}/${id}/actions/assign`);
    expect(noAssignee.status).toBe(400);
    expect(noAssignee.body.message).toBe("请选择处理人");

    let r = await t.post(t.admin, `${BASE}/${id}/actions/assign`, { assigneeId: staffId });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ status: 2, assigneeId: staffId, assigneeIdLabel: "李娜" });
    expect(r.body.data.assignTime).toBeTruthy();

    r = await t.post(t.admin, `${BASE}/${id}/actions/start`);
    expect(r.body.data.status).toBe(3);

    expect((await t.post(t.admin, `${BASE}/${id}/actions/finish`)).body.message).toBe("请输入处理结果");
    r = await t.post(t.admin, `${BASE}/${id}/actions/finish`, { result: "已更换灯管" });
    expect(r.body.data).toMatchObject({ status: 4, result: "已更换灯管" });
    expect(r.body.data.finishTime).toBeTruthy();

    const badScore = await t.post(t.admin, `${BASE}/${id}/actions/evaluate`, { score: 6 });
    expect(badScore.status).toBe(400);
    expect(badScore.body.message).toBe("数值在1到5之间");
    r = await t.post(t.admin, `${BASE}/${id}/actions/evaluate`, { score: 5, evaluation: "很及时" });
    expect(r.body.data).toMatchObject({ status: 5, score: 5, evaluation: "很及时" });

    const history = r.body.data.history as { action: string; from: string; to: string; username: string; name: string; at: string; note?: string }[];
    expect(history.map((h) => [h.action, h.from, h.to])).toEqual([
      ["assign", "1", "2"],
      ["start", "2", "3"],
      ["finish", "3", "4"],
      ["evaluate", "4", "5"],
    ]);
    expect(history.every((h) => h.username === "admin" && h.name === "张明" && !Number.isNaN(Date.parse(h.at)))).toBe(true);
    expect(history[2].note).toBe("处理结果：已更换灯管");
    // The person assigned reads as their 姓名 in the history, not as an id or a login name.
    expect(history[0].note).toBe("处理人：李娜");
    // Each step is in the operation log too.
    expect(await t.server.count("operation_logs", "tenant_id = $1 and resource = 'repairs' and target_id = $2", [t.ids.tenantA, String(id)])).toBe(5);
  });

  it("refuses steps out of order and changes nothing", async () => {
    const id = await newRepair();
    for (const [action, message] of [
      ["start", "当前状态为“待派单”，不能开始处理"],
      ["finish", "当前状态为“待派单”，不能完成"],
      ["evaluate", "当前状态为“待派单”，不能评价"],
    ]) {
      const r = await t.post(t.admin, `${BASE}/${id}/actions/${action}`, { result: "x", score: 3 });
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(message);
    }
    const row = (await t.get(t.admin, `${BASE}/${id}`)).body.data;
    expect(row).toMatchObject({ status: 1, history: [], result: null, score: null });
  });

  it("an assignee of another tenant is refused; another tenant cannot act on the order", async () => {
    const id = await newRepair();
    const { rows } = await t.server.db.query<{ id: number }>("select id from users where username = 'admin2'");
    const foreignUser = Number(rows[0].id);
    const r = await t.post(t.admin, `${BASE}/${id}/actions/assign`, { assigneeId: foreignUser });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("处理人不存在");
    expect((await t.post(t.admin2, `${BASE}/${id}/actions/start`)).status).toBe(404);
    expect((await t.get(t.admin, `${BASE}/${id}`)).body.data.status).toBe(1);
  });
});
