// 入住审核: approving a pending request creates (or binds) the inhabitant in the same transaction and
// keeps who and when; rejecting needs a reason; only pending requests are audited; the generic
// update cannot change the state; other roles and tenants are refused.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useFlowServer } from "./support.ts";

const BASE = "/api/system/roomAuditOrders";

describe.each(backends)("room audit (%s)", (backend) => {
  const t = useFlowServer(backend);

  const newOrder = async (overrides: Record<string, unknown> = {}) => {
    const roomId = overrides.roomId ?? t.ids.roomA;
    const r = await t.post(t.admin, BASE, {
      communityId: t.ids.communityA,
      applicantName: "申请人甲",
      phone: "13912345678",
      roomId,
      identity: 2,
      applyTime: "2026-01-02T03:04:05.000Z",
      ...overrides,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.status).toBe(1);
    return r.body.data.id as number;
  };

  it("approve creates the inhabitant, binds it to the request and keeps auditor and time", async () => {
    await t.server.db.query("update rooms set max_residents = 100 where tenant_id = $1 and id = $2", [t.ids.tenantA, t.ids.roomA]);
    const id = await newOrder();
    const before = await t.server.count("inhabitants", "tenant_id = $1 and room_id = $2", [t.ids.tenantA, t.ids.roomA]);
    const r = await t.post(t.admin, `${BASE}/${id}/actions/approve`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.message).toBe("已通过");
    const order = r.body.data;
    expect(order.status).toBe(2);
    expect(order.auditorIdLabel).toBe("张明");
    expect(order.auditTime).toBeTruthy();
    expect(order.inhabitantId).toBeGreaterThan(0);
    const { rows } = await t.server.db.query<{ name: string; phone: string; room_id: number; identity: number; community_id: number }>(
      "select name, phone, room_id, identity, community_id from inhabitants where tenant_id = $1 and id = $2",
      [t.ids.tenantA, order.inhabitantId],
    );
    expect(rows[0]).toMatchObject({ name: "申请人甲", phone: "13912345678", identity: 2 });
    expect(Number(rows[0].room_id)).toBe(t.ids.roomA);
    expect(Number(rows[0].community_id)).toBe(t.ids.communityA);
    expect(await t.server.count("inhabitants", "tenant_id = $1 and room_id = $2", [t.ids.tenantA, t.ids.roomA])).toBe(before + 1);
    // The same person asking again for the same room is bound to the inhabitant already there.
    const again = await newOrder();
    const bound = await t.post(t.admin, `${BASE}/${again}/actions/approve`);
    expect(bound.body.data.inhabitantId).toBe(order.inhabitantId);
    expect(await t.server.count("inhabitants", "tenant_id = $1 and room_id = $2", [t.ids.tenantA, t.ids.roomA])).toBe(before + 1);
  });

  it("only a pending request is audited: a second approve or a reject afterwards is refused", async () => {
    const id = await newOrder({ phone: "13912340001" });
    expect((await t.post(t.admin, `${BASE}/${id}/actions/approve`)).status).toBe(200);
    const twice = await t.post(t.admin, `${BASE}/${id}/actions/approve`);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ success: false, code: 40904, message: "当前状态为“已通过”，不能通过" });
    const reject = await t.post(t.admin, `${BASE}/${id}/actions/reject`, { rejectReason: "资料不全" });
    expect(reject.status).toBe(409);
    expect(reject.body.message).toBe("当前状态为“已通过”，不能驳回");
  });

  it("reject needs its reason, keeps it, and creates no inhabitant", async () => {
    const id = await newOrder({ phone: "13912340002" });
    const inhabitants = await t.server.count("inhabitants", "tenant_id = $1", [t.ids.tenantA]);
    const bare = await t.post(t.admin, `${BASE}/${id}/actions/reject`);
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe("请输入驳回原因");
    const bad = await t.post(t.admin, `${BASE}/${id}/actions/reject`, { rejectReason: "含有<特殊>字符" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("内容含有特殊字符");
    const r = await t.post(t.admin, `${BASE}/${id}/actions/reject`, { rejectReason: "房产证明不清晰" });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ status: 3, rejectReason: "房产证明不清晰", auditorIdLabel: "张明", inhabitantId: null });
    expect(await t.server.count("inhabitants", "tenant_id = $1", [t.ids.tenantA])).toBe(inhabitants);
  });

  it("a full room refuses the approval and nothing is written", async () => {
    const id = await newOrder({ phone: "13912340003" });
    const residents = await t.server.count("inhabitants", "tenant_id = $1 and room_id = $2", [t.ids.tenantA, t.ids.roomA]);
    await t.server.db.query("update rooms set max_residents = $3 where tenant_id = $1 and id = $2", [t.ids.tenantA, t.ids.roomA, residents]);
    const r = await t.post(t.admin, `${BASE}/${id}/actions/approve`);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`该房屋住户已满（最多${residents}人），不能通过`);
    expect((await t.get(t.admin, `${BASE}/${id}`)).body.data.status).toBe(1);
    await t.server.db.query("update rooms set max_residents = 100 where tenant_id = $1 and id = $2", [t.ids.tenantA, t.ids.roomA]);
  });

  it("the generic update cannot change the state", async () => {
    const id = await newOrder({ phone: "13912340004" });
    const r = await t.put(t.admin, `${BASE}/${id}`, { status: 2, applicantName: "申请人乙" });
    expect(r.status).toBe(200);
    // The answer shows the name masked (crud/plain-text.ts); the stored one changed, the state did not.
    expect(r.body.data).toMatchObject({ status: 1, applicantName: "申**" });
    const { rows } = await t.server.db.query<{ applicant_name: string }>("select applicant_name from room_audit_orders where id = $1", [id]);
    expect(rows[0].applicant_name).toBe("申请人乙");
  });

  it("refuses a role without the code, another tenant and unknown actions", async () => {
    const id = await newOrder({ phone: "13912340005" });
    const staff = await t.post(t.staff, `${BASE}/${id}/actions/approve`);
    expect(staff.status).toBe(401);
    expect(staff.body.status).toBe(403);
    const foreign = await t.post(t.admin2, `${BASE}/${id}/actions/approve`);
    expect(foreign.status).toBe(404);
    expect((await t.post(t.admin, `${BASE}/${id}/actions/explode`)).status).toBe(404);
    expect((await t.get(t.admin, `${BASE}/${id}`)).body.data.status).toBe(1);
  });
});
