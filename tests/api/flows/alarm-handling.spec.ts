// 告警中心 handling as a state flow (schemas/modules/alarm.yaml): 未处理 → 处理中 (开始处理) →
// 已处理 (处理完成, with a required 处理说明), or 已忽略 from 未处理 / 处理中; each step records the
// acting user (处理人) and the time (处理时间); any other order is refused with the state named. The
// alarm itself comes from devices: the generic create / edit / delete are refused. A user of
// another tenant can neither see nor handle the alarm.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useFlowServer } from "./support.ts";

const ALARMS = "/api/device/alarms";

describe.each(backends)("alarm handling (%s)", (backend) => {
  const t = useFlowServer(backend);
  let guard: string;
  let guardId: number;
  let adminId: number;

  /** A new 未处理 alarm in community A, as a device posts it. */
  const raise = async (content: string) => {
    const r = await t.post(t.admin, `${ALARMS}/actions/ingest`, [{ communityId: t.ids.communityA, content, alarmType: 1, alarmTime: "2026-05-01T03:00:00Z", location: "1栋大堂", handleStatus: 0 }]);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.accepted).toBe(1);
    return Number(r.body.data.ids[0]);
  };
  const stored = async (id: number) =>
    (
      await t.server.db.query<{ handle_status: number; handler_id: number | null; handle_time: string | null; handle_note: string | null; recent: boolean }>(
        `select handle_status, handler_id, handle_time, handle_note, handle_time > now() - interval '5 minutes' as recent from alarms where tenant_id = $1 and id = $2`,
        [t.ids.tenantA, id],
      )
    ).rows[0];

  beforeAll(async () => {
    // A security guard of tenant A whose role has the alarm centre only.
    const role = await t.post(t.admin, "/api/system/characters", { name: "告警值班员", authorities: ["HBL14001"] });
    expect(role.status, role.text).toBe(200);
    const user = await t.post(t.admin, "/api/system/users", { username: "alarmguard", password: "Guard-Pass-123", roleId: role.body.data.id });
    expect(user.status, user.text).toBe(200);
    guardId = Number(user.body.data.id);
    guard = await t.server.login("alarmguard", "Guard-Pass-123");
    adminId = (await t.server.db.query<{ id: number }>("select id from users where tenant_id = $1 and username = 'admin'", [t.ids.tenantA])).rows[0].id;
  });

  it("starts handling, then finishes with a note: the handler and the time of each step are recorded", async () => {
    const id = await raise("烟感告警：3楼走廊");
    expect(await stored(id)).toMatchObject({ handle_status: 0, handler_id: null, handle_time: null });

    const started = await t.post(guard, `${ALARMS}/${id}/actions/handle`);
    expect(started.status, started.text).toBe(200);
    expect(started.body.message).toBe("已开始处理");
    expect(started.body.data).toMatchObject({ handleStatus: 1, handlerId: guardId, handlerIdLabel: "alarmguard" });
    expect(started.body.data.handleTime).toBeTruthy();
    expect(await stored(id)).toMatchObject({ handle_status: 1, handler_id: guardId, recent: true });

    // Finishing needs the note: a blank one is refused and changes nothing.
    for (const body of [{}, { handleNote: "   " }]) {
      const blank = await t.post(guard, `${ALARMS}/${id}/actions/finish`, body);
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe("请输入处理说明");
      expect(blank.body.data.errors).toEqual([{ field: "handleNote", message: "请输入处理说明" }]);
    }
    expect((await stored(id)).handle_status).toBe(1);

    // Another user finishes it: the handler becomes that user, with the time of the finish.
    const before = (await stored(id)).handle_time!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const finished = await t.post(t.admin, `${ALARMS}/${id}/actions/finish`, { handleNote: "现场确认为厨房油烟，已复位烟感" });
    expect(finished.status, finished.text).toBe(200);
    expect(finished.body.data).toMatchObject({ handleStatus: 2, handleNote: "现场确认为厨房油烟，已复位烟感", handlerId: adminId, handlerIdLabel: "张明" });
    const after = await stored(id);
    expect(after).toMatchObject({ handle_status: 2, handler_id: adminId, handle_note: "现场确认为厨房油烟，已复位烟感", recent: true });
    expect(new Date(after.handle_time!).getTime()).toBeGreaterThan(new Date(before).getTime());

    // The operation log has each step, with the note.
    const { rows: log } = await t.server.db.query<{ action: string; user_id: number; detail: { from: string; to: string | number; inputs?: Record<string, string> } }>(
      `select action, user_id, detail from operation_logs where tenant_id = $1 and resource = 'alarms' and target_id = $2 order by id`,
      [t.ids.tenantA, id],
    );
    expect(log.map((l) => [l.action, Number(l.user_id)])).toEqual([
      ["handle", guardId],
      ["finish", adminId],
    ]);
    expect(log[1].detail).toMatchObject({ from: "1", inputs: { handleNote: "现场确认为厨房油烟，已复位烟感" } });
  });

  it("refuses a step from the wrong state, naming the state, and changes nothing", async () => {
    const id = await raise("门磁告警：东门常开");
    expect((await t.post(t.admin, `${ALARMS}/${id}/actions/handle`)).status).toBe(200);
    const again = await t.post(t.admin, `${ALARMS}/${id}/actions/handle`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("当前状态为“处理中”，不能开始处理");

    expect((await t.post(t.admin, `${ALARMS}/${id}/actions/finish`, { handleNote: "已关闭东门" })).status).toBe(200);
    const done = await stored(id);
    for (const [action, label] of [
      ["handle", "开始处理"],
      ["ignore", "忽略"],
      ["finish", "处理完成"],
    ] as const) {
      const r = await t.post(guard, `${ALARMS}/${id}/actions/${action}`, { handleNote: "再次处理" });
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(`当前状态为“已处理”，不能${label}`);
    }
    expect(await stored(id)).toEqual(done);
    expect((await t.post(t.admin, `${ALARMS}/${id}/actions/close`)).status).toBe(404);
  });

  it("finishes or ignores an untreated alarm directly; an ignored one is closed", async () => {
    const direct = await raise("水浸告警：地下车库");
    const finished = await t.post(guard, `${ALARMS}/${direct}/actions/finish`, { handleNote: "排水泵已启动" });
    expect(finished.body.data).toMatchObject({ handleStatus: 2, handlerId: guardId });

    const falseAlarm = await raise("红外告警：围墙西侧");
    const ignored = await t.post(guard, `${ALARMS}/${falseAlarm}/actions/ignore`);
    expect(ignored.status, ignored.text).toBe(200);
    expect(ignored.body.message).toBe("已忽略");
    expect(ignored.body.data).toMatchObject({ handleStatus: 3, handlerId: guardId, handlerIdLabel: "alarmguard" });
    expect(await stored(falseAlarm)).toMatchObject({ handle_status: 3, handler_id: guardId, recent: true });
    const late = await t.post(guard, `${ALARMS}/${falseAlarm}/actions/finish`, { handleNote: "补充" });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("当前状态为“已忽略”，不能处理完成");

    // The list filters by the recorded state and handler.
    const list = await t.post(guard, `${ALARMS}/actions/pageList`, { communityId: t.ids.communityA, handleStatus: 3, handlerId: guardId });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.list.map((r: { id: number }) => r.id)).toContain(falseAlarm);
  });

  it("changes an alarm only through its actions: no generic create, edit or delete", async () => {
    const id = await raise("消防栓告警：2栋");
    const edit = await t.put(t.admin, `${ALARMS}/${id}`, { handleStatus: 2, handlerId: adminId, handleNote: "绕过流程" });
    expect(edit.status).toBe(405);
    expect((await t.post(t.admin, ALARMS, { communityId: t.ids.communityA, content: "手工告警", handleStatus: 0 })).status).toBe(405);
    expect((await t.server.request("DELETE", `${ALARMS}/${id}`, { token: t.admin })).status).toBe(405);
    expect(await stored(id)).toMatchObject({ handle_status: 0, handler_id: null, handle_note: null });
  });

  it("keeps tenants apart and needs the alarm centre's code", async () => {
    const id = await raise("烟感告警：5楼");
    for (const action of ["handle", "finish", "ignore"]) {
      const foreign = await t.post(t.admin2, `${ALARMS}/${id}/actions/${action}`, { handleNote: "越权处理" });
      expect(foreign.status, action).toBe(404);
    }
    expect((await t.get(t.admin2, `${ALARMS}/${id}`)).status).toBe(404);
    const theirs = await t.post(t.admin2, `${ALARMS}/actions/pageList`, { pageSize: 100 });
    expect(theirs.body.data.list.some((r: { id: number }) => r.id === id)).toBe(false);
    // A user of tenant A without the alarm centre (staff: the community module only).
    const staff = await t.post(t.staff, `${ALARMS}/${id}/actions/handle`);
    expect(staff.status).toBe(401);
    expect(staff.body.status).toBe(403);
    // A step without the request marker does nothing.
    const bare = await t.server.request("POST", `${ALARMS}/${id}/actions/handle`, { token: t.admin, xhr: false, body: {} });
    expect(bare.status).toBe(403);
    expect(await stored(id)).toMatchObject({ handle_status: 0, handler_id: null, handle_time: null });

    // Tenant B handles its own alarm; tenant A's stays untouched.
    const own = await t.post(t.admin2, `${ALARMS}/actions/ingest`, [{ communityId: t.ids.communityB, content: "烟感告警：B区", alarmType: 1, handleStatus: 0 }]);
    const ownId = Number(own.body.data.ids[0]);
    expect((await t.post(t.admin, `${ALARMS}/${ownId}/actions/ignore`)).status).toBe(404);
    const handled = await t.post(t.admin2, `${ALARMS}/${ownId}/actions/ignore`);
    expect(handled.status, handled.text).toBe(200);
    expect(handled.body.data.handleStatus).toBe(3);
    expect((await stored(id)).handle_status).toBe(0);
  });
});
