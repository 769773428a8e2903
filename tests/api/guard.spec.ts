// The guard: X-Requested-With marker on every non-GET/HEAD call, 401 without a session, HTTP 401
// with the 403 marker without the route's authority — and nothing written in either case.
import { describe, expect, it } from "vitest";
import { backends, DEMO_PASSWORD } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";

const NO_SESSION = { code: 401, message: "登录已超时或已在其他地方登录", data: null, success: false };
const NO_PERMISSION = { code: 403, status: 403, message: "您没有该功能模块权限，请联系管理员", data: null, success: false };

describe.each(backends)("guard (%s)", (backend) => {
  const t = useDemoServer(backend);

  it("refuses calls other than GET/HEAD without X-Requested-With (403), login included, and writes nothing", async () => {
    const areas = await t.server.count("areas");
    const logs = await t.server.count("operation_logs");
    const create = await t.server.request("POST", "/api/system/areas", { token: t.admin, xhr: false, body: { name: "无标记区域" } });
    expect(create.status).toBe(403);
    expect(create.body).toEqual({ code: 40301, message: "请求被拒绝：缺少 X-Requested-With 标记", data: null, success: false });
    const del = await t.server.request("DELETE", `/api/system/areas/${t.ids.areaA}`, { token: t.admin, xhr: false });
    expect(del.status).toBe(403);
    const put = await t.server.request("PUT", `/api/system/communities/${t.ids.communityA}`, { token: t.admin, xhr: false, body: { name: "改名" } });
    expect(put.status).toBe(403);
    const login = await t.server.request("POST", "/api/auth/login", { xhr: false, body: { username: "admin", password: DEMO_PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.headers["set-cookie"]).toBeUndefined();
    expect(await t.server.count("areas")).toBe(areas);
    expect(await t.server.count("operation_logs")).toBe(logs);
    expect((await t.server.request("GET", `/api/system/communities/${t.ids.communityA}`, { token: t.admin })).body.data.name).not.toBe("改名");
  });

  it("answers GET without the marker", async () => {
    const r = await t.server.request("GET", `/api/system/communities/${t.ids.communityA}`, { token: t.admin, xhr: false });
    expect(r.status).toBe(200);
  });

  it("answers 401 without a session or with an unknown one", async () => {
    for (const token of [undefined, "not-a-real-token"]) {
      const list = await t.server.request("POST", "/api/system/communities/actions/pageList", { token, body: {} });
      expect(list.status).toBe(401);
      expect(list.body).toEqual(NO_SESSION);
      const get = await t.server.request("GET", `/api/system/communities/${t.ids.communityA}`, { token });
      expect(get.status).toBe(401);
    }
  });

  it("answers HTTP 401 with the 403 marker when the session lacks the authority (staff on users, HBL03001)", async () => {
    const r = await t.server.request("POST", "/api/system/users/actions/pageList", { token: t.staff, body: { pageNo: 1, pageSize: 10 } });
    expect(r.status).toBe(401);
    expect(r.body).toEqual(NO_PERMISSION);
  });

  it("writes nothing when staff creates, updates or deletes users", async () => {
    const users = await t.server.count("users");
    const logs = await t.server.count("operation_logs");
    const created = await t.server.request("POST", "/api/system/users", { token: t.staff, body: { username: "sneaky", password: "Sneaky-Pass-1" } });
    expect(created.status).toBe(401);
    expect(created.body).toEqual(NO_PERMISSION);
    const adminId = (await t.server.db.query<{ id: number }>("select id from users where username = 'admin'")).rows[0].id;
    expect((await t.server.request("PUT", `/api/system/users/${adminId}`, { token: t.staff, body: { realName: "改掉" } })).status).toBe(401);
    expect((await t.server.request("DELETE", `/api/system/users/${adminId}`, { token: t.staff })).status).toBe(401);
    expect(await t.server.count("users")).toBe(users);
    expect(await t.server.count("users", "username = 'sneaky'")).toBe(0);
    expect(await t.server.count("operation_logs")).toBe(logs);
  });

  it("lets staff use the community module it holds (HBL01001, HBL01003, HBL01005)", async () => {
    for (const url of ["/api/system/communities/actions/pageList", "/api/system/rooms/actions/pageList", "/api/system/inhabitants/actions/pageList"]) {
      const r = await t.server.request("POST", url, { token: t.staff, body: { communityId: t.ids.communityA } });
      expect(r.status).toBe(200);
    }
    expect((await t.server.request("POST", "/api/system/cards/actions/pageList", { token: t.staff, body: {} })).status).toBe(401);
  });

  it("gives the main account every authority", async () => {
    expect((await t.server.request("POST", "/api/system/users/actions/pageList", { token: t.admin, body: {} })).status).toBe(200);
    expect((await t.server.request("POST", "/api/management/operationLogs/actions/pageList", { token: t.admin, body: {} })).status).toBe(200);
  });

  it("keeps health and the login public", async () => {
    expect((await t.server.request("GET", "/healthz")).body).toEqual({ status: "ok", db: backend });
  });
});
