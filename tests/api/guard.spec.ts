// The guard: X-Requested-With marker on every non-GET/HEAD call, 401 without a session, HTTP 401
// with the 403 marker without the route's authority — and nothing written in either case.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, DEMO_PASSWORD, freshServer, type TestServer } from "./support/server.ts";
import { demoIds, type DemoIds } from "./support/demo.ts";

const NO_SESSION = { code: 401, message: "登录已超时或已在其他地方登录", data: null, success: false };
const NO_PERMISSION = { code: 403, status: 403, message: "您没有该功能模块权限，请联系管理员", data: null, success: false };

describe.each(backends)("guard (%s)", (backend) => {
  let server: TestServer;
  let stop: () => Promise<void>;
  let admin: string;
  let staff: string;
  let ids: DemoIds;

  beforeAll(async () => {
    ({ server, stop } = await freshServer(backend));
    admin = await server.login("admin");
    staff = await server.login("staff");
    ids = await demoIds(server);
  });
  afterAll(() => stop());

  it("refuses calls other than GET/HEAD without X-Requested-With (403), login included, and writes nothing", async () => {
    const areas = await server.count("areas");
    const logs = await server.count("operation_logs");
    const create = await server.request("POST", "/api/system/areas", { token: admin, xhr: false, body: { name: "无标记区域" } });
    expect(create.status).toBe(403);
    expect(create.body).toEqual({ code: 40301, message: "请求被拒绝：缺少 X-Requested-With 标记", data: null, success: false });
    const del = await server.request("DELETE", `/api/system/areas/${ids.areaA}`, { token: admin, xhr: false });
    expect(del.status).toBe(403);
    const put = await server.request("PUT", `/api/system/communities/${ids.communityA}`, { token: admin, xhr: false, body: { name: "改名" } });
    expect(put.status).toBe(403);
    const login = await server.request("POST", "/api/auth/login", { xhr: false, body: { username: "admin", password: DEMO_PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.headers["set-cookie"]).toBeUndefined();
    expect(await server.count("areas")).toBe(areas);
    expect(await server.count("operation_logs")).toBe(logs);
    expect((await server.request("GET", `/api/system/communities/${ids.communityA}`, { token: admin })).body.data.name).not.toBe("改名");
  });

  it("answers GET without the marker", async () => {
    const r = await server.request("GET", `/api/system/communities/${ids.communityA}`, { token: admin, xhr: false });
    expect(r.status).toBe(200);
  });

  it("answers 401 without a session or with an unknown one", async () => {
    for (const token of [undefined, "not-a-real-token"]) {
      const list = await server.request("POST", "/api/system/communities/actions/pageList", { token, body: {} });
      expect(list.status).toBe(401);
      expect(list.body).toEqual(NO_SESSION);
      const get = await server.request("GET", `/api/system/communities/${ids.communityA}`, { token });
      expect(get.status).toBe(401);
    }
  });

  it("answers HTTP 401 with the 403 marker when the session lacks the authority (staff on users, HBL03001)", async () => {
    const r = await server.request("POST", "/api/system/users/actions/pageList", { token: staff, body: { pageNo: 1, pageSize: 10 } });
    expect(r.status).toBe(401);
    expect(r.body).toEqual(NO_PERMISSION);
  });

  it("writes nothing when staff creates, updates or deletes users", async () => {
    const users = await server.count("users");
    const logs = await server.count("operation_logs");
    const created = await server.request("POST", "/api/system/users", { token: staff, body: { username: "sneaky", password: "Sneaky-Pass-1" } });
    expect(created.status).toBe(401);
    expect(created.body).toEqual(NO_PERMISSION);
    const adminId = (await server.db.query<{ id: number }>("select id from users where username = 'admin'")).rows[0].id;
    expect((await server.request("PUT", `/api/system/users/${adminId}`, { token: staff, body: { realName: "改掉" } })).status).toBe(401);
    expect((await server.request("DELETE", `/api/system/users/${adminId}`, { token: staff })).status).toBe(401);
    expect(await server.count("users")).toBe(users);
    expect(await server.count("users", "username = 'sneaky'")).toBe(0);
    expect(await server.count("operation_logs")).toBe(logs);
  });

  it("lets staff use the community module it holds (HBL01001, HBL01003, HBL01005)", async () => {
    for (const url of ["/api/system/communities/actions/pageList", "/api/system/rooms/actions/pageList", "/api/system/inhabitants/actions/pageList"]) {
      const r = await server.request("POST", url, { token: staff, body: { communityId: ids.communityA } });
      expect(r.status).toBe(200);
    }
    expect((await server.request("POST", "/api/system/cards/actions/pageList", { token: staff, body: {} })).status).toBe(401);
  });

  it("gives the main account every authority", async () => {
    expect((await server.request("POST", "/api/system/users/actions/pageList", { token: admin, body: {} })).status).toBe(200);
    expect((await server.request("POST", "/api/management/operationLogs/actions/pageList", { token: admin, body: {} })).status).toBe(200);
  });

  it("keeps health and the login public", async () => {
    expect((await server.request("GET", "/healthz")).body).toEqual({ status: "ok", db: backend });
  });
});
