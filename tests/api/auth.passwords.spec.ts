// Passwords (src/server/auth/password-policy.ts, password.ts): the most common ones are refused
// wherever a password is set — a user created or updated, the own password changed — with
// 密码过于常见，容易被猜中，请换一个更复杂的密码, case-insensitively, and nothing is written; a
// password stored at an older, weaker scrypt cost is stored again at today's on its next login.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";
import { hashPassword, SCRYPT_COST, verifyPassword } from "../../src/server/auth/password.ts";

const TOO_COMMON = "密码过于常见，容易被猜中，请换一个更复杂的密码";
const COMMON = ["12345678", "password", "qwertyui", "11111111", "PassWord1", "QWERTYUIOP"];

describe.each(backends)("password policy and hashing (%s)", (backend) => {
  const t = useDemoServer(backend);
  const storedHash = async (username: string) => (await t.server.db.query<{ password_hash: string }>("select password_hash from users where username = $1", [username])).rows[0].password_hash;

  it("refuses a common password when a user is created, and creates nothing", async () => {
    const users = await t.server.count("users");
    for (const [i, password] of COMMON.entries()) {
      const r = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: `commonpw${i}`, password } });
      expect(r.status, password).toBe(400);
      expect(r.body).toEqual({ code: 40001, message: TOO_COMMON, data: { errors: [{ field: "password", message: TOO_COMMON }] }, success: false });
    }
    expect(await t.server.count("users")).toBe(users);
    const ok = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "uncommonpw", password: "Rare-Words-Here-7" } });
    expect(ok.status).toBe(200);
  });

  it("refuses a common password when a user is updated, and keeps the old one", async () => {
    const u = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "updatepw", password: "Update-Pass-81" } });
    expect(u.status).toBe(200);
    const before = await storedHash("updatepw");
    for (const password of COMMON) {
      const r = await t.server.request("PUT", `/api/system/users/${u.body.data.id}`, { token: t.admin, body: { password } });
      expect(r.status, password).toBe(400);
      expect(r.body).toMatchObject({ code: 40001, message: TOO_COMMON, data: { errors: [{ field: "password", message: TOO_COMMON }] } });
    }
    expect(await storedHash("updatepw")).toBe(before);
    expect((await t.server.request("POST", "/api/auth/login", { body: { username: "updatepw", password: "Update-Pass-81" } })).status).toBe(200);
  });

  it("refuses a common new password on modifyPassword (the old one still works, other sessions live)", async () => {
    await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "modifypw", password: "Modify-Pass-19" } });
    const token = await t.server.login("modifypw", "Modify-Pass-19");
    const other = await t.server.login("modifypw", "Modify-Pass-19");
    const before = await storedHash("modifypw");
    for (const newPassword of COMMON) {
      const r = await t.server.request("POST", "/api/system/homepage/modifyPassword", { token, body: { oldPassword: "Modify-Pass-19", newPassword } });
      expect(r.status, newPassword).toBe(400);
      expect(r.body).toEqual({ code: 40001, message: TOO_COMMON, data: { errors: [{ field: "newPassword", message: TOO_COMMON }] }, success: false });
    }
    expect(await storedHash("modifypw")).toBe(before);
    expect((await t.server.request("GET", "/api/system/homepage/user", { token: other })).status).toBe(200);
    const changed = await t.server.request("POST", "/api/system/homepage/modifyPassword", { token, body: { oldPassword: "Modify-Pass-19", newPassword: "Modify-Pass-20x" } });
    expect(changed.status).toBe(200);
  });

  // Hashing at the real cost: the suite's low test cost (vitest.config.ts) is set aside for these
  // tests only (the policy above is the same at any cost, and each hash at the real one is 0.7 s of a core).
  describe("at the real cost", () => {
    const testCost = process.env.NEPTUNE_TEST_SCRYPT_N;
    beforeAll(() => void delete process.env.NEPTUNE_TEST_SCRYPT_N);
    afterAll(() => {
      if (testCost !== undefined) process.env.NEPTUNE_TEST_SCRYPT_N = testCost;
    });

    it("stores hashes at today's cost, saying how they were made: scrypt$131072$8$1$salt$key", async () => {
      await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "costpw", password: "Cost-Pass-2024" } });
      const hash = await storedHash("costpw");
      expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      expect(SCRYPT_COST).toEqual({ N: 131072, r: 8, p: 1 });
    });

    it("stores an older, weaker hash again at today's cost on the next successful login, and only then", async () => {
      await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "rehashpw", password: "Rehash-Pass-33" } });
      const old = await hashPassword("Rehash-Pass-33", { N: 16384, r: 8, p: 1 });
      expect(old).toMatch(/^scrypt\$16384\$8\$1\$/);
      await t.server.db.query("update users set password_hash = $1 where username = 'rehashpw'", [old]);

      // A failed login changes nothing.
      expect((await t.server.request("POST", "/api/auth/login", { body: { username: "rehashpw", password: "Wrong-Pass-33" } })).status).toBe(400);
      expect(await storedHash("rehashpw")).toBe(old);

      expect((await t.server.request("POST", "/api/auth/login", { body: { username: "rehashpw", password: "Rehash-Pass-33" } })).status).toBe(200);
      const upgraded = await storedHash("rehashpw");
      expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(await verifyPassword("Rehash-Pass-33", upgraded)).toBe(true);

      expect((await t.server.request("POST", "/api/auth/login", { body: { username: "rehashpw", password: "Rehash-Pass-33" } })).status).toBe(200);
      expect(await storedHash("rehashpw")).toBe(upgraded);
    });
  });
});
