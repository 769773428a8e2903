// 应用令牌 (docs/api.md): an administrator makes a token (answered once, kept as its SHA-256 only);
// `Authorization: Bearer <token>` then works on staff operations with no cookie, signature or marker,
// within the token's codes and communities, which are never wider than its maker's (when it is made
// and on every call); every call is in the operation log under the token's name; a revoked or
// expired token, or a token of a disabled maker, is refused from the next call; resident operations
// never accept one, and no bearer header of any shape answers a 5xx.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

const TOO_WIDE = { code: 40351, message: "令牌的权限或管理范围不能超出您自己的", data: null, success: false };
const NOT_LOGGED_IN = { code: 401, message: "登录已超时或已在其他地方登录", data: null, success: false };
const COMMUNITIES = "/api/system/communities/actions/pageList";
const BUILDINGS = "/api/system/buildings/actions/pageList";

describe.each(backends)("API tokens (%s)", (backend) => {
  const t = useDemoServer(backend);
  let manager: string;
  let managerId: number;
  let roleId: number;

  const bearer = (token: string) => ({ xhr: false, headers: { authorization: `Bearer ${token}` } });
  const make = (signature: string, body: object) => t.server.request("POST", "/api/system/apiTokens/actions/create", { token: signature, body });
  const communityIdsOf = (r: { body: { data: { list: { id: number }[] } } }) => r.body.data.list.map((c) => c.id);

  beforeAll(async () => {
    roleId = (await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name: "对接管理", authorities: ["API_TOKEN_MANAGE", "HBL01001"] } })).body.data.id;
    const user = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "integrator1", password: "Integrator-Pass-71", roleId, communityIds: [t.ids.communityA] } });
    expect(user.status, user.text).toBe(200);
    managerId = user.body.data.id;
    manager = await t.server.login("integrator1", "Integrator-Pass-71");
  });

  it("answers the token once and keeps only its SHA-256; the list shows its prefix, never the token", async () => {
    const r = await make(t.admin, { name: "财务对接", authorities: ["HBL01001"], validDays: 30 });
    expect(r.status, r.text).toBe(200);
    expect(r.body.message).toBe("令牌已创建，请立即复制保存，关闭后无法再次查看");
    const { id, token, tokenPrefix, expiresAt } = r.body.data;
    expect(token).toMatch(/^npt_[\w-]{43}$/);
    expect(token.startsWith(tokenPrefix)).toBe(true);
    expect(tokenPrefix.length).toBeLessThan(12);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const { rows } = await t.server.db.query<{ token_hash: string }>("select token_hash from api_tokens where id = $1", [id]);
    expect(rows[0].token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    const stored = JSON.stringify((await t.server.db.query("select * from api_tokens where id = $1", [id])).rows);
    expect(stored).not.toContain(token);
    const list = await t.server.request("POST", "/api/system/apiTokens/actions/pageList", { token: t.admin, body: { pageNo: 1, pageSize: 10 } });
    expect(list.status).toBe(200);
    const row = list.body.data.list.find((x: { id: number }) => x.id === id);
    expect(row).toMatchObject({ name: "财务对接", tokenPrefix, status: 1, lastUsedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(token);
    expect(JSON.stringify(list.body)).not.toContain(rows[0].token_hash);
  });

  it("works with no cookie, signature or marker, within its codes only, and every call is logged under its name", async () => {
    const { token, id } = (await make(t.admin, { name: "门禁对接", authorities: ["HBL01001"], validDays: 7 })).body.data;
    const read = await t.server.request("POST", COMMUNITIES, { ...bearer(token), body: { pageNo: 1, pageSize: 50 } });
    expect(read.status, read.text).toBe(200);
    expect(read.body.data.total).toBeGreaterThan(0);
    // A code the token was not given, though its maker (the main account) holds it.
    const other = await t.server.request("POST", BUILDINGS, { ...bearer(token), body: { pageNo: 1, pageSize: 10 } });
    expect(other.status).toBe(401);
    expect(other.body).toMatchObject({ code: 403, status: 403 });
    // Written as each answer goes out: poll until both calls are there.
    const logged = () =>
      t.server.db
        .query<{ username: string; operation_code: string; detail: { status: number } }>(
          "select username, operation_code, detail from operation_logs where resource = 'apiTokens' and action = 'call' and target_id = $1 order by id",
          [String(id)],
        )
        .then(({ rows }) => rows.map((r) => [r.username, r.operation_code, r.detail.status]));
    await expect.poll(logged).toEqual([
      ["令牌:门禁对接", `POST ${COMMUNITIES}`, 200],
      ["令牌:门禁对接", `POST ${BUILDINGS}`, 401],
    ]);
    const used = await t.server.db.query<{ last_used_at: Date | null }>("select last_used_at from api_tokens where id = $1", [id]);
    expect(used.rows[0].last_used_at).not.toBeNull();
  });

  it("is never wider than its maker: codes and communities it lacks are refused, and the maker's scope is the token's", async () => {
    const before = await t.server.count("api_tokens");
    const codes = await make(manager, { name: "越权令牌", authorities: ["HBL01001", "HBL01003"], validDays: 7 });
    expect(codes.status).toBe(400);
    expect(codes.body).toEqual(TOO_WIDE);
    const foreign = await make(manager, { name: "越权令牌", authorities: ["HBL01001"], communityIds: [t.ids.communityB], validDays: 7 });
    expect(foreign.status).toBe(401); // another tenant's community: the scope guard's 403 marker
    expect(foreign.body).toMatchObject({ code: 403, status: 403 });
    expect(await t.server.count("api_tokens")).toBe(before);

    const made = await make(manager, { name: "本社区令牌", authorities: ["HBL01001"], validDays: 7 });
    expect(made.status, made.text).toBe(200);
    const read = await t.server.request("POST", COMMUNITIES, { ...bearer(made.body.data.token), body: { pageNo: 1, pageSize: 50 } });
    expect(read.status).toBe(200);
    expect(communityIdsOf(read)).toEqual([t.ids.communityA]);

    // The maker loses the code: the token loses it on the next call; the maker disabled: the token is nobody.
    await t.server.request("PUT", `/api/system/characters/${roleId}`, { token: t.admin, body: { authorities: ["API_TOKEN_MANAGE"] } });
    const lost = await t.server.request("POST", COMMUNITIES, { ...bearer(made.body.data.token), body: { pageNo: 1, pageSize: 50 } });
    expect(lost.status).toBe(401);
    expect(lost.body).toMatchObject({ code: 403 });
    await t.server.request("PUT", `/api/system/characters/${roleId}`, { token: t.admin, body: { authorities: ["API_TOKEN_MANAGE", "HBL01001"] } });
    expect((await t.server.request("POST", COMMUNITIES, { ...bearer(made.body.data.token), body: { pageNo: 1, pageSize: 50 } })).status).toBe(200);
    await t.server.request("PUT", `/api/system/users/${managerId}`, { token: t.admin, body: { enabled: false } });
    const disabled = await t.server.request("POST", COMMUNITIES, { ...bearer(made.body.data.token), body: { pageNo: 1, pageSize: 50 } });
    expect(disabled.body).toEqual(NOT_LOGGED_IN);
  });

  it("is refused from the next call once revoked or expired; a revoked token cannot be revoked again", async () => {
    const { token, id } = (await make(t.admin, { name: "临时令牌", authorities: ["HBL01001"], validDays: 1 })).body.data;
    expect((await t.server.request("POST", COMMUNITIES, { ...bearer(token), body: { pageNo: 1, pageSize: 5 } })).status).toBe(200);
    const revoked = await t.server.request("POST", `/api/system/apiTokens/${id}/actions/revoke`, { token: t.admin });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body).toMatchObject({ message: "令牌已撤销", data: { id, status: 2 } });
    const after = await t.server.request("POST", COMMUNITIES, { ...bearer(token), body: { pageNo: 1, pageSize: 5 } });
    expect(after.status).toBe(401);
    expect(after.body).toEqual(NOT_LOGGED_IN);
    expect((await t.server.request("POST", `/api/system/apiTokens/${id}/actions/revoke`, { token: t.admin })).status).toBe(409);
    // Another tenant's token is nothing to this tenant's administrator.
    expect((await t.server.request("POST", `/api/system/apiTokens/${id}/actions/revoke`, { token: t.admin2 })).status).toBe(404);

    const expiring = (await make(t.admin, { name: "过期令牌", authorities: ["HBL01001"], validDays: 1 })).body.data;
    await t.server.db.query("update api_tokens set expires_at = now() - interval '1 second' where id = $1", [expiring.id]);
    expect((await t.server.request("POST", COMMUNITIES, { ...bearer(expiring.token), body: { pageNo: 1, pageSize: 5 } })).body).toEqual(NOT_LOGGED_IN);
  });

  it("is no session anywhere else: not on resident operations, not with a malformed header, never a fall-back to the cookie", async () => {
    const { token } = (await make(t.admin, { name: "只读令牌", authorities: ["HBL01001"], validDays: 1 })).body.data;
    expect((await t.server.request("GET", "/api/h5/rooms", bearer(token))).status).toBe(401);
    for (const header of [
      "Bearer",
      "Bearer ",
      "Bearer npt_",
      `Bearer ${"x".repeat(5000)}`,
      `Bearer npt_${"a".repeat(43)}`,
      `Bearer ${token} extra`,
      "Basic YWRtaW46YWRtaW4=",
      `bearer ${token.slice(0, -1)}`,
    ]) {
      const r = await t.server.request("POST", COMMUNITIES, { xhr: false, headers: { authorization: header }, body: { pageNo: 1, pageSize: 5 } });
      expect(r.status, header.slice(0, 40)).toBeLessThan(500);
      expect(r.status, header.slice(0, 40)).not.toBe(200);
    }
    // A signed-in session with a dead token beside it: the token speaks, and it is nobody.
    const both = await t.server.request("POST", COMMUNITIES, { token: t.admin, headers: { authorization: `Bearer npt_${"b".repeat(43)}` }, body: { pageNo: 1, pageSize: 5 } });
    expect(both.body).toEqual(NOT_LOGGED_IN);
  });

  it("is declared in the OpenAPI document: a bearer scheme beside the session on every staff operation", async () => {
    const doc = (await t.server.request("GET", "/api/openapi.json")).body;
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths[COMMUNITIES].post.security).toEqual([{ signature: [], cookie: [] }, { apiToken: [] }]);
    expect(doc.paths["/api/system/apiTokens/actions/create"].post.operationId).toBe("createApiToken");
    expect(doc.paths["/api/system/apiTokens/{id}/actions/revoke"].post.operationId).toBe("revokeApiToken");
  });
});
