// Two app servers on one PostgreSQL database, each with its session cache: a session revoked through
// one (logout, password change or reset, its role's codes changed, its user disabled) is refused by the other
// within 1 s, although the other had just served it from its cache. PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorage, DEMO_PASSWORD, startServer, type Storage, type TestServer } from "./support/server.ts";

describe.skipIf(!process.env.TEST_DATABASE_URL)("session revocation across servers (postgres)", () => {
  let storage: Storage;
  let a: TestServer;
  let b: TestServer;
  let staffId: number;
  let roleId: number;

  beforeAll(async () => {
    storage = await createStorage("postgres");
    a = await startServer(storage);
    b = await startServer(storage);
    const { rows } = await a.db.query<{ id: number; role_id: number }>("select id, role_id from users where username = 'staff'");
    [staffId, roleId] = [Number(rows[0].id), Number(rows[0].role_id)];
  });
  afterAll(async () => {
    await a?.close().catch(() => undefined);
    await b?.close().catch(() => undefined);
    await storage?.dispose();
  });

  const rooms = (server: TestServer, token: string) => server.request("POST", "/api/system/rooms/actions/pageList", { token, body: { pageSize: 10 } });

  /** Warms server b's cache with the token, runs the change on a, and returns how long b kept answering 200. */
  async function refusedWithin(token: string, change: () => Promise<void>, refused: (r: Awaited<ReturnType<typeof rooms>>) => boolean): Promise<number> {
    expect((await rooms(b, token)).status).toBe(200);
    expect((await rooms(b, token)).status).toBe(200); // now from b's cache
    await change();
    const since = Date.now();
    while (Date.now() - since < 3000) {
      if (refused(await rooms(b, token))) return Date.now() - since;
      await new Promise((r) => setTimeout(r, 20));
    }
    return Infinity;
  }
  const notLoggedIn = (r: { status: number; body: unknown }) => r.status === 401 && (r.body as { code?: number } | null)?.code === 401;

  it("logout on one server", async () => {
    const token = await a.login("staff");
    const ms = await refusedWithin(token, async () => void expect((await a.request("POST", "/proxyAuth/auth/homepage/actions/logout", { token })).status).toBe(200), notLoggedIn);
    expect(ms).toBeLessThan(1000);
  });

  it("a password change ends the user's other sessions on every server", async () => {
    const [keep, other] = [await a.login("staff"), await a.login("staff")];
    const ms = await refusedWithin(
      other,
      async () => {
        const r = await a.request("POST", "/api/system/homepage/modifyPassword", { token: keep, body: { oldPassword: DEMO_PASSWORD, newPassword: "Demo-Test-2025" } });
        expect(r.status).toBe(200);
      },
      notLoggedIn,
    );
    expect(ms).toBeLessThan(1000);
    expect((await rooms(b, keep)).status).toBe(200);
    await a.db.query("update users set password_hash = (select password_hash from users where username = 'admin' limit 1) where id = $1", [staffId]);
  });

  it("a role's codes changed", async () => {
    const token = await a.login("staff");
    const admin = await a.login("admin");
    const ms = await refusedWithin(
      token,
      async () => {
        expect((await a.request("PUT", `/api/system/characters/${roleId}`, { token: admin, body: { authorities: ["HBL01001"] } })).status).toBe(200);
      },
      notLoggedIn, // the holders' sessions end (auth/session-end.ts)
    );
    expect(ms).toBeLessThan(1000);
    // The codes back for the next tests (this too ends staff's sessions).
    await a.request("PUT", `/api/system/characters/${roleId}`, { token: admin, body: { authorities: ["HBL01001", "HBL01003", "HBL01005"] } });
  });

  it("a password set on 编辑 (and the user's unused tickets)", async () => {
    const token = await a.login("staff");
    const admin = await a.login("admin");
    const ticket = (await a.request("POST", "/api/auth/homepage/actions/getTicket?type=openKey", { token })).body.data.ticket as string;
    const ms = await refusedWithin(
      token,
      async () => {
        expect((await a.request("PUT", `/api/system/users/${staffId}`, { token: admin, body: { password: "Reset-On-Edit-38" } })).status).toBe(200);
      },
      notLoggedIn,
    );
    expect(ms).toBeLessThan(1000);
    expect((await b.request("POST", "/api/auth/homepage/actions/keyLogin", { body: { key: ticket } })).status).toBe(400);
    await a.db.query("update users set password_hash = (select password_hash from users where username = 'admin' limit 1), must_change_password = false where id = $1", [staffId]);
  });

  it("a user disabled", async () => {
    const token = await a.login("staff");
    const admin = await a.login("admin");
    const ms = await refusedWithin(
      token,
      async () => {
        expect((await a.request("PUT", `/api/system/users/${staffId}`, { token: admin, body: { enabled: false } })).status).toBe(200);
      },
      notLoggedIn,
    );
    expect(ms).toBeLessThan(1000);
  });
});
