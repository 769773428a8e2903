// The residents' sign-in (src/server/residents/codes.ts, docs/residents.md): a code sent by the
// built-in provider is read from the outbox (listSmsOutbox) and signs in; the code table keeps only
// its hash; a code expires after 5 minutes and allows 5 tries (the 6th is refused even when right);
// sending is limited per phone and per address; trying per phone.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { residentCookieOf, useResidentsServer } from "./support.ts";
import { SMS_MAX_SENDS_PER_ADDRESS } from "../../../src/server/residents/settings.ts";

const INVALID = { code: 40104, message: "验证码错误或已过期", data: null, success: false };
const TOO_MANY_TRIES = { code: 42903, message: "验证码错误次数过多，请重新获取验证码", data: null, success: false };
const TOO_OFTEN = { code: 42902, message: "验证码发送过于频繁，请稍后再试", data: null, success: false };

describe.each(backends)("residents' sign-in by phone and SMS code (%s)", (backend) => {
  const t = useResidentsServer(backend);
  /** A code other than the right one. */
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  it("sends a 6-digit code to the outbox, stores it hashed only, and the code read there signs in with the resident cookie", async () => {
    const phone = "13800000101";
    const sent = await t.sendCode(phone);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toEqual({ code: 0, message: "验证码已发送", data: null, success: true });
    const code = await t.codeFromOutbox(phone);
    expect(code).toMatch(/^\d{6}$/);
    const outbox = await t.server.request("GET", `/api/system/smsOutbox/actions/latest?phone=${phone}`, { token: t.admin });
    expect(outbox.body.data.list[0].content).toMatch(/^【.+】您的登录验证码为\d{6}，5分钟内有效，请勿泄露给他人。$/);
    // The code table holds no code: its hash and salt only.
    const { rows } = await t.server.db.query<Record<string, unknown>>("select * from sms_codes where phone = $1", [phone]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(code);
    // Another tenant's administrator does not see tenant A's outbox.
    const other = await t.server.request("GET", `/api/system/smsOutbox/actions/latest?phone=${phone}`, { token: t.admin2 });
    expect(other.body.data.list).toEqual([]);

    const r = await t.login(phone, code);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ tenantId: t.ids.tenantA, phone, roomCount: 0 });
    const cookie = [r.headers["set-cookie"]]
      .flat()
      .map(String)
      .find((c) => c.startsWith("neptune_resident="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/h5\//);
    const rooms = await t.asResident(residentCookieOf(r), "GET", "/api/h5/rooms");
    expect(rooms.status, rooms.text).toBe(200);
    // A code signs in once.
    expect((await t.login(phone, code)).body).toEqual(INVALID);
  });

  it("refuses an unknown tenant, a malformed phone and a malformed code with their messages", async () => {
    const unknown = await t.sendCode("13800000102", "10.9.1.1", 999_999);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 40105, message: "物业服务未开通，请联系物业", success: false });
    const badPhone = await t.sendCode("2380000010", "10.9.1.1");
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe("请输入正确的手机号");
    const badCode = await t.login("13800000102", "12ab56");
    expect(badCode.status).toBe(400);
    expect(badCode.body.message).toBe("验证码为6位数字");
    const noCode = await t.server.request("POST", "/api/h5/auth/login", { body: { tenantId: t.ids.tenantA, phone: "13800000102" } });
    expect(noCode.body.message).toBe("请输入验证码");
  });

  it("an expired code is refused", async () => {
    const phone = "13800000103";
    await t.sendCode(phone, "10.9.2.1");
    const code = await t.codeFromOutbox(phone);
    await t.server.db.query("update sms_codes set created_at = created_at - interval '6 minutes', expires_at = now() - interval '1 minute' where phone = $1", [phone]);
    const r = await t.login(phone, code, "10.9.2.1");
    expect(r.status).toBe(400);
    expect(r.body).toEqual(INVALID);
  });

  it("brute force: five wrong tries, then the sixth is refused even with the right code", async () => {
    const phone = "13800000104";
    await t.sendCode(phone, "10.9.3.1");
    const code = await t.codeFromOutbox(phone);
    for (let i = 0; i < 5; i++) {
      const r = await t.login(phone, wrong(code), "10.9.3.1");
      expect(r.status).toBe(400);
      expect(r.body).toEqual(INVALID);
    }
    const sixth = await t.login(phone, code, "10.9.3.1");
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual(TOO_MANY_TRIES);
  });

  it("tries and sends made at once are counted one by one: five tries at most, one code a minute", async () => {
    const phone = "13800000108";
    const sends = await Promise.all(Array.from({ length: 4 }, (_, i) => t.sendCode(phone, `10.9.9.${i + 1}`)));
    expect(sends.map((r) => r.status).sort()).toEqual([200, 429, 429, 429]);
    const code = await t.codeFromOutbox(phone);
    const tries = await Promise.all(Array.from({ length: 9 }, (_, i) => t.login(phone, wrong(code), `10.9.10.${i + 1}`)));
    expect(tries.filter((r) => r.status === 400)).toHaveLength(5);
    expect(tries.filter((r) => r.status === 429).map((r) => r.body)).toEqual(Array.from({ length: 4 }, () => TOO_MANY_TRIES));
    expect((await t.login(phone, code, "10.9.10.99")).status).toBe(429);
  });

  it("tries of one phone from many addresses are capped, the right code too", async () => {
    const phone = "13800000105";
    for (let round = 0; round < 2; round++) {
      await t.server.db.query("update sms_codes set created_at = created_at - interval '2 minutes' where phone = $1", [phone]);
      expect((await t.sendCode(phone, `10.9.4.${round + 1}`)).status).toBe(200);
      const code = await t.codeFromOutbox(phone);
      for (let i = 0; i < 5; i++) expect((await t.login(phone, wrong(code), `10.9.5.${round * 5 + i + 1}`)).status).toBe(400);
    }
    await t.server.db.query("update sms_codes set created_at = created_at - interval '2 minutes' where phone = $1", [phone]);
    await t.sendCode(phone, "10.9.4.9");
    const locked = await t.login(phone, await t.codeFromOutbox(phone), "10.9.5.99");
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 42904, message: "验证码尝试过于频繁，请稍后再试", success: false });
  });

  it("sending too often is refused: twice a minute for a phone, and past the limit for an address", async () => {
    const phone = "13800000106";
    expect((await t.sendCode(phone, "10.9.6.1")).status).toBe(200);
    const again = await t.sendCode(phone, "10.9.6.2");
    expect(again.status).toBe(429);
    expect(again.body).toEqual(TOO_OFTEN);
    // One address, many phones.
    for (let i = 0; i < SMS_MAX_SENDS_PER_ADDRESS; i++) expect((await t.sendCode(`1390000${String(i).padStart(4, "0")}`, "10.9.7.1")).status).toBe(200);
    const over = await t.sendCode("13900009999", "10.9.7.1");
    expect(over.status).toBe(429);
    expect(over.body).toEqual(TOO_OFTEN);
    expect((await t.sendCode("13900009999", "10.9.7.2")).status).toBe(200);
  });

  it("a resident signs out: its cookie is no session afterwards", async () => {
    const cookie = await t.signIn("13800000107", "10.9.8.1");
    expect((await t.asResident(cookie, "POST", "/api/h5/auth/logout", {})).status).toBe(200);
    expect((await t.asResident(cookie, "GET", "/api/h5/rooms")).status).toBe(401);
  });
});
