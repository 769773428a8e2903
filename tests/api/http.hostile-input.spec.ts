// Hostile input answers 400 (or 413) with the envelope and a Chinese message naming the field, and
// writes nothing; the fuzz suite (fuzz/) sends such input to every operation.
import { describe, expect, it } from "vitest";
import { backends } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";

describe.each(backends)("hostile input (%s)", (backend) => {
  const t = useDemoServer(backend);
  const create = (body: unknown) => t.server.request("POST", "/api/system/areas", { token: t.admin, body });

  it("refuses text the database cannot store, naming the field, and writes nothing", async () => {
    const before = await t.server.count("areas");
    for (const name of ["东区\u0000", "\uD800", "x\uDC00"]) {
      const r = await create({ name });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 40010, success: false, data: { errors: [{ field: "name" }] } });
      expect(r.body.message).toMatch(/含有无法保存的字符$/);
      expect(r.body.message).not.toMatch(/^name/);
    }
    const nested = await t.server.request("POST", "/api/system/rooms/actions/pageList", { token: t.admin, body: { status: [1, "a\u0000"] } });
    expect(nested.body).toMatchObject({ code: 40010, message: "status[1]含有无法保存的字符" });
    expect(await t.server.count("areas")).toBe(before);
  });

  it("refuses objects where a filter's scalar goes, numbers out of range and oversized nesting", async () => {
    const list = (body: unknown) => t.server.request("POST", "/api/system/rooms/actions/pageList", { token: t.admin, body });
    expect((await list({ status: { a: 1 } })).body).toMatchObject({ code: 40011, message: "部署状态的数据类型不正确" });
    expect((await list({ occupancyStatus: { a: 1 } })).body).toMatchObject({ code: 40011, message: "房屋状态的数据类型不正确" });
    expect((await list({ status: 1e300 })).status).toBe(400);
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = { a: deep };
    expect((await list({ status: deep })).body).toMatchObject({ code: 40018, message: "请求参数嵌套层级过深" });
  });

  it("refuses a query key given twice, and a query value with a NUL", async () => {
    const twice = await t.server.request("GET", "/api/management/taskCentre/actions/list?pageNo=1&pageNo=2", { token: t.admin });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ code: 40017, message: "参数pageNo重复" });
    const nul = await t.server.request("GET", "/api/management/taskCentre/actions/list?pageNo=%00", { token: t.admin });
    expect(nul.body).toMatchObject({ code: 40010, message: "pageNo含有无法保存的字符" });
  });

  it("still answers 401 to a hostile call without a session", async () => {
    const r = await t.server.request("POST", "/api/system/areas", { body: { name: "\u0000" } });
    expect(r.status).toBe(401);
  });

  it("answers a URL that does not decode with 400 in the envelope", async () => {
    const r = await t.server.request("GET", "/api/system/areas/%ED%A0%80", { token: t.admin });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, message: "请求参数错误", data: null, success: false });
  });

  it("answers a body over the limit with 413 naming the limit", async () => {
    const r = await t.server.request("POST", "/api/system/areas", { token: t.admin, body: { name: "x".repeat(25 * 1024 * 1024) } });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ code: 41300, message: "请求体过大（上限 10 MB）", data: null, success: false });
  });
});
