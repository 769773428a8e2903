// The password policy (auth/password-policy.ts: rule `password` and the common-password list), the
// self-describing scrypt hash format (auth/password.ts) and the pure parts of the login limits
// (auth/login-throttle.ts: how addresses are counted).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isCommonPassword, passwordProblem } from "../../../src/server/auth/password-policy.ts";
import { hashPassword, needsRehash, passwordCost, SCRYPT_COST, verifyPassword } from "../../../src/server/auth/password.ts";
import { addressKey } from "../../../src/server/auth/login-throttle.ts";
import { messages } from "../../../generated/errors.ts";
import { DEMO_PASSWORD } from "../../support/demo-password.ts";

const WEAK = { N: 1024, r: 8, p: 1 };

describe("password policy", () => {
  test("refuses the most common passwords, whatever their case, with the catalogue's message", () => {
    expect(messages.passwordTooCommon).toBe("密码过于常见，容易被猜中，请换一个更复杂的密码");
    for (const p of ["12345678", "password", "qwertyui", "11111111", "Password", "PASSWORD1", "QwErTyUiOp", "iloveyou", "1qaz2wsx"]) {
      expect(isCommonPassword(p), p).toBe(true);
      expect(passwordProblem(p), p).toBe(messages.passwordTooCommon);
    }
  });

  test("checks the rule first (8 to 32 characters), common or not", () => {
    expect(passwordProblem("1234")).toBe("密码长度为8到32位");
    expect(passwordProblem("abc")).toBe("密码长度为8到32位");
    expect(passwordProblem("x".repeat(33))).toBe("密码长度为8到32位");
  });

  test("accepts passwords that are not on the list, the tests' demo password among them", () => {
    for (const p of [DEMO_PASSWORD, "Demo-Test-2025", "Rare-Words-Here-7", "correct horse battery staple", "小区物业管理2024"]) {
      expect(isCommonPassword(p), p).toBe(false);
      expect(passwordProblem(p), p).toBeNull();
    }
  });
});

describe("password hashes", () => {
  // At the real cost: the suite's low test cost (vitest.config.ts) is set aside for these tests.
  const testCost = process.env.NEPTUNE_TEST_SCRYPT_N;
  beforeAll(() => void delete process.env.NEPTUNE_TEST_SCRYPT_N);
  afterAll(() => {
    if (testCost !== undefined) process.env.NEPTUNE_TEST_SCRYPT_N = testCost;
  });

  test("uses the real cost everywhere but in a test run that asks for a lower N (a power of two from 2^10 below 2^17)", () => {
    expect(passwordCost({ NODE_ENV: "production", NEPTUNE_TEST_SCRYPT_N: "1024" })).toEqual(SCRYPT_COST);
    expect(passwordCost({ NEPTUNE_TEST_SCRYPT_N: "1024" })).toEqual(SCRYPT_COST);
    expect(passwordCost({ NODE_ENV: "test" })).toEqual(SCRYPT_COST);
    expect(passwordCost({ NODE_ENV: "test", NEPTUNE_TEST_SCRYPT_N: "1024" })).toEqual({ N: 1024, r: 8, p: 1 });
    for (const bad of ["512", "1000", "262144", "131072", "x", "-1024"]) expect(passwordCost({ NODE_ENV: "test", NEPTUNE_TEST_SCRYPT_N: bad }), bad).toEqual(SCRYPT_COST);
  });

  test("are made at the OWASP cost and say so: scrypt$N$r$p$salt$key", async () => {
    expect(SCRYPT_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const hash = await hashPassword("Some-Pass-123");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("Some-Pass-123", hash)).toBe(true);
    expect(await verifyPassword("Some-Pass-124", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(await hashPassword("Some-Pass-123")).not.toBe(hash); // a salt of its own
  });

  test("of an older, weaker cost still verify and are marked for rehashing", async () => {
    const old = await hashPassword("Old-Pass-123", WEAK);
    expect(old).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("Old-Pass-123", old)).toBe(true);
    expect(await verifyPassword("old-pass-123", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(old.replace("$1024$", "$16384$"))).toBe(true);
  });

  test("a missing, foreign or unreasonable hash never verifies (and is not run at its asked cost)", async () => {
    const good = await hashPassword("Any-Pass-123", WEAK);
    const [, , r, p, salt, key] = good.split("$");
    // Each check costs one hash at today's cost (an unknown user takes as long as a wrong password).
    for (const stored of [null, "plain", `bcrypt$1024$${r}$${p}$${salt}$${key}`, `scrypt$1000$${r}$${p}$${salt}$${key}`, `scrypt$${2 ** 24}$${r}$${p}$${salt}$${key}`]) {
      expect(await verifyPassword("Any-Pass-123", stored), String(stored)).toBe(false);
      expect(needsRehash(stored)).toBe(false);
    }
  });
});

describe("login limits", () => {
  test("counts IPv4 addresses as they are and IPv6 ones by their /64", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:7:1::1")).toBe("2001:db8:7:1::/64");
    expect(addressKey("2001:0db8:0007:0001:ffff:1:2:3")).toBe("2001:db8:7:1::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("2001:DB8:7:2::1")).toBe("2001:db8:7:2::/64");
    expect(addressKey("2001:db8:7:1::1")).not.toBe(addressKey("2001:db8:7:2::1"));
  });
});
