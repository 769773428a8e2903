// Demo rows that agree with their state. A resource's `actions` (schemas/modules/*.yaml) say which
// step writes which field: its inputs, `byField` (who) and `atField` (when). So a row in some state
// can only carry what the steps that may have led there wrote (a 待派单 repair has no 完成时间, a 待处理
// suggestion no reply), and must carry what every way there wrote (a 已完成 repair has its 处理结果 and
// 完成时间). `stateRules` reads that from the schema; `alignWithState` makes a demo row obey it: the
// fields no step on the way could have written are removed, the missing ones filled along the
// fullest way from the initial state (times after the row's own time, never in the future, the
// acting users picked from the tenant's), and the history field, when the resource keeps one, gets
// an entry per step as the action route writes it (crud/actions.ts). The demo-data test checks every
// seeded row against the same rules (tests/api/seed/demo-data.states-and-their-fields.spec.ts).
import type { ActionDef, FieldDef, ResourceDef } from "../../../generated/model-types.ts";
import { mappingLabel } from "../../common/mappings.ts";
import { scalarText } from "../../common/scalar-text.ts";
import type { ResourceInput } from "../crud/row.ts";
import type { JsonObject } from "../platform/db/row.ts";

interface StateRules {
  stateField: string;
  /** The state a new row starts in (the state field's default). */
  initial: string;
  /** Fields only the actions write (read-only or not on the form). */
  managed: Set<string>;
  /** Per state reachable from the initial one: the managed fields it may carry and those it must. */
  states: Map<string, { allowed: Set<string>; required: Set<string>; way: ActionDef[] }>;
}

const text = (v: unknown) => scalarText(v);

/** The fields an action writes (besides the state). */
function fieldsWrittenBy(action: ActionDef): string[] {
  return [...action.inputs, ...(action.byField ? [action.byField] : []), ...(action.atField ? [action.atField] : [])];
}

/** The states reachable from `start` through the actions (leaving `without` out). */
function reachable(actions: readonly ActionDef[], start: string, without?: ActionDef): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    const s = queue.shift()!;
    for (const a of actions) {
      if (a === without || !a.from.map(text).includes(s)) continue;
      const to = text(a.to);
      if (seen.has(to)) continue;
      seen.add(to);
      queue.push(to);
    }
  }
  return seen;
}

/** The longest way (list of actions, no state twice) from `start` to `goal`: the row's fullest life (受理 before 回复). */
function fullestWay(actions: readonly ActionDef[], start: string, goal: string): ActionDef[] {
  let best: ActionDef[] = [];
  const walk = (state: string, visited: Set<string>, way: ActionDef[]) => {
    if (state === goal) {
      if (way.length > best.length) best = [...way];
      return;
    }
    for (const a of actions) {
      const to = text(a.to);
      if (!a.from.map(text).includes(state) || visited.has(to)) continue;
      visited.add(to);
      walk(to, visited, [...way, a]);
      visited.delete(to);
    }
  };
  walk(start, new Set([start]), []);
  return best;
}

/** The rules of a resource with actions (null without). */
export function stateRules(def: ResourceDef): StateRules | null {
  const spec = def.actions;
  if (!spec) return null;
  const actions = spec.list;
  const stateField = def.fields.find((f) => f.name === spec.stateField);
  if (!stateField || stateField.default === undefined || stateField.default === null) return null;
  const initial = text(stateField.default);
  const onlyActions = (f: FieldDef | undefined) => !!f && f.name !== spec.stateField && (f.readOnly || !f.form);
  const managed = new Set(actions.flatMap(fieldsWrittenBy).filter((name) => onlyActions(def.fields.find((f) => f.name === name))));
  const fromInitial = reachable(actions, initial);
  const states: StateRules["states"] = new Map();
  for (const state of fromInitial) {
    // A step may have happened on the way to `state`: it starts from a state reachable from the
    // initial one and `state` is reachable from where it ends.
    const possible = actions.filter((a) => a.from.map(text).some((f) => fromInitial.has(f)) && reachable(actions, text(a.to)).has(state));
    // A step happened on every way there: without it `state` cannot be reached.
    const necessary = state === initial ? [] : actions.filter((a) => !reachable(actions, initial, a).has(state));
    const allowed = new Set(possible.flatMap(fieldsWrittenBy).filter((n) => managed.has(n)));
    const required = new Set(necessary.flatMap((a) => [...a.required, ...(a.byField ? [a.byField] : []), ...(a.atField ? [a.atField] : [])]).filter((n) => managed.has(n)));
    states.set(state, { allowed, required, way: fullestWay(actions, initial, state) });
  }
  return { stateField: spec.stateField, initial, managed, states };
}

const blank = (v: unknown) => v === undefined || v === null || v === "";

/** What the rules find wrong with a row (empty: it agrees with its state). */
export function stateProblems(def: ResourceDef, rules: StateRules, row: Record<string, unknown>): string[] {
  const state = rules.states.get(text(row[rules.stateField]));
  if (!state) return [];
  const label = (name: string) => def.fields.find((f) => f.name === name)?.label ?? name;
  const problems: string[] = [];
  for (const name of rules.managed) if (!state.allowed.has(name) && !blank(row[name])) problems.push(`has ${name} (${label(name)})`);
  for (const name of state.required) if (blank(row[name])) problems.push(`lacks ${name} (${label(name)})`);
  return problems;
}

export interface DemoUser {
  id: number;
  username: string;
  realName: string | null;
}

interface AlignContext {
  now: Date;
  /** A user of the row's tenant to act (offset varies the choice). */
  user(offset: number): DemoUser | undefined;
  /** A user by id, for the history's notes. */
  userById(id: number): DemoUser | undefined;
  /** A demo value for a field an action asks for and the template left empty. */
  value(field: FieldDef): unknown;
}

const HOUR = 3600 * 1000;

/** The row's own time (the first required date-time the create form sets: 报修时间, 提交时间 …). */
function rowTime(def: ResourceDef, body: ResourceInput, managed: Set<string>, now: Date): number {
  const field = def.fields.find((f) => f.type === "datetime" && f.required && !managed.has(f.name) && typeof body[f.name] === "string");
  const at = field ? Date.parse(body[field.name] as string) : NaN;
  return Number.isFinite(at) && at < now.getTime() - HOUR ? at : now.getTime() - 2 * 24 * HOUR;
}

/** The row made to agree with its state (see the header); the body is changed in place and returned. */
export function alignWithState(def: ResourceDef, body: ResourceInput, ctx: AlignContext): ResourceInput {
  const rules = stateRules(def);
  if (!rules) return body;
  const state = rules.states.get(text(body[rules.stateField] ?? rules.initial));
  if (!state) return body;
  for (const name of rules.managed) if (!state.allowed.has(name)) delete body[name];

  const field = (name: string) => def.fields.find((f) => f.name === name);
  const start = rowTime(def, body, rules.managed, ctx.now);
  const span = ctx.now.getTime() - start;
  const history: JsonObject[] = [];
  let from = rules.initial;
  for (const [i, action] of state.way.entries()) {
    const at = new Date(start + Math.min(span * ((i + 1) / (state.way.length + 1)), (i + 1) * 4 * HOUR));
    if (action.atField) body[action.atField] = at.toISOString();
    const actor = ctx.user(i);
    if (action.byField && blank(body[action.byField]) && actor) body[action.byField] = actor.id;
    for (const name of action.required) {
      const f = field(name);
      if (f && blank(body[name])) {
        const v = f.type === "ref" && f.ref?.resource === "users" ? ctx.user(i + 1)?.id : ctx.value(f);
        if (v !== undefined) body[name] = v as ResourceInput[string];
      }
    }
    const notes = action.inputs
      .filter((name) => !blank(body[name]))
      .map((name) => {
        const f = field(name)!;
        const v = body[name];
        const shown = f.mapping ? mappingLabel(f.mapping, v as string | number) : f.type === "ref" && f.ref?.resource === "users" ? personOf(ctx.userById(Number(v))) : text(v);
        return `${f.label}：${shown}`;
      });
    const by = action.byField && !blank(body[action.byField]) ? ctx.userById(Number(body[action.byField])) : actor;
    history.push({
      action: action.name,
      label: action.label,
      from,
      to: action.to,
      ...(by ? { userId: by.id, username: by.username, name: personOf(by) } : {}),
      at: at.toISOString(),
      ...(notes.length ? { note: notes.join("；") } : {}),
    });
    from = text(action.to);
  }
  const historyField = def.actions?.historyField;
  if (historyField) body[historyField] = history;
  return body;
}

const personOf = (u: DemoUser | undefined) => (u ? u.realName?.trim() || u.username : "-");
