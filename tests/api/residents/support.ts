// What the residents' suites share: a demo server, and a resident signed in the way the app does it
// (sendSmsCode, the code read from the built-in provider's outbox with listSmsOutbox, residentLogin).
import { expect } from "vitest";
import type { BackendName, Reply } from "../support/server.ts";
import { XHR } from "../support/server.ts";
import { useDemoServer, type DemoServer } from "../support/demo.ts";

export interface ResidentsContext extends DemoServer {
  /** A resident's call: its cookie alone (no staff cookie, no signature). */
  asResident(cookie: string | null, method: "GET" | "POST", url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  sendCode(phone: string, ip?: string, tenantId?: number): Promise<Reply>;
  /** The code of the newest outbox message to the phone, as an administrator of tenant A (or B) reads it. */
  codeFromOutbox(phone: string, admin?: string): Promise<string>;
  login(phone: string, code: string, ip?: string, tenantId?: number): Promise<Reply>;
  /** Sends a code (a minute after the phone's last one), reads it from the outbox and signs in: the resident's cookie token. */
  signIn(phone: string, ip?: string): Promise<string>;
}

/** The neptune_resident token of a Set-Cookie answer. */
export function residentCookieOf(reply: Reply): string {
  const cookies = [reply.headers["set-cookie"] ?? []].flat().map(String);
  const line = cookies.find((c) => c.startsWith("neptune_resident="));
  if (!line) throw new Error(`no resident cookie in ${reply.status} ${reply.text}`);
  return line.slice("neptune_resident=".length).split(";")[0];
}

export function useResidentsServer(backend: BackendName): ResidentsContext {
  const t = useDemoServer(backend) as ResidentsContext;
  t.asResident = async (cookie, method, url, body, headers = {}) => {
    const r = await t.server.app.inject({
      method,
      url,
      headers: { ...XHR, ...(cookie ? { cookie: `neptune_resident=${cookie}` } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: r.statusCode, body: r.json(), headers: r.headers, text: r.body };
  };
  t.sendCode = (phone, ip = "10.9.0.1", tenantId = t.ids.tenantA) => t.server.request("POST", "/api/h5/auth/smsCode", { ip, body: { tenantId, phone } });
  t.codeFromOutbox = async (phone, admin = t.admin) => {
    const r = await t.server.request("GET", `/api/system/smsOutbox/actions/latest?phone=${phone}`, { token: admin });
    expect(r.status, r.text).toBe(200);
    const text: string = r.body.data.list[0]?.content ?? "";
    const code = /验证码为(\d{6})/.exec(text)?.[1];
    if (!code) throw new Error(`no code for ${phone} in ${r.text}`);
    return code;
  };
  t.login = (phone, code, ip = "10.9.0.1", tenantId = t.ids.tenantA) => t.server.request("POST", "/api/h5/auth/login", { ip, body: { tenantId, phone, code } });
  t.signIn = async (phone, ip = "10.9.0.1") => {
    // Signing in again: as if the minute between two codes of a phone had passed.
    await t.server.db.query("update sms_codes set created_at = created_at - interval '2 minutes' where phone = $1", [phone]);
    const sent = await t.sendCode(phone, ip);
    expect(sent.status, sent.text).toBe(200);
    const r = await t.login(phone, await t.codeFromOutbox(phone), ip);
    expect(r.status, r.text).toBe(200);
    return residentCookieOf(r);
  };
  return t;
}
