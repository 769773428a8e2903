// Sessions end for good (src/server/auth/session-end.ts): a password set through any path, a user
// disabled or deleted, its role, type or scope changed, or its role's codes changed end every session
// of the user (but the caller's current one when it acts on itself) and every ticket it has not used
// yet; enabling the user again revives nothing. A new password equal to the current one is refused
// with 新密码不能与当前密码相同 and nothing is written.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";

const UNCHANGED = "新密码不能与当前密码相同";
const unchanged = (field: string) => ({ code: 40001, message: UNCHANGED, data: { errors: [{ field, message: UNCHANGED }] }, success: false });

describe.each(backends)("sessions end for good (%s)", (backend) => {
  const t = useDemoServer(backend);
  let managerRoleId: number;
  let clerkRoleId: number;
  let otherRoleId: number;
  let n = 0;

  const alive = async (token: string) => (await t.server.request("GET", "/api/system/homepage/user", { token })).status === 200;
  const ticketOf = async (token: string) => (await t.server.request("POST", "/api/auth/homepage/actions/getTicket?type=openKey", { token })).body.data.ticket as string;
  const keyLogin = (key: string) => t.server.request("POST", "/api/auth/homepage/actions/keyLogin", { body: { key } });
  const unusedTickets = (userId: number) => t.server.count("tickets", "user_id = $1 and used_at is null", [userId]);
  const hashOf = async (id: number) => (await t.server.db.query<{ password_hash: string }>("select password_hash from users where id = $1", [id])).rows[0].password_hash;

  /** A new user (made by the main account) with two sessions and an unused ticket. */
  async function user(body: Record<string, unknown> = {}) {
    const username = `ender${++n}`;
    const password = `Ender-Pass-${n}x7`;
    const r = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username, password, roleId: clerkRoleId, ...body } });
    expect(r.status, r.text).toBe(200);
    const [one, two] = [await t.server.sessionFor(username), await t.server.sessionFor(username)];
    const ticket = await ticketOf(one);
    return { id: Number(r.body.data.id), username, password, one, two, ticket };
  }

  beforeAll(async () => {
    const role = async (name: string, authorities: string[]) => Number((await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name, authorities } })).body.data.id);
    managerRoleId = await role("会话用户管理", ["HBL03001", "HBL03003", "HBL01001"]);
    clerkRoleId = await role("会话职员", ["HBL01001", "HBL01003"]);
    otherRoleId = await role("会话其他", ["HBL01001"]);
  });

  it("modifyPassword ends the other sessions and the unused tickets, and keeps the caller's session", async () => {
    const u = await user();
    const r = await t.server.request("POST", "/api/system/homepage/modifyPassword", { token: u.one, body: { oldPassword: u.password, newPassword: "Ender-New-Pass-1" } });
    expect(r.status, r.text).toBe(200);
    expect(await alive(u.one)).toBe(true);
    expect(await alive(u.two)).toBe(false);
    // A ticket minted before the change opens nothing after it.
    expect((await keyLogin(u.ticket)).body).toMatchObject({ code: 40103, message: "密钥无效或已过期" });
    expect(await unusedTickets(u.id)).toBe(0);
  });

  it("modifyPassword refuses the current password as the new one, writing nothing", async () => {
    const u = await user();
    const before = await hashOf(u.id);
    const r = await t.server.request("POST", "/api/system/homepage/modifyPassword", { token: u.one, body: { oldPassword: u.password, newPassword: u.password } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(unchanged("newPassword"));
    expect(await hashOf(u.id)).toBe(before);
    expect(await alive(u.two)).toBe(true);
    expect(await unusedTickets(u.id)).toBe(1);
  });

  it("the forced first change refuses the password the administrator set", async () => {
    const username = `firstpw${++n}`;
    const password = "First-Pass-8812";
    await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username, password } });
    const token = await t.server.login(username, password, { firstSignIn: true });
    const r = await t.server.request("POST", "/api/system/homepage/modifyPassword", { token, body: { oldPassword: password, newPassword: password } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(unchanged("newPassword"));
    expect(await t.server.count("users", "username = $1 and must_change_password", [username])).toBe(1);
    const changed = await t.server.request("POST", "/api/system/homepage/modifyPassword", { token, body: { oldPassword: password, newPassword: "First-Pass-8813" } });
    expect(changed.status).toBe(200);
  });

  it("a password set on 编辑 ends every session and unused ticket of that user", async () => {
    const u = await user();
    const r = await t.server.request("PUT", `/api/system/users/${u.id}`, { token: t.admin, body: { password: "Reset-By-Admin-5" } });
    expect(r.status, r.text).toBe(200);
    expect(await alive(u.one)).toBe(false);
    expect(await alive(u.two)).toBe(false);
    expect((await keyLogin(u.ticket)).status).toBe(400);
    expect(await alive(t.admin)).toBe(true);
  });

  it("a password set on 编辑 for oneself keeps only the caller's current session", async () => {
    const u = await user({ roleId: managerRoleId });
    const r = await t.server.request("PUT", `/api/system/users/${u.id}`, { token: u.one, body: { password: "Own-Edit-Pass-6" } });
    expect(r.status, r.text).toBe(200);
    expect(await alive(u.one)).toBe(true);
    expect(await alive(u.two)).toBe(false);
    expect(await unusedTickets(u.id)).toBe(0);
  });

  it("编辑 refuses the password the user has already (checked against the stored hash), writing nothing", async () => {
    const u = await user();
    const before = await hashOf(u.id);
    const r = await t.server.request("PUT", `/api/system/users/${u.id}`, { token: t.admin, body: { password: u.password, realName: "不变" } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(unchanged("password"));
    expect(await hashOf(u.id)).toBe(before);
    expect(await t.server.count("users", "id = $1 and real_name is null", [u.id])).toBe(1);
    expect(await alive(u.one)).toBe(true);
  });

  it("disabling a user ends its sessions and tickets; enabling it again revives nothing", async () => {
    const u = await user();
    expect((await t.server.request("PUT", `/api/system/users/${u.id}`, { token: t.admin, body: { enabled: false } })).status).toBe(200);
    expect(await alive(u.one)).toBe(false);
    expect((await t.server.request("PUT", `/api/system/users/${u.id}`, { token: t.admin, body: { enabled: true } })).status).toBe(200);
    expect(await alive(u.one)).toBe(false);
    expect(await alive(u.two)).toBe(false);
    expect((await keyLogin(u.ticket)).status).toBe(400);
    expect(await t.server.count("sessions", "user_id = $1", [u.id])).toBe(0);
  });

  it("deleting a user removes its sessions and tickets", async () => {
    const u = await user();
    expect((await t.server.request("DELETE", `/api/system/users/${u.id}`, { token: t.admin })).status).toBe(200);
    expect(await t.server.count("sessions", "user_id = $1", [u.id])).toBe(0);
    expect(await t.server.count("tickets", "user_id = $1", [u.id])).toBe(0);
  });

  it("a changed role or scope ends the user's sessions; saving the form unchanged does not", async () => {
    const u = await user();
    const same = await t.server.request("PUT", `/api/system/users/${u.id}`, { token: t.admin, body: { roleId: clerkRoleId, communityIds: [], realName: "王五" } });
    expect(same.status, same.text).toBe(200);
    expect(await alive(u.one)).toBe(true);
    expect((await t.server.request("PUT", `/api/system/users/${u.id}`, { token: t.admin, body: { roleId: otherRoleId } })).status).toBe(200);
    expect(await alive(u.one)).toBe(false);
    expect(await alive(u.two)).toBe(false);
    expect((await keyLogin(u.ticket)).status).toBe(400);

    const again = await t.server.sessionFor(u.username);
    expect((await t.server.request("PUT", `/api/system/users/${u.id}`, { token: t.admin, body: { communityIds: [t.ids.communityA] } })).status).toBe(200);
    expect(await alive(again)).toBe(false);
  });

  it("a role's changed codes end every holder's sessions and tickets; a changed description does not", async () => {
    const [a, b] = [await user({ roleId: otherRoleId }), await user({ roleId: otherRoleId })];
    const bystander = await user();
    expect((await t.server.request("PUT", `/api/system/characters/${otherRoleId}`, { token: t.admin, body: { description: "说明" } })).status).toBe(200);
    expect(await alive(a.one)).toBe(true);
    expect((await t.server.request("PUT", `/api/system/characters/${otherRoleId}`, { token: t.admin, body: { authorities: ["HBL01001", "HBL01003"] } })).status).toBe(200);
    for (const token of [a.one, a.two, b.one, b.two]) expect(await alive(token)).toBe(false);
    expect(await unusedTickets(a.id)).toBe(0);
    expect(await unusedTickets(b.id)).toBe(0);
    expect(await alive(bystander.one)).toBe(true);
    // The same codes in another order are no change.
    const c = await t.server.sessionFor(a.username);
    expect((await t.server.request("PUT", `/api/system/characters/${otherRoleId}`, { token: t.admin, body: { authorities: ["HBL01003", "HBL01001"] } })).status).toBe(200);
    expect(await alive(c)).toBe(true);
  });
});
