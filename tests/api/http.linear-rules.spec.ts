// Every rule's patterns run in linear time: near-miss values (a long run of characters a pattern
// takes, then one that breaks it, the input that makes a backtracking pattern explode) are checked in
// a few milliseconds at a field's length and at 100 000 characters, and a long near-miss email sent to
// the server is refused at once while /healthz keeps answering.
import { beforeAll, describe, expect, it } from "vitest";
import { rules } from "../../generated/rules.ts";
import { resources } from "../../generated/resources.ts";
import { checkRule } from "../../src/common/validate.ts";
import { fillParams } from "../../src/common/validation-run.ts";
import { backends } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";

const LONG = 100_000;
const RULE_CHECK_MS = 50;
const HEALTH_MS = 200;

/** `unit` repeated up to `length` characters in all, then `breaker`. */
const nearMiss = (head: string, unit: string, breaker: string, length: number) => {
  const n = Math.max(1, Math.floor((length - head.length - breaker.length) / unit.length));
  return head + unit.repeat(n) + breaker;
};

/** Runs the kinds of the schemas' patterns take (digits, decimals, letters, CJK, addresses, links), each broken at its end. */
const NEAR_MISSES: [head: string, unit: string, breaker: string][] = [
  ["", "1", "x"],
  ["-", "1", "x"],
  ["1.", "1", "x"],
  ["", "0", "."],
  ["", "1.", "x"],
  ["", "1,", "x"],
  ["", "a", "!"],
  ["", "aA1", "@"],
  ["", "好", "😀"],
  ["", "a ", "\u0001"],
  ["a@", "a.", " "],
  ["a@", "a", " "],
  ["", "a@", "."],
  ["http://", "a", " "],
  ["http://", "/", "\\"],
  ["/", "a/", " "],
  ["", "/", "\\"],
];

const patterned = Object.entries(rules).filter(([, r]) => r.checks.some((c) => c.kind === "pattern" || c.kind === "notPattern"));

/** The lengths a rule's values are tried at: every field's maximum using it, the rule's own, and LONG. */
function lengthsOf(name: string): number[] {
  const rule = rules[name];
  const own = rule.checks.filter((c) => c.kind === "maxLength").map((c) => Number(fillParams(String(c.value), rule.params)));
  const fields = resources.flatMap((r) => r.fields.filter((f) => f.rule === name && f.maxLength !== undefined).map((f) => f.maxLength!));
  return [...new Set([...own, ...fields, LONG])].sort((a, b) => a - b);
}

/** Milliseconds one call takes, the best of three: a backtracking check is slow every time, a pause of the machine only once. */
function timed(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe("every rule with a pattern checks a near-miss in linear time", () => {
  it.each(patterned.map(([name]) => [name]))("%s", (name) => {
    checkRule(name, "warm-up");
    const slow: string[] = [];
    for (const length of lengthsOf(name)) {
      for (const [head, unit, breaker] of NEAR_MISSES) {
        const value = nearMiss(head, unit, breaker, length);
        const ms = timed(() => checkRule(name, value));
        if (ms > RULE_CHECK_MS) slow.push(`${JSON.stringify(head + unit)}… at ${value.length} characters: ${ms.toFixed(1)} ms`);
      }
    }
    expect(slow).toEqual([]);
  });

  it("the old email pattern would have been slow on the same near-miss (the measure sees backtracking)", () => {
    const old = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
    expect(timed(() => old.test(nearMiss("a@", "a.", " ", 20_000)))).toBeGreaterThan(timed(() => checkRule("email", nearMiss("a@", "a.", " ", 20_000))));
  });
});

describe.each(backends)("a long near-miss email sent to the server (%s)", (backend) => {
  const t = useDemoServer(backend);
  // The first create loads what the route needs once; the polling measures the checks, not that.
  beforeAll(async () => {
    await t.server.request("POST", "/api/system/inhabitants", { token: t.admin, body: { name: "线性校验", phone: "1", roomId: t.ids.roomA, communityId: t.ids.communityA } });
  });

  /** Sends the inhabitant with this email while asking /healthz every few milliseconds; the reply and the slowest health answer. */
  async function createWhilePolling(email: string) {
    const body = { name: "线性校验", phone: "13800000000", roomId: t.ids.roomA, communityId: t.ids.communityA, email };
    let done = false;
    const health: number[] = [];
    const poll = (async () => {
      while (!done) {
        const start = performance.now();
        const r = await t.server.request("GET", "/healthz", { xhr: false });
        expect(r.status).toBe(200);
        health.push(performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const started = performance.now();
    const reply = await t.server.request("POST", "/api/system/inhabitants", { token: t.admin, body });
    const ms = performance.now() - started;
    done = true;
    await poll;
    return { reply, ms, slowestHealth: Math.max(0, ...health) };
  }

  it("refuses an email over the field's length by its length, at once, /healthz answering meanwhile", async () => {
    for (const length of [2_000, 20_000, 160_000]) {
      const { reply, ms, slowestHealth } = await createWhilePolling(nearMiss("a@", "a.", " ", length));
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, message: "邮箱不能超过64个字符", data: { errors: [{ field: "email", message: "邮箱不能超过64个字符" }] } });
      expect(slowestHealth, `/healthz during the ${length}-character email`).toBeLessThanOrEqual(HEALTH_MS);
      expect(ms).toBeLessThan(2_000);
    }
  });

  it("refuses a near-miss within the length with the rule's message", async () => {
    const { reply } = await createWhilePolling(nearMiss("a@", "a.", " ", 64));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message: "请输入正确的邮箱", data: { errors: [{ field: "email", message: "请输入正确的邮箱" }] } });
  });
});
