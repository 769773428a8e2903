// Community scope inside a tenant: a user limited to one community, holding every code, sees and
// touches only that community, whatever it asks for. Every community-scoped resource of the schemas
// is tried: its list (with and without another community's id), a row of another community by id
// (read, update, delete, actions: 404, nothing changed), create there (the 403 marker); the picker
// reads offer only the allowed community; grants stay within the grantor's scope.
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "../../../generated/resources.ts";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

const scoped = resources.filter((r) => r.scope === "community");
const marker = (message: string) => ({ code: 403, status: 403, message, data: null, success: false });

describe.each(backends)("a user limited to one community (%s)", (backend) => {
  const t = useDemoServer(backend);
  let token: string;
  let allowed: number;
  let other: number;
  let scene: string;
  let forbidden: ReturnType<typeof marker>;

  beforeAll(async () => {
    const tenant = t.ids.tenantA;
    const communities = (await t.server.db.query<{ id: number }>("select id from communities where tenant_id = $1 order by id", [tenant])).rows.map((r) => Number(r.id));
    expect(communities.length).toBeGreaterThan(1);
    [allowed, other] = [communities[0], communities[1]];
    scene = (await t.server.db.query<{ scene_name: string }>("select scene_name from tenants where id = $1", [tenant])).rows[0].scene_name;
    forbidden = marker(`无权访问该${scene}`);
    const all = (await t.server.request("GET", "/api/system/homepage/user", { token: t.admin })).body.data.authorities.map((a: { code: string }) => a.code);
    const role = await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name: "单社区全权", authorities: all } });
    expect(role.status).toBe(200);
    const user = await t.server.request("POST", "/api/system/users", {
      token: t.admin,
      body: { username: "scoped1", password: "Scoped-Pass-8812", roleId: role.body.data.id, communityIds: [allowed] },
    });
    expect(user.status).toBe(200);
    expect(user.body.data.communityIds).toEqual([allowed]);
    token = await t.server.login("scoped1", "Scoped-Pass-8812");
  });

  it("gets only its community from the picker reads and as the current community", async () => {
    const list = await t.server.request("GET", "/api/system/communities?areaId=1", { token });
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([allowed]);
    const tree = await t.server.request("POST", "/api/system/communities/actions/findCommunityTree", { token, body: {} });
    const ids: number[] = [];
    const walk = (nodes: { id: number; type: string; children: never[] }[]) => nodes.forEach((n) => (n.type === "community" ? ids.push(n.id) : walk(n.children)));
    walk(tree.body.data);
    expect(ids).toEqual([allowed]);
    // A requested or remembered community outside the scope falls back to the allowed one.
    const me = await t.server.request("GET", `/api/system/homepage/user?communityId=${other}`, { token });
    expect(me.body.data.communityId).toBe(allowed);
    const recent = await t.server.request("POST", "/api/system/recentCommunity/actions/setRecentCommunityList", { token, body: { communityIds: [other, allowed] } });
    expect(recent.body.data.recentList.map((c: { communityId: number }) => c.communityId)).toEqual([allowed]);
  });

  it("lists only rows of its community from every community-scoped resource, and is refused another community's list", async () => {
    const leaks: string[] = [];
    for (const r of scoped) {
      const url = `/api/${r.service}/${r.name}/actions/pageList`;
      const mine = await t.server.request("POST", url, { token, body: { pageNo: 1, pageSize: 500 } });
      expect(mine.status, `${r.name} list`).toBe(200);
      for (const row of mine.body.data.list as { communityId: number }[]) if (row.communityId !== allowed) leaks.push(`${r.name}: row of community ${row.communityId}`);
      const theirs = await t.server.request("POST", url, { token, body: { pageNo: 1, pageSize: 10, communityId: other } });
      if (theirs.status !== 401 || JSON.stringify(theirs.body) !== JSON.stringify(forbidden)) leaks.push(`${r.name}: another community's list answered ${theirs.status} ${theirs.text.slice(0, 80)}`);
    }
    expect(leaks).toEqual([]);
    expect(scoped.length).toBeGreaterThan(20);
  });

  it("finds no row of another community by id: read, update, delete and actions answer 404 and change nothing", async () => {
    const wrong: string[] = [];
    let tried = 0;
    for (const r of scoped) {
      const { rows } = await t.server.db.query<{ id: number; version: number }>(`select id, version from ${r.table} where tenant_id = $1 and community_id = $2 order by id limit 1`, [
        t.ids.tenantA,
        other,
      ]);
      if (!rows[0]) continue;
      tried++;
      const id = Number(rows[0].id);
      const base = `/api/${r.service}/${r.name}/${id}`;
      const calls: [string, "GET" | "PUT" | "DELETE" | "POST", unknown][] = [
        ["read", "GET", undefined],
        ["update", "PUT", {}],
        ["delete", "DELETE", undefined],
        ...(r.actions?.list ?? []).map((a) => [a.name, "POST", {}] as [string, "POST", unknown]),
      ];
      for (const [what, method, body] of calls) {
        const url = what === "read" || what === "update" || what === "delete" ? base : `${base}/actions/${what}`;
        if (r.readOnly && (what === "update" || what === "delete")) continue;
        const reply = await t.server.request(method, url, { token, body });
        if (reply.status !== 404) wrong.push(`${r.name} ${what}: ${reply.status} ${reply.text.slice(0, 80)}`);
      }
      const after = await t.server.db.query<{ version: number }>(`select version from ${r.table} where id = $1`, [id]);
      if (after.rows[0]?.version !== rows[0].version) wrong.push(`${r.name}: the row changed`);
    }
    expect(wrong).toEqual([]);
    expect(tried).toBeGreaterThan(10);
  });

  it("lists and opens only its own community on the communities' screen", async () => {
    const def = resources.find((r) => r.name === "communities")!;
    const list = await t.server.request("POST", `/api/${def.service}/communities/actions/pageList`, { token, body: { pageNo: 1, pageSize: 100 } });
    expect(list.body.data.list.map((c: { id: number }) => c.id)).toEqual([allowed]);
    expect((await t.server.request("GET", `/api/${def.service}/communities/${other}`, { token })).status).toBe(404);
    expect((await t.server.request("PUT", `/api/${def.service}/communities/${other}`, { token, body: { name: "改名" } })).status).toBe(404);
    expect((await t.server.request("GET", `/api/${def.service}/communities/${allowed}`, { token })).status).toBe(200);
  });

  it("is refused creating a row in another community, before its input is read", async () => {
    const wrong: string[] = [];
    for (const r of scoped.filter((x) => !x.readOnly)) {
      const reply = await t.server.request("POST", `/api/${r.service}/${r.name}`, { token, body: { communityId: other } });
      if (JSON.stringify(reply.body) !== JSON.stringify(forbidden)) wrong.push(`${r.name}: ${reply.status} ${reply.text.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("hands out only communities of its own scope when it manages users, and cannot touch a wider account", async () => {
    const exceeds = marker(`不能分配超出自身管理范围的${scene}`);
    const everywhere = await t.server.request("POST", "/api/system/users", { token, body: { username: "scopedchild1", password: "Child-Pass-88123" } });
    expect(everywhere.body).toEqual(exceeds);
    const elsewhere = await t.server.request("POST", "/api/system/users", { token, body: { username: "scopedchild2", password: "Child-Pass-88123", communityIds: [other] } });
    expect(elsewhere.body).toEqual(exceeds);
    expect(await t.server.count("users", "username like 'scopedchild%'")).toBe(0);
    const within = await t.server.request("POST", "/api/system/users", { token, body: { username: "scopedchild3", password: "Child-Pass-88123", communityIds: [allowed] } });
    expect(within.status).toBe(200);
    const wide = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "wideclerk1", password: "Wide-Pass-88123" } });
    const touch = await t.server.request("PUT", `/api/system/users/${wide.body.data.id}`, { token, body: { realName: "李四" } });
    expect(touch.body).toEqual(marker("不能修改或删除权限超出自身的账号"));
  });

  it("reads the operation log of its own communities and the tenant-level entries, never another community's", async () => {
    for (const id of [allowed, other]) {
      const row = await t.server.request("GET", `/api/system/communities/${id}`, { token: t.admin });
      const saved = await t.server.request("PUT", `/api/system/communities/${id}`, { token: t.admin, body: { name: row.body.data.name } });
      expect(saved.status).toBe(200);
    }
    const url = "/api/management/operationLogs/actions/pageList";
    const all = await t.server.request("POST", url, { token: t.admin, body: { pageNo: 1, pageSize: 500 } });
    const seen = (list: { communityId: number | null }[]) => new Set(list.map((e) => e.communityId));
    expect([...seen(all.body.data.list)]).toEqual(expect.arrayContaining([null, allowed, other]));
    const mine = await t.server.request("POST", url, { token, body: { pageNo: 1, pageSize: 500 } });
    expect(seen(mine.body.data.list)).toEqual(new Set([null, allowed]));
    expect(mine.text).not.toContain(`"communityId":${other}`);
    const theirs = all.body.data.list.find((e: { communityId: number | null }) => e.communityId === other);
    expect((await t.server.request("GET", `/api/management/operationLogs/${theirs.id}`, { token })).status).toBe(404);
    const filtered = await t.server.request("POST", url, { token, body: { pageNo: 1, pageSize: 10, communityId: other } });
    expect(filtered.body.data.list).toEqual([]);
  });

  it("refuses a scope naming a community that is not the tenant's", async () => {
    const reply = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "badscope1", password: "Bad-Scope-88123", communityIds: [t.ids.communityB] } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(`管理范围中有不存在的${scene}`);
  });
});
