// 巡更记录 are filled by patrol devices (ingest) and by a manual 打卡 on the list (point, person,
// time, result, photo optional); a record is evidence: never edited or deleted afterwards.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useFlowServer } from "./support.ts";

describe.each(backends)("patrol check-ins (%s)", (backend) => {
  const t = useFlowServer(backend);
  const BASE = "/api/property/patrolRecords";
  const point = async (name: string, communityId = t.ids.communityA) => {
    const r = await t.post(t.admin, "/api/property/patrolPoints", { communityId, name, pointCode: `P${name.length}${Date.now() % 100000}`, pointType: 1, patrolType: 1 });
    expect(r.status, r.text).toBe(200);
    return r.body.data.id as number;
  };

  it("records a manual 打卡 and shows it in the history; refuses changing or deleting it", async () => {
    const pointId = await point("东门岗");
    const r = await t.post(t.admin, BASE, { communityId: t.ids.communityA, pointId, patrolTime: "2026-11-27T01:30:00.000Z", result: 2, remark: "东门栏杆损坏", patrolType: 1 });
    expect(r.status, r.text).toBe(200);
    expect(r.body.message).toBe("保存成功");
    const id = r.body.data.id;
    const list = await t.post(t.admin, `${BASE}/actions/pageList`, { communityId: t.ids.communityA, pointId, pageNo: 1, pageSize: 10 });
    expect(list.body.data.list).toMatchObject([{ id, pointIdLabel: "东门岗", result: 2, remark: "东门栏杆损坏" }]);

    const edit = await t.put(t.admin, `${BASE}/${id}`, { remark: "改一下" });
    expect(edit.status).toBe(405);
    expect(edit.body.message).toBe("该记录登记后不能修改或删除");
    const gone = await t.server.request("DELETE", `${BASE}/${id}`, { token: t.admin });
    expect(gone.status).toBe(405);
    expect(gone.body.message).toBe("该记录登记后不能修改或删除");
    expect(await t.server.count("patrol_records", "id = $1 and remark = '东门栏杆损坏'", [id])).toBe(1);
  });

  it("takes a device's check-ins, reporting the bad ones by position", async () => {
    const pointId = await point("北门岗");
    const good = { communityId: t.ids.communityA, pointId, patrolTime: "2026-11-27T02:00:00.000Z", result: 1, patrolType: 1 };
    const r = await t.post(t.admin, `${BASE}/actions/ingest`, { records: [good, { ...good, pointId: undefined }, { ...good, patrolTime: "2026-11-27T02:30:00.000Z" }] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.accepted).toBe(2);
    expect(r.body.data.rejected).toEqual([{ index: 1, field: "pointId", message: "请选择巡更点" }]);
    expect(await t.server.count("patrol_records", "tenant_id = $1 and point_id = $2", [t.ids.tenantA, pointId])).toBe(2);
  });

  it("is the patrol history's code's (HBL20007), and the tenant's own", async () => {
    const staff = await t.post(t.staff, BASE, { communityId: t.ids.communityA, pointId: 1, result: 1, patrolType: 1 });
    expect(staff.status).toBe(401);
    expect(staff.body.status).toBe(403);
    const pointId = await point("西门岗");
    const other = await t.post(t.admin2, BASE, { communityId: t.ids.communityA, pointId, result: 1, patrolType: 1 });
    expect(other.status).toBe(400);
    expect(await t.server.count("patrol_records", "point_id = $1", [pointId])).toBe(0);
  });
});
