// Click tracking: gzip bodies on /pick/envInfo and /pick/pickInfo (and only there), the records
// stored per tenant and user, the click counts per code, limits and refusals.
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipJson } from "../../../src/web/tracking/encode.ts";
import { backends, sessionHeaders, XHR } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

describe.each(backends)("click tracking (%s)", (backend) => {
  const t = useDemoServer(backend);

  const post = (url: string, token: string | undefined, payload: Buffer | string, headers: Record<string, string> = {}) =>
    t.server.app.inject({
      method: "POST",
      url,
      headers: { ...XHR, "content-type": "application/json", ...(token ? sessionHeaders(token) : {}), ...headers },
      payload,
    });
  const gz = (value: unknown) => Buffer.from(gzipJson(value));
  const records = (lc: string, n: number) => Array.from({ length: n }, (_, i) => ({ lc, ety: "click", rt: "/workbench/benchlayout", et: Date.now() - i * 1000, biz: { i } }));

  it("stores the records of a gzip body (pako on the web side) for the user's tenant", async () => {
    const r = await post("/pick/pickInfo", t.admin, gz({ clientCode: "client-a-0001", dataList: records("guide_test_a", 3) }), { "content-encoding": "gzip" });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({ accepted: 3 });
    const { rows } = await t.server.db.query<{ n: number; tenant: number; client: string }>(
      "select count(*)::int as n, min(tenant_id) as tenant, min(client_code) as client from click_records where lc = 'guide_test_a'",
    );
    expect(rows[0]).toMatchObject({ n: 3, tenant: t.ids.tenantA, client: "client-a-0001" });
  });

  it("accepts plain JSON and skips records without a code", async () => {
    const r = await post("/pick/pickInfo", t.admin, JSON.stringify({ dataList: [{ lc: "guide_plain" }, { ety: "click" }, "x"] }));
    expect(r.json().data.accepted).toBe(1);
  });

  it("stores the browser of /pick/envInfo, once per client code", async () => {
    const env = { clientCode: "client-a-0001", environmentalInfo: { os: "Windows 10", browser: "Chrome", browserVersion: "124.0" } };
    for (let i = 0; i < 2; i++) expect((await post("/pick/envInfo", t.admin, gz(env), { "content-encoding": "gzip" })).statusCode).toBe(200);
    const { rows } = await t.server.db.query("select os, browser, browser_version as v from tracking_clients where tenant_id = $1 and client_code = $2", [t.ids.tenantA, "client-a-0001"]);
    expect(rows).toEqual([{ os: "Windows 10", browser: "Chrome", v: "124.0" }]);
  });

  it("refuses broken gzip (400), an unknown encoding (415), a body over the limits (413)", async () => {
    expect((await post("/pick/pickInfo", t.admin, Buffer.from("not gzip"), { "content-encoding": "gzip" })).statusCode).toBe(400);
    expect((await post("/pick/pickInfo", t.admin, gz({ dataList: [] }), { "content-encoding": "br" })).statusCode).toBe(415);
    const bomb = gzipSync(JSON.stringify({ dataList: [], pad: "x".repeat(3 * 1024 * 1024) }));
    expect((await post("/pick/pickInfo", t.admin, bomb, { "content-encoding": "gzip" })).statusCode).toBe(413);
    const wire = Buffer.alloc(300 * 1024, 65);
    expect((await post("/pick/pickInfo", t.admin, wire)).statusCode).toBe(413);
  });

  it("answers 401 without a session and 403 without the XHR marker, storing nothing", async () => {
    const before = await t.server.count("click_records");
    expect((await post("/pick/pickInfo", undefined, gz({ dataList: records("x", 1) }), { "content-encoding": "gzip" })).statusCode).toBe(401);
    const noMarker = await t.server.app.inject({
      method: "POST",
      url: "/pick/pickInfo",
      headers: { ...sessionHeaders(t.admin), "content-type": "application/json" },
      payload: JSON.stringify({ dataList: records("x", 1) }),
    });
    expect(noMarker.statusCode).toBe(403);
    expect(await t.server.count("click_records")).toBe(before);
  });

  it("counts clicks per code for the tenant's report, and nothing of another tenant", async () => {
    await post("/pick/pickInfo", t.staff, gz({ dataList: records("guide_test_a", 2) }), { "content-encoding": "gzip" });
    await post("/pick/pickInfo", t.admin2, gz({ dataList: records("guide_test_b", 4) }), { "content-encoding": "gzip" });
    const a = await t.server.request("GET", "/api/management/clickRecords/actions/countByCode?keyword=guide_test", { token: t.admin });
    expect(a.status).toBe(200);
    expect(a.body.data.list).toEqual([expect.objectContaining({ lc: "guide_test_a", count: 5, users: 2 })]);
    const b = await t.server.request("GET", "/api/management/clickRecords/actions/countByCode?keyword=guide_test", { token: t.admin2 });
    expect(b.body.data.list).toEqual([expect.objectContaining({ lc: "guide_test_b", count: 4, users: 1 })]);
    const future = await t.server.request("GET", `/api/management/clickRecords/actions/countByCode?keyword=guide_test&from=${encodeURIComponent(new Date(Date.now() + 86400000).toISOString())}`, {
      token: t.admin,
    });
    expect(future.body.data.list).toEqual([]);
    const denied = await t.server.request("GET", "/api/management/clickRecords/actions/countByCode", { token: t.staff });
    expect(denied.status).toBe(401);
    expect(denied.body.status).toBe(403);
  });

  it("leaves gzip handling of other routes as it was (JSON routes still read JSON)", async () => {
    const r = await t.server.request("POST", "/api/management/clickRecords/actions/pageList", { token: t.admin, body: { pageNo: 1, pageSize: 5, lc: "guide_test_a" } });
    expect(r.status).toBe(200);
    expect(r.body.data.list.length).toBeGreaterThan(0);
  });

  it("keeps a user's records when the user is deleted (the user is cleared)", async () => {
    const created = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "tracker01", realName: "埋点", password: "Track-Test-2024", roleId: null } });
    expect(created.status).toBe(200);
    const token = await t.server.login("tracker01", "Track-Test-2024");
    await post("/pick/pickInfo", token, gz({ dataList: records("guide_deleted_user", 1) }), { "content-encoding": "gzip" });
    await post("/pick/envInfo", token, gz({ clientCode: "client-deleted-01", environmentalInfo: {} }), { "content-encoding": "gzip" });
    const del = await t.server.request("DELETE", `/api/system/users/${created.body.data.id}`, { token: t.admin });
    expect(del.status).toBe(200);
    const { rows } = await t.server.db.query<{ user_id: number | null }>("select user_id from click_records where lc = 'guide_deleted_user'");
    expect(rows).toEqual([{ user_id: null }]);
  });
});
