// Login, the session cookie and signature header, logout, password change, tickets (real database).
// Which halves of a session a call needs: auth.session-signature.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { backends, cookieTokenOf, DEMO_PASSWORD, freshServer, type TestServer } from "./support/server.ts";

const sha256 = (t: string) => createHash("sha256").update(t).digest("hex");
/** The sessions row of a signature: keyed by the SHA-256 of the cookie's token. */
const tokenHash = (signature: string) => sha256(cookieTokenOf(signature)!);

describe.each(backends)("login and session (%s)", (backend) => {
  let server: TestServer;
  let stop: () => Promise<void>;
  let adminToken: string;

  beforeAll(async () => {
    ({ server, stop } = await freshServer(backend));
    adminToken = await server.login("admin");
  });
  afterAll(() => stop());

  it("logs in: signature, ids, userType and an httpOnly SameSite=Lax cookie with another token", async () => {
    const r = await server.request("POST", "/api/auth/login", { body: { username: "admin", password: DEMO_PASSWORD } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 0, success: true });
    const data = r.body.data;
    expect(Object.keys(data).sort()).toEqual(["signature", "tenantHomePage", "tenantId", "userId", "userType"]);
    expect(data.userType).toBe("0");
    expect(typeof data.userId).toBe("number");
    expect(typeof data.tenantId).toBe("number");
    const cookie = String(r.headers["set-cookie"]);
    const token = /neptune_session=([^;]+)/.exec(cookie)?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(data.signature).toMatch(/^[\w-]{43}$/);
    expect(token).not.toBe(data.signature);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("accepts the session by its cookie with its signature header", async () => {
    const r = await server.request("POST", "/api/system/communities/actions/pageList", { token: adminToken, body: { pageNo: 1 } });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBeGreaterThan(0);
  });

  it("stores only the SHA-256 of the session's token and of its signature", async () => {
    const token = cookieTokenOf(adminToken)!;
    expect(await server.count("sessions", "token_hash = $1 and signature_hash = $2", [sha256(token), sha256(adminToken)])).toBe(1);
    expect(await server.count("sessions", "token_hash = $1 or token_hash = $2 or signature_hash = $1 or signature_hash = $2", [token, adminToken])).toBe(0);
  });

  it("refuses a wrong password or an unknown user with 400 用户名或密码错误", async () => {
    for (const body of [
      { username: "admin", password: "wrong-password" },
      { username: "nobody", password: DEMO_PASSWORD },
    ]) {
      const r = await server.request("POST", "/api/auth/login", { body });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 40101, message: "用户名或密码错误", data: null, success: false });
      expect(r.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("locks a username + address after 5 failures in 15 minutes (429), even with the right password", async () => {
    const created = await server.request("POST", "/api/system/users", { token: adminToken, body: { username: "locktest", password: "Lock-Test-123" } });
    expect(created.status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const r = await server.request("POST", "/api/auth/login", { body: { username: "locktest", password: `bad-${i}-password` } });
      expect(r.status).toBe(400);
    }
    const locked = await server.request("POST", "/api/auth/login", { body: { username: "locktest", password: "Lock-Test-123" } });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ code: 42901, message: "登录尝试过于频繁，请稍后再试", data: null, success: false });
    // Failures older than the window no longer count.
    await server.db.query("update login_attempts set attempted_at = now() - interval '16 minutes' where username_key = 'locktest'");
    const again = await server.request("POST", "/api/auth/login", { body: { username: "locktest", password: "Lock-Test-123" } });
    expect(again.status).toBe(200);
  });

  it("logs in with a username created through the API, and keeps usernames unique across tenants", async () => {
    const admin2 = await server.login("admin2");
    const dup = await server.request("POST", "/api/system/users", { token: admin2, body: { username: "staff", password: "Some-Pass-123" } });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 40901, message: "数据已存在，请勿重复添加", success: false });
    const dupCase = await server.request("POST", "/api/system/users", { token: admin2, body: { username: "STAFF", password: "Some-Pass-123" } });
    expect(dupCase.status).toBe(409);
    const ok = await server.request("POST", "/api/system/users", { token: admin2, body: { username: "tenantbuser", password: "Some-Pass-123" } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.passwordHash).toBeUndefined();
    expect(JSON.stringify(ok.body)).not.toContain("scrypt");
    const login = await server.request("POST", "/api/auth/login", { body: { username: "tenantbuser", password: "Some-Pass-123" } });
    expect(login.status).toBe(200);
    expect(login.body.data.tenantId).not.toBe((await server.request("POST", "/api/auth/login", { body: { username: "admin", password: DEMO_PASSWORD } })).body.data.tenantId);
  });

  it("ends the session when idle too long (sliding expiry)", async () => {
    const token = await server.login("staff");
    const before = await server.request("POST", "/api/system/communities/actions/pageList", { token, body: {} });
    expect(before.status).toBe(200);
    await server.db.query("update sessions set expires_at = now() - interval '1 second' where token_hash = $1", [tokenHash(token)]);
    const after = await server.request("POST", "/api/system/communities/actions/pageList", { token, body: {} });
    expect(after.status).toBe(401);
  });

  it("logs out by GET and by POST: the session ends and the cookie is cleared", async () => {
    for (const call of [
      { method: "GET" as const, url: "/api/system/homepage/web/logout" },
      { method: "POST" as const, url: "/proxyAuth/auth/homepage/actions/logout" },
    ]) {
      const token = await server.login("staff");
      const r = await server.request(call.method, call.url, { token, body: call.method === "POST" ? {} : undefined });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ code: 0, data: null, success: true });
      expect(String(r.headers["set-cookie"])).toMatch(/neptune_session=;/);
      const after = await server.request("POST", "/api/system/communities/actions/pageList", { token, body: {} });
      expect(after.status).toBe(401);
      expect(await server.count("sessions", "token_hash = $1", [tokenHash(token)])).toBe(0);
    }
  });

  it("changes the password: old one checked, rule applied, other sessions ended", async () => {
    await server.request("POST", "/api/system/users", { token: adminToken, body: { username: "pwuser", password: "First-Pass-1" } });
    const token = await server.login("pwuser", "First-Pass-1");
    const other = await server.login("pwuser", "First-Pass-1");
    const wrongOld = await server.request("POST", "/api/system/homepage/modifyPassword", { token, body: { oldPassword: "nope-nope-1", newPassword: "Second-Pass-2" } });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.message).toBe("原密码错误");
    const tooShort = await server.request("POST", "/api/system/homepage/modifyPassword", { token, body: { oldPassword: "First-Pass-1", newPassword: "short" } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body).toMatchObject({ code: 40001, message: "密码长度为8到32位", data: { errors: [{ field: "newPassword", message: "密码长度为8到32位" }] } });
    const changed = await server.request("POST", "/api/system/homepage/modifyPassword", {
      token,
      body: { oldPassword: "First-Pass-1", newPassword: "Second-Pass-2", clientId: 1 },
    });
    expect(changed.status).toBe(200);
    expect((await server.request("POST", "/api/auth/login", { body: { username: "pwuser", password: "First-Pass-1" } })).status).toBe(400);
    expect((await server.request("POST", "/api/auth/login", { body: { username: "pwuser", password: "Second-Pass-2" } })).status).toBe(200);
    expect((await server.request("GET", "/api/system/homepage/web/logout", { token: other })).status).toBe(200);
    expect(await server.count("sessions", "token_hash = $1", [tokenHash(token)])).toBe(1);
    expect(await server.count("sessions", "token_hash = $1", [tokenHash(other)])).toBe(0);
  });

  it("edits the own profile (editsave) with the users rules", async () => {
    const token = await server.login("staff");
    const bad = await server.request("POST", "/api/system/homepage/editsave", { token, body: { phone: "12345" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("请输入正确的手机号");
    const r = await server.request("POST", "/api/system/homepage/editsave", { token, body: { realName: "李娜娜", phone: "13912345678" } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ username: "staff", realName: "李娜娜", phoneNumber: "13912345678", userType: "1" });
  });

  it("issues one-time tickets, stored hashed", async () => {
    const r = await server.request("POST", "/api/auth/homepage/actions/getTicket?type=systemApp", { token: adminToken });
    expect(r.status).toBe(200);
    const ticket = r.body.data.ticket;
    expect(typeof ticket).toBe("string");
    expect(await server.count("tickets", "ticket_hash = $1 and type = 'systemApp' and used_at is null", [sha256(ticket)])).toBe(1);
    const { consumeTicket } = await import("../../src/server/auth/tickets.ts");
    expect(await consumeTicket(server.db, ticket, "systemApp")).toMatchObject({ type: "systemApp" });
    expect(await consumeTicket(server.db, ticket, "systemApp")).toBeNull();
  });
});
