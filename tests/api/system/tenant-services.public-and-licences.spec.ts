// Tenant services and the public configuration calls (docs/api.md "Tenant services"): the error-code
// table and branding without a session, the five licence types, logos, task centre, service
// switches, the operation-log report and the province-city table.
import { describe, expect, it } from "vitest";
import { errorCodes } from "../../../generated/errors.ts";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

describe.each(backends)("tenant services and public configuration (%s)", (backend) => {
  const t = useDemoServer(backend);

  it("serves the error-code table without a session", async () => {
    const r = await t.server.request("GET", "/api/basic/language/errorcode?serviceType=hbl");
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    for (const e of Object.values(errorCodes)) expect(r.body.data[String(e.code)]).toBe(e.message);
    expect(r.body.data["403"]).toBe("您没有该功能模块权限，请联系管理员");
  });

  it("serves the login configuration and theme colours without a session, by host", async () => {
    const login = await t.server.request("GET", "/device-nissan/auth/ssoConfiguration/actions/getLoginConfiguration?domainUrl=localhost%3A8080");
    expect(login.status).toBe(200);
    expect(login.body.data.platformName).toBe("云物业社区管理平台");
    expect(login.body.data.platformIco).toMatch(/^data:image\/svg\+xml/);
    const theme = await t.server.request("GET", "/device-nissan/auth/ssoConfiguration/actions/getConfiguration");
    expect(Object.keys(theme.body.data).sort()).toEqual(["chooseHoverColor", "menuBackGroundColor", "menuTextColor", "menuTextHighColor", "menuTextHighSelBgColor", "placeholderColor"]);
    await t.server.db.query(`insert into platform_configs (tenant_id, domain_url, platform_name, menu_back_ground_color) values ($1, 'wuye.example.com', '绿城智慧社区', '#123456')`, [t.ids.tenantB]);
    const branded = await t.server.request("GET", "/device-nissan/auth/ssoConfiguration/actions/getLoginConfiguration?domainUrl=https%3A%2F%2Fwuye.example.com%2Fneptune%2F");
    expect(branded.body.data.platformName).toBe("绿城智慧社区");
    const byHost = await t.server.request("GET", "/device-nissan/auth/ssoConfiguration/actions/getConfiguration", { headers: { host: "wuye.example.com" } });
    expect(byHost.body.data.menuBackGroundColor).toBe("#123456");
    expect(byHost.body.data.menuTextHighColor).toBe("#ffffff");
  });

  it("lists the five licence types from the tenant's quotas; a type without a row counts 0", async () => {
    const a = (await t.server.request("GET", "/api/management/tenantService/actions/license", { token: t.staff })).body.data;
    expect(a.map((q: { serviceType: number }) => q.serviceType)).toEqual([212, 209, 217, 251, 252]);
    expect(a.map((q: { serviceName: string }) => q.serviceName)).toEqual(["视频通道", "门禁对讲通道", "AI分析社区", "室内机", "边缘服务"]);
    const rows = await t.server.db.query<{ service_type: number; service_total_num: number; service_use_num: number }>(
      "select service_type, service_total_num, service_use_num from licence_quotas where tenant_id = $1",
      [t.ids.tenantA],
    );
    expect(rows.rows).toHaveLength(5);
    for (const row of rows.rows) {
      expect(a.find((q: { serviceType: number }) => q.serviceType === row.service_type)).toMatchObject({ serviceTotalNum: row.service_total_num, serviceUseNum: row.service_use_num });
    }
    await t.server.db.query("delete from licence_quotas where tenant_id = $1 and service_type = 252", [t.ids.tenantB]);
    const b = (await t.server.request("GET", "/api/management/tenantService/actions/license", { token: t.admin2 })).body.data;
    const missing = b.filter((q: { serviceType: number }) => ![212, 209].includes(q.serviceType));
    expect(missing).toHaveLength(3);
    for (const q of missing) expect(q).toMatchObject({ serviceTotalNum: 0, serviceUseNum: 0, validityDate: null });
    await t.server.db.query("delete from licence_quotas where tenant_id = $1", [t.ids.tenantB]);
    const none = (await t.server.request("GET", "/api/management/tenantService/actions/license", { token: t.admin2 })).body.data;
    expect(none.map((q: { serviceTotalNum: number }) => q.serviceTotalNum)).toEqual([0, 0, 0, 0, 0]);
    const enable = (await t.server.request("GET", "/api/management/tenantService/actions/tenantServiceEnable", { token: t.admin2 })).body.data;
    expect(enable.enabled).toBe(true);
    expect(enable.services.every((s: { enabled: boolean }) => !s.enabled)).toBe(true);
  });

  it("answers the logos and the task centre", async () => {
    const logos = await t.server.request("GET", "/api/management/logos", { token: t.staff });
    expect(logos.body.data).toHaveProperty("tenantHomePage");
    expect(logos.body.data).toHaveProperty("platformImg");
    // The task centre lists the tenant's background tasks (core table tasks): main account all, others their own.
    const tasks = (await t.server.request("GET", "/api/management/taskCentre/actions/list?pageNo=1&pageSize=5", { token: t.admin })).body.data;
    expect(tasks.total).toBe(await t.server.count("tasks", "tenant_id = $1", [t.ids.tenantA]));
    expect(tasks.list.length).toBe(Math.min(5, tasks.total));
    const own = (await t.server.request("GET", "/api/management/taskCentre/actions/list", { token: t.staff })).body.data;
    const { rows } = await t.server.db.query<{ id: number }>("select id from users where username = 'staff'");
    expect(own.total).toBe(await t.server.count("tasks", "tenant_id = $1 and user_id = $2", [t.ids.tenantA, rows[0].id]));
    // A page whose offset is no longer an exact integer is refused here too (shared with the generic list).
    for (const pageNo of ["1e17", "18014398509481985"]) {
      const far = await t.server.request("GET", `/api/management/taskCentre/actions/list?pageNo=${pageNo}&pageSize=500`, { token: t.admin });
      expect(far.status).toBe(400);
      expect(far.body).toEqual({ code: 40015, message: "页码应为正整数", data: null, success: false });
    }
  });

  it("writes an operation_logs row for a report, with the session's user and tenant", async () => {
    const before = await t.server.count("operation_logs", "tenant_id = $1 and action = 'report'", [t.ids.tenantA]);
    const r = await t.server.request("POST", "/api/management/operationLog/actions/report", {
      token: t.staff,
      body: { source: 2, operationCode: "HBL03021", operationType: 1, tenantId: t.ids.tenantB },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toBeNull();
    const { rows } = await t.server.db.query<{ tenant_id: number; username: string; source: number; operation_code: string; operation_type: number; user_id: number }>(
      "select tenant_id, user_id, username, source, operation_code, operation_type from operation_logs where action = 'report' order by id desc limit 1",
    );
    expect(rows[0]).toMatchObject({ tenant_id: t.ids.tenantA, username: "staff", source: 2, operation_code: "HBL03021", operation_type: 1 });
    expect(await t.server.count("operation_logs", "tenant_id = $1 and action = 'report'", [t.ids.tenantA])).toBe(before + 1);
    const bad = await t.server.request("POST", "/api/management/operationLog/actions/report", { token: t.staff, body: { source: "x", operationType: 1 } });
    expect(bad.status).toBe(400);
    expect((await t.server.request("POST", "/api/management/operationLog/actions/report", { body: { source: 2, operationCode: "X", operationType: 1 } })).status).toBe(401);
    expect((await t.server.request("POST", "/api/management/operationLog/actions/report", { token: t.staff, xhr: false, body: { source: 2, operationCode: "X", operationType: 1 } })).status).toBe(403);
  });

  it("answers provinces, cities and districts from the built-in table", async () => {
    const provinces = (await t.server.request("GET", "/api/basic/queryProvinceCity", { token: t.staff })).body.data;
    expect(provinces).toHaveLength(34);
    expect(provinces).toContainEqual({ code: "330000", name: "浙江省" });
    const cities = (await t.server.request("GET", "/api/community/provinceCity/cityQuery?parentCode=330000", { token: t.staff })).body.data;
    expect(cities).toContainEqual({ code: "330100", name: "杭州市" });
    const districts = (await t.server.request("GET", "/api/basic/queryProvinceCity?parentCode=330100", { token: t.staff })).body.data;
    expect(districts).toContainEqual({ code: "330106", name: "西湖区" });
    expect((await t.server.request("GET", "/api/basic/queryProvinceCity?parentCode=999999", { token: t.staff })).body.data).toEqual([]);
  });
});
