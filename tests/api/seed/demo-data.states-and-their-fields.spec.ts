// The demo data agrees with the state rules (src/server/seed/state-fields.ts): for every resource with
// actions, a row carries only the fields the steps that may have led to its state write (a 待派单 repair
// has no 完成时间, a 待处理 suggestion no reply) and those every way there writes (a 已完成 repair its
// 处理结果 and 完成时间); the history of repairs and suggestions names people, never ids; the counter's items
// are not priced as 装修押金. Then the actions themselves: a suggestion keeps a timeline like a repair, and the
// 派单 note and the timeline name the person (姓名), not a login name or an id.
import { describe, expect, it } from "vitest";
import { resources, resourceByName } from "../../../generated/resources.ts";
import { stateProblems, stateRules } from "../../../src/server/seed/state-fields.ts";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

interface HistoryEntry {
  action: string;
  from: string | number;
  to: string | number;
  name?: string;
  username?: string;
  note?: string;
  at: string;
}

describe.each(backends)("demo data and its states (%s)", (backend) => {
  const t = useDemoServer(backend);

  it("has no row that contradicts its state, in any resource with actions", async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const def of resources) {
      const rules = stateRules(def);
      if (!rules) continue;
      const fields = def.fields.filter((f) => f.name === rules.stateField || rules.managed.has(f.name));
      const columns = fields.map((f) => `"${f.column}" as "${f.name}"`).join(", ");
      const { rows } = await t.server.db.query<Record<string, unknown>>(`select id, ${columns} from "${def.table}" where tenant_id = any($1::bigint[]) order by id`, [[t.ids.tenantA, t.ids.tenantB]]);
      for (const row of rows) {
        checked++;
        for (const p of stateProblems(def, rules, row)) problems.push(`${def.name} #${String(row.id)} (${rules.stateField} ${String(row[rules.stateField])}): ${p}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  it("rules out the contradictions the issue names", () => {
    const repairs = stateRules(resourceByName.repairs)!;
    expect(stateProblems(resourceByName.repairs, repairs, { status: 1, finishTime: "2026-01-01T00:00:00Z" })).toEqual(["has finishTime (完成时间)"]);
    expect(stateProblems(resourceByName.repairs, repairs, { status: 4, assigneeId: 1, assignTime: "x", finishTime: "x" })).toEqual(["lacks result (处理结果)"]);
    const suggestions = stateRules(resourceByName.suggestions)!;
    expect(stateProblems(resourceByName.suggestions, suggestions, { status: 1, reply: "好的" })).toEqual(["has reply (回复内容)"]);
    expect(stateProblems(resourceByName.suggestions, suggestions, { status: 3, reply: "好的", replierId: 1, replyTime: "x" })).toEqual([]);
  });

  it("keeps a history for every handled repair and suggestion, one step per action, naming people", async () => {
    for (const [table, initial] of [
      ["repairs", 1],
      ["suggestions", 1],
    ] as const) {
      const { rows } = await t.server.db.query<{ id: number; status: number; history: HistoryEntry[] | null }>(`select id, status, history from ${table} where tenant_id = any($1::bigint[])`, [
        [t.ids.tenantA, t.ids.tenantB],
      ]);
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) {
        const history = row.history ?? [];
        if (row.status === initial) expect(history, `${table} #${row.id}`).toEqual([]);
        else {
          expect(history.length, `${table} #${row.id}`).toBeGreaterThan(0);
          expect(String(history.at(-1)!.to)).toBe(String(row.status));
        }
        for (const e of history) {
          expect(e.name, `${table} #${row.id}`).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
          expect(e.note ?? "", `${table} #${row.id}`).not.toMatch(/：\d+($|；)/);
          expect(Date.parse(e.at)).toBeLessThanOrEqual(Date.now());
        }
      }
    }
  });

  it("prices the counter's items (停车卡工本费, 证明开具费, 钥匙押金) as what they are, not as 装修押金", async () => {
    const { rows } = await t.server.db.query<{ item: string; price: string; method: number }>(
      `select i.name as item, p.name as price, p.pricing_method as method from payment_items i join price_types p on p.tenant_id = i.tenant_id and p.id = i.price_type_id
        where i.tenant_id = $1 and i.name in ('停车卡工本费', '证明开具费', '钥匙押金')`,
      [t.ids.tenantA],
    );
    expect(new Set(rows.map((r) => r.item))).toEqual(new Set(["停车卡工本费", "证明开具费", "钥匙押金"]));
    for (const r of rows) {
      expect(r.price).toBe(r.item);
      expect(Number(r.method)).toBe(2);
    }
  });

  it("gives a suggestion a timeline and names the 派单 person by 姓名, in the note and the timeline", async () => {
    const { rows: staff } = await t.server.db.query<{ id: number; real_name: string }>("select id, real_name from users where tenant_id = $1 and username = 'staff'", [t.ids.tenantA]);
    const { rows: waiting } = await t.server.db.query<{ id: number }>("select id from repairs where tenant_id = $1 and status = 1 order by id limit 1", [t.ids.tenantA]);
    const assigned = await t.server.request("POST", `/api/property/repairs/${waiting[0].id}/actions/assign`, { token: t.admin, body: { assigneeId: staff[0].id } });
    expect(assigned.status).toBe(200);
    expect(assigned.body.message).toBe("已派单");
    expect(assigned.body.data.assigneeIdLabel).toBe(staff[0].real_name);
    const step = (assigned.body.data.history as HistoryEntry[]).at(-1)!;
    expect(step).toMatchObject({ action: "assign", name: "张明", username: "admin", note: `处理人：${staff[0].real_name}` });

    // A user without a 姓名 is named by its 用户名 (never by its id).
    const created = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "noname01", password: "Noname-Pass-2024", roleId: null } });
    expect(created.status).toBe(200);
    const { rows: next } = await t.server.db.query<{ id: number }>("select id from repairs where tenant_id = $1 and status = 1 order by id limit 1", [t.ids.tenantA]);
    const byLogin = await t.server.request("POST", `/api/property/repairs/${next[0].id}/actions/assign`, { token: t.admin, body: { assigneeId: created.body.data.id } });
    expect(byLogin.body.data.assigneeIdLabel).toBe("noname01");
    expect((byLogin.body.data.history as HistoryEntry[]).at(-1)!.note).toBe("处理人：noname01");

    const { rows: open } = await t.server.db.query<{ id: number }>("select id from suggestions where tenant_id = $1 and status = 1 order by id limit 1", [t.ids.tenantA]);
    const id = open[0].id;
    expect((await t.server.request("POST", `/api/property/suggestions/${id}/actions/accept`, { token: t.admin })).body.message).toBe("已受理");
    const replied = await t.server.request("POST", `/api/property/suggestions/${id}/actions/reply`, { token: t.admin, body: { reply: "已安排快递柜选址" } });
    expect(replied.status).toBe(200);
    expect(replied.body.data.replierIdLabel).toBe("张明");
    expect((replied.body.data.history as HistoryEntry[]).map((e) => [e.action, String(e.from), String(e.to), e.name, e.note])).toEqual([
      ["accept", "1", "2", "张明", undefined],
      ["reply", "2", "3", "张明", "回复内容：已安排快递柜选址"],
    ]);
    const detail = await t.server.request("GET", `/api/property/suggestions/${id}`, { token: t.admin });
    expect(detail.body.data.history).toHaveLength(2);
  });
});
