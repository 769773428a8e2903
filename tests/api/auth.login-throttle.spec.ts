// Login limits without lock-out (src/server/auth/login-throttle.ts): an address that failed too often
// for a username is locked for it (429), an address that failed too often overall for every
// username; failures for a username spread over many addresses only slow its logins down (a capped
// delay) and never lock its owner out of a login from an address that has not failed. The counts live
// in the database (login_attempts), so every server sees the failures another recorded: the rows of a
// many-address attack are written here the way a server writes them.
import { describe, expect, it } from "vitest";
import { backends, DEMO_PASSWORD } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";
import { loginDelayMs } from "../../src/server/auth/login-throttle.ts";
import { LOGIN_MAX_FAILURES_PER_ADDRESS, LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS, LOGIN_SLOWDOWN_MAX_MS } from "../../src/server/auth/settings.ts";

const LOCKED = { code: 42901, message: "登录尝试过于频繁，请稍后再试", data: null, success: false };
/** Timers may fire a hair early as Date.now() sees them. */
const SLACK_MS = 50;

describe.each(backends)("login limits without lock-out (%s)", (backend) => {
  const t = useDemoServer(backend);
  const login = (username: string, password: string, ip: string) => t.server.request("POST", "/api/auth/login", { ip, body: { username, password } });
  const createUser = async (username: string, password: string) => expect((await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username, password } })).status).toBe(200);
  /** Failures of a username as servers record them, one per address. */
  const recordFailures = (username: string, addresses: string[]) => t.server.db.query("insert into login_attempts (username_key, ip) select $1, a from unnest($2::text[]) as a", [username, addresses]);

  it("locks an address that failed 5 times for a username, for that username only", async () => {
    await createUser("pairlock", "Pair-Lock-Pass-1");
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS; i++) expect((await login("pairlock", `guess-${i}-password`, "10.1.0.1")).status).toBe(400);
    const locked = await login("pairlock", "Pair-Lock-Pass-1", "10.1.0.1");
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(LOCKED);
    expect((await login("admin", DEMO_PASSWORD, "10.1.0.1")).status).toBe(200);
    expect((await login("pairlock", "Pair-Lock-Pass-1", "10.1.0.2")).status).toBe(200);
  });

  it("lets the owner sign in from an address that has not failed while the attacker's addresses are slowed down and locked", async () => {
    await createUser("victim", "Victim-Pass-55");
    const attacker = "10.2.0.1";
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS; i++) expect((await login("victim", `guess-${i}-password`, attacker)).status).toBe(400);
    // Forty more addresses failed for the username (far past the old per-username lock of 20).
    await recordFailures(
      "victim",
      Array.from({ length: 40 }, (_, i) => `10.3.0.${i + 1}`),
    );
    const delay = loginDelayMs(LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS + 40);
    expect(delay).toBe(LOGIN_SLOWDOWN_MAX_MS);

    // Another address of the attacker is answered, but only after the (capped) delay.
    let started = Date.now();
    expect((await login("victim", "guess-x-password", "10.4.0.1")).status).toBe(400);
    expect(Date.now() - started).toBeGreaterThanOrEqual(delay - SLACK_MS);

    // The attacking address stays locked for the username, even with the right password.
    const locked = await login("victim", "Victim-Pass-55", attacker);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(LOCKED);

    // The owner, from an address that has not failed, gets in (after the same delay), and the session works.
    started = Date.now();
    const owner = await login("victim", "Victim-Pass-55", "192.0.2.10");
    expect(owner.status, owner.text).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(delay - SLACK_MS);
    expect((await t.server.request("GET", "/api/system/homepage/user", { token: owner.body.data.signature })).body.data.username).toBe("victim");
    // Its success forgets only its own address's failures: the attacker's address stays locked.
    expect((await login("victim", "Victim-Pass-55", attacker)).status).toBe(429);
  });

  it("does not slow a username down for a few failures", async () => {
    await createUser("typo", "Typo-Pass-1234");
    for (let i = 0; i < 3; i++) expect((await login("typo", `typo-${i}-password`, "10.6.0.1")).status).toBe(400);
    expect(loginDelayMs(3)).toBe(0);
    expect((await login("typo", "Typo-Pass-1234", "10.6.0.1")).status).toBe(200);
  });

  it("locks an address that failed 50 times, whatever the usernames, for every username", async () => {
    await t.server.db.query("insert into login_attempts (username_key, ip) select 'nobody' || i, '10.5.0.1' from generate_series(1, $1::int) as i", [LOGIN_MAX_FAILURES_PER_ADDRESS]);
    const r = await login("admin", DEMO_PASSWORD, "10.5.0.1");
    expect(r.status).toBe(429);
    expect(r.body).toEqual(LOCKED);
    expect((await login("admin", DEMO_PASSWORD, "10.5.0.2")).status).toBe(200);
  });

  it("counts an IPv6 address by its /64: rotating inside it is one address", async () => {
    await createUser("sixuser", "Six-User-Pass-6");
    for (let i = 1; i <= LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS; i++) expect((await login("sixuser", `guess-${i}-password`, `2001:db8:7:1::${i}`)).status).toBe(400);
    expect((await login("sixuser", "Six-User-Pass-6", "2001:db8:7:1:ffff::99")).status).toBe(429);
    expect((await login("sixuser", "Six-User-Pass-6", "2001:db8:7:2::1")).status).toBe(200);
  });
});
