// Login limits without lock-out (src/server/auth/login-throttle.ts): an address that failed too often
// for a username is locked for it (429), an address that failed too often overall for every
// username; a username that failed too often from all addresses together is locked for every address
// but its known ones (that signed in for it before), so guesses are capped, simultaneous ones too, and
// its owner still gets in. The counts live in the database (login_attempts), so every server sees the
// failures another recorded: the rows of a many-address attack are written here the way a server
// writes them.
import { describe, expect, it } from "vitest";
import { backends, DEMO_PASSWORD } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";
import { LOGIN_MAX_FAILURES_PER_ADDRESS, LOGIN_MAX_FAILURES_PER_USER, LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS } from "../../src/server/platform/session/settings.ts";

const LOCKED = { code: 42901, message: "登录尝试过于频繁，请稍后再试", data: null, success: false };

describe.each(backends)("login limits without lock-out (%s)", (backend) => {
  const t = useDemoServer(backend);
  const login = (username: string, password: string, ip: string) => t.server.request("POST", "/api/auth/login", { ip, body: { username, password } });
  const createUser = async (username: string, password: string) => expect((await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username, password } })).status).toBe(200);
  /** Failures of a username as servers record them, one per address. */
  const recordFailures = (username: string, addresses: string[]) => t.server.db.query("insert into login_attempts (username_key, ip) select $1, a from unnest($2::text[]) as a", [username, addresses]);
  /** Guesses at a username from as many addresses, all sent at once; the answers' statuses, counted. */
  const guessAtOnce = async (username: string, addresses: string[]) => {
    const answers = await Promise.all(addresses.map((ip, i) => login(username, `guess-${i}-password`, ip)));
    for (const a of answers) if (a.status === 429) expect(a.body).toEqual(LOCKED);
    return { failed: answers.filter((a) => a.status === 400).length, locked: answers.filter((a) => a.status === 429).length };
  };
  const addresses = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}.${i + 1}`);

  it("locks an address that failed 5 times for a username, for that username only", async () => {
    await createUser("pairlock", "Pair-Lock-Pass-1");
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS; i++) expect((await login("pairlock", `guess-${i}-password`, "10.1.0.1")).status).toBe(400);
    const locked = await login("pairlock", "Pair-Lock-Pass-1", "10.1.0.1");
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(LOCKED);
    expect((await login("admin", DEMO_PASSWORD, "10.1.0.1")).status).toBe(200);
    expect((await login("pairlock", "Pair-Lock-Pass-1", "10.1.0.2")).status).toBe(200);
  });

  it("caps guesses at a username from all addresses together, simultaneous ones too, without checking the password", async () => {
    await createUser("capped", "Capped-Pass-77");
    expect(await guessAtOnce("capped", addresses("10.2.0", 25))).toEqual({ failed: LOGIN_MAX_FAILURES_PER_USER, locked: 25 - LOGIN_MAX_FAILURES_PER_USER });
    // Refused attempts are not counted (nor checked): the right password from a fresh address is refused too.
    const counted = await t.server.db.query<{ n: number }>("select count(*)::int as n from login_attempts where username_key = 'capped'");
    expect(counted.rows[0].n).toBe(LOGIN_MAX_FAILURES_PER_USER);
    const right = await login("capped", "Capped-Pass-77", "192.0.2.20");
    expect(right.status).toBe(429);
    expect(right.body).toEqual(LOCKED);
    // A username nobody has is capped and answered the same way.
    expect(await guessAtOnce("nobody-here", addresses("10.2.1", 25))).toEqual({ failed: LOGIN_MAX_FAILURES_PER_USER, locked: 25 - LOGIN_MAX_FAILURES_PER_USER });
    expect((await login("nobody-here", "Capped-Pass-77", "192.0.2.21")).body).toEqual(LOCKED);
  });

  it("lets the owner in during the cap from an address that signed in for the username before", async () => {
    await createUser("victim", "Victim-Pass-55");
    const home = "192.0.2.10";
    expect((await login("victim", "Victim-Pass-55", home)).status).toBe(200);
    await recordFailures("victim", addresses("10.3.0", 40));
    expect((await login("victim", "Victim-Pass-55", "192.0.2.11")).status).toBe(429);

    const owner = await login("victim", "Victim-Pass-55", home);
    expect(owner.status, owner.text).toBe(200);
    expect((await t.server.request("GET", "/api/system/homepage/user", { token: owner.body.data.signature })).body.data.username).toBe("victim");
    // An address stays known for 30 days after its last success.
    await t.server.db.query("update login_known_addresses set signed_in_at = signed_in_at - interval '31 days' where username_key = 'victim'");
    expect((await login("victim", "Victim-Pass-55", home)).status).toBe(429);
  });

  it("opens a capped username again once its failures are older than the window", async () => {
    await createUser("reopen", "Reopen-Pass-88");
    expect((await guessAtOnce("reopen", addresses("10.4.0", 12))).locked).toBe(2);
    expect((await login("reopen", "Reopen-Pass-88", "192.0.2.30")).status).toBe(429);
    await t.server.db.query("update login_attempts set attempted_at = attempted_at - interval '16 minutes' where username_key = 'reopen'");
    expect((await login("reopen", "Reopen-Pass-88", "192.0.2.30")).status).toBe(200);
  });

  it("locks nothing for a few failures", async () => {
    await createUser("typo", "Typo-Pass-1234");
    for (let i = 0; i < 3; i++) expect((await login("typo", `typo-${i}-password`, "10.6.0.1")).status).toBe(400);
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
