// A session is two values (src/server/platform/session/session-store.ts): the token in the httpOnly cookie and
// the signature of the login answer, sent in the `signature` header. A call is signed in only with
// both, matching; either alone, or another session's signature, is no session (401). The spec's GET
// logout needs the X-Requested-With marker like every other call that acts, so another site's link
// ends nothing.
import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { backends, cookieTokenOf, DEMO_PASSWORD } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";

const NO_SESSION = { code: 401, message: "登录已超时或已在其他地方登录", data: null, success: false };
const NO_MARKER = { code: 40301, message: "请求被拒绝：缺少 X-Requested-With 标记", data: null, success: false };
const sha256 = (t: string) => createHash("sha256").update(t).digest("hex");
const cookie = (token: string) => `neptune_session=${token}`;

describe.each(backends)("session cookie and signature (%s)", (backend) => {
  const t = useDemoServer(backend);
  const list = (headers: Record<string, string>) => t.server.request("POST", "/api/system/communities/actions/pageList", { headers, body: {} });
  const me = (headers: Record<string, string>) => t.server.request("GET", "/api/system/homepage/user", { headers });

  it("gives the cookie a token and the answer a signature: two random values, neither derivable from the other", () => {
    const token = cookieTokenOf(t.admin)!;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(t.admin).toMatch(/^[\w-]{43}$/);
    expect(token).not.toBe(t.admin);
  });

  it("accepts a call with the cookie and its signature, on the way in (database) and from the cache", async () => {
    const token = cookieTokenOf(t.admin)!;
    for (let i = 0; i < 2; i++) {
      expect((await list({ cookie: cookie(token), signature: t.admin })).status).toBe(200);
      expect((await me({ cookie: cookie(token), signature: t.admin })).body.data.username).toBe("admin");
    }
  });

  it("refuses the signature alone, even sent as the cookie too or with the cookie's token in the header", async () => {
    const token = cookieTokenOf(t.admin)!;
    const calls: Record<string, string>[] = [{ signature: t.admin }, { cookie: cookie(t.admin) }, { cookie: cookie(t.admin), signature: t.admin }, { signature: token }];
    for (const headers of calls) {
      const r = await list(headers);
      expect(r.status, JSON.stringify(headers)).toBe(401);
      expect(r.body).toEqual(NO_SESSION);
      expect((await me(headers)).status).toBe(401);
    }
  });

  it("refuses the cookie alone, with an empty, a made-up or its own token as signature", async () => {
    const token = cookieTokenOf(t.admin)!;
    for (const signature of [undefined, "", "not-a-signature", token, `${t.admin}x`, t.admin.slice(0, -1)]) {
      const headers = { cookie: cookie(token), ...(signature === undefined ? {} : { signature }) };
      const r = await list(headers);
      expect(r.status, String(signature)).toBe(401);
      expect(r.body).toEqual(NO_SESSION);
    }
  });

  it("refuses the cookie with another session's signature (same user or another), before and after the session is cached", async () => {
    const other = await t.server.login("admin");
    const token = cookieTokenOf(t.admin)!;
    for (const signature of [other, t.staff, t.admin2]) {
      expect((await list({ cookie: cookie(token), signature })).status).toBe(401);
      expect((await list({ cookie: cookie(cookieTokenOf(signature)!), signature: t.admin })).status).toBe(401);
    }
    expect((await list({ cookie: cookie(token), signature: t.admin })).status).toBe(200);
    expect((await list({ cookie: cookie(token), signature: t.staff })).status).toBe(401);
  });

  it("does not answer with the cookie's token: the login and homepage/user give the signature", async () => {
    const r = await me({ cookie: cookie(cookieTokenOf(t.staff)!), signature: t.staff });
    expect(r.body.data.signature).toBe(t.staff);
    expect(r.text).not.toContain(cookieTokenOf(t.staff));
    const login = await t.server.request("POST", "/api/auth/login", { body: { username: "staff", password: DEMO_PASSWORD } });
    expect(login.text).not.toContain(cookieTokenOf(login.body.data.signature));
  });

  it("gives a key login (ticket) session the same two halves", async () => {
    const ticket = (await t.server.request("POST", "/api/auth/homepage/actions/getTicket?type=openKey", { token: t.staff })).body.data.ticket;
    const r = await t.server.request("POST", "/api/auth/homepage/actions/keyLogin", { body: { key: ticket } });
    expect(r.status).toBe(200);
    const signature = r.body.data.signature;
    const token = cookieTokenOf(signature)!;
    expect(token).toBeTruthy();
    expect(token).not.toBe(signature);
    expect(await t.server.count("sessions", "token_hash = $1 and signature_hash = $2", [sha256(token), sha256(signature)])).toBe(1);
    expect((await list({ signature })).status).toBe(401);
    expect((await list({ cookie: cookie(token) })).status).toBe(401);
    expect((await list({ cookie: cookie(token), signature })).status).toBe(200);
  });

  it("ends nothing on GET logout without the marker (another site's link): 403, cookie kept, session alive", async () => {
    const signature = await t.server.login("staff");
    const before = await t.server.count("operation_logs", "action = 'logout'");
    for (const method of ["GET", "HEAD"] as const) {
      const r = await t.server.request(method, "/api/system/homepage/web/logout", { token: signature, xhr: false });
      expect(r.status).toBe(403);
      if (method === "GET") expect(r.body).toEqual(NO_MARKER);
      expect(r.headers["set-cookie"]).toBeUndefined();
    }
    expect(await t.server.count("sessions", "token_hash = $1", [sha256(cookieTokenOf(signature)!)])).toBe(1);
    expect(await t.server.count("operation_logs", "action = 'logout'")).toBe(before);
    expect((await t.server.request("POST", "/api/system/communities/actions/pageList", { token: signature, body: {} })).status).toBe(200);

    const out = await t.server.request("GET", "/api/system/homepage/web/logout", { token: signature });
    expect(out.status).toBe(200);
    expect(await t.server.count("sessions", "token_hash = $1", [sha256(cookieTokenOf(signature)!)])).toBe(0);
  });

  it("ends nothing when the logout carries the cookie without the signature (it only clears the cookie)", async () => {
    const signature = await t.server.login("staff");
    const token = cookieTokenOf(signature)!;
    const r = await t.server.request("POST", "/proxyAuth/auth/homepage/actions/logout", { headers: { cookie: cookie(token) }, body: {} });
    expect(r.status).toBe(200);
    expect(await t.server.count("sessions", "token_hash = $1", [sha256(token)])).toBe(1);
    expect((await t.server.request("POST", "/api/system/communities/actions/pageList", { token: signature, body: {} })).status).toBe(200);
  });
});
