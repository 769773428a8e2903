// State transitions declared by a resource's `actions` (schemas/modules/*.yaml), for every such
// resource: POST /api/{service}/{name}/{id}/actions/{action} with the action's inputs as the body.
// In one transaction: the row is locked; its state must be one of the action's `from` states (else
// 409 ILLEGAL_STATE naming the state and the action); required inputs must be given and every input
// passes the resource's rules; then the state, the inputs, `byField` (the acting user) and `atField`
// (now) are written, the history field (when declared) gets {action, label, from, to, userId,
// username, name (the real name), at, note}, the operation log a row, and the resource's action hooks (hooks.ts; e.g. the
// room audit's approve creates the inhabitant) run inside the same transaction.
// The authority is the resource's code, like its other generic endpoints.
import { maskRow } from "./plain-text.ts";
import type { FastifyInstance } from "fastify";
import type { ActionDef, FieldDef } from "../../../generated/model-types.ts";
import { mappingLabel } from "../../common/mappings.ts";
import { resourceByName } from "../../../generated/resources.ts";
import { fillScene } from "../../common/validate.ts";
import { sessionPersonName } from "../platform/session/session-store.ts";
import type { Db, DbSession } from "../platform/db/types.ts";
import { apiError, ok, validationError } from "../platform/http/envelope.ts";
import { translateDbError } from "../platform/http/db-errors.ts";
import { resourceHooks, type ActionHookContext } from "./hooks.ts";
import type { ResourceModel } from "./model.ts";
import type { ResourceInput } from "./row.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import { assertInScope, findById, lockRow, type Actor, type Validate } from "./repository.ts";
import { ident } from "./sql.ts";
import { join, raw, sql } from "../platform/db/sql.ts";
import type { JsonObject } from "../platform/db/row.ts";
import { resourceRoute } from "../platform/http/resource-route.ts";
import type { ResourceRoute } from "../../../generated/resource-operations.ts";
import { castFor, toColumnValue } from "./values.ts";
import { scalarText } from "../../common/scalar-text.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

function requiredMessage(field: FieldDef, scene: string): string {
  const chosen = field.type === "ref" || field.mapping || field.type === "boolean";
  return fillScene(chosen ? fillMessage.fieldSelect({ label: field.label }) : fillMessage.fieldInput({ label: field.label }), scene);
}

/** "当前状态为“已完成”，不能派单" */
export function illegalStateMessage(model: ResourceModel, action: ActionDef, state: unknown): string {
  const field = model.def.fields.find((f) => f.name === model.def.actions!.stateField)!;
  const label = field.mapping ? mappingLabel(field.mapping, state as string | number | null) : scalarText(state);
  return fillMessage.illegalState({ state: label || "-", action: action.label });
}

/** What an input reads as in the note: a referenced row by its label (处理人：张工, not an id), a state by its mapping label. */
async function inputText(tx: DbSession, tenantId: number, field: FieldDef | undefined, value: unknown): Promise<string> {
  if (field?.mapping) return mappingLabel(field.mapping, value as string | number);
  const target = field?.ref ? resourceByName[field.ref.resource] : undefined;
  const labelField = target?.fields.find((f) => f.name === field!.ref!.labelField && f.type !== "secret");
  if (!target || !labelField) return scalarText(value);
  const fallback = target.fields.find((f) => f.name === field!.ref!.fallbackField);
  const { rows } = await tx.query<{ label: unknown; fallback: unknown }>(
    sql`select ${raw(ident(labelField.column))} as label, ${raw(fallback ? ident(fallback.column) : "null")} as fallback from ${raw(ident(target.table))} where tenant_id = ${tenantId} and id = ${Number(value)}`,
  );
  const row = rows[0];
  if (row && !isBlank(row.label)) return scalarText(row.label);
  return row && !isBlank(row.fallback) ? scalarText(row.fallback) : scalarText(value);
}

/** Short text of the inputs for the history and the log (a reason, a result, a score, the person assigned). */
async function noteOf(tx: DbSession, tenantId: number, model: ResourceModel, inputs: JsonObject): Promise<string | undefined> {
  const parts: string[] = [];
  for (const [name, v] of Object.entries(inputs)) {
    if (isBlank(v)) continue;
    const field = model.def.fields.find((f) => f.name === name);
    parts.push(`${field?.label ?? name}：${await inputText(tx, tenantId, field, v)}`);
  }
  return parts.length ? parts.join("；") : undefined;
}

export async function runAction(db: Db, model: ResourceModel, actor: Actor, id: number, action: ActionDef, body: ResourceInput, validate: Validate) {
  const { session } = actor;
  // An action with a code of its own (an approval: 收费审核) needs it besides the resource's.
  if (action.authority && !session.authorities.includes(action.authority)) throw apiError("NO_PERMISSION");
  await assertInScope(db, model, session, [id]);
  const def = model.def;
  const fieldOf = (name: string) => def.fields.find((f) => f.name === name)!;
  const stateField = fieldOf(def.actions!.stateField);

  const inputs: JsonObject = {};
  for (const name of action.inputs) {
    const v = body[name];
    if (v !== undefined) inputs[name] = typeof v === "string" ? v.trim() : v;
  }
  const missing = action.required.filter((name) => isBlank(inputs[name]));
  if (missing.length) throw validationError(missing.map((name) => ({ field: name, message: requiredMessage(fieldOf(name), session.sceneName) })));
  const errors = validate(def.name, "update", inputs, session.sceneName);
  if (errors.length) throw validationError(errors);

  const hooks = resourceHooks[def.name];
  try {
    return await db.transaction(async (tx) => {
      if (!(await lockRow(tx, model, session, id))) throw apiError("NOT_FOUND");
      const row = (await findById(tx, model, session.tenantId, id))!;
      const from = scalarText(row[stateField.name]);
      if (!action.from.includes(from)) throw apiError("ILLEGAL_STATE", { message: illegalStateMessage(model, action, from) });

      const columns = new Map<string, unknown>();
      for (const [name, value] of Object.entries(inputs)) columns.set(fieldOf(name).column, toColumnValue(fieldOf(name), value));
      columns.set(stateField.column, toColumnValue(stateField, action.to));
      if (action.byField) columns.set(fieldOf(action.byField).column, session.userId);
      const ctx: ActionHookContext = { tx, session, row, inputs, columns, note: await noteOf(tx, session.tenantId, model, inputs) };
      await hooks?.beforeAction?.[action.name]?.(ctx);

      const sets = [sql`version = version + 1`, sql`updated_at = now()`, sql`updated_by = ${session.userId}`];
      for (const [column, value] of columns) {
        const field = def.fields.find((f) => f.column === column);
        sets.push(sql`${raw(ident(column))} = ${castFor(field, value)}`);
      }
      if (action.atField) sets.push(sql`${raw(ident(fieldOf(action.atField).column))} = now()`);
      const historyField = def.actions!.historyField;
      if (historyField) {
        const entry = {
          action: action.name,
          label: action.label,
          from,
          to: action.to,
          userId: session.userId,
          username: session.username,
          // Who acted, as people read it (the timeline names people, not login names).
          name: sessionPersonName(session),
          at: new Date().toISOString(),
          ...(ctx.note ? { note: ctx.note } : {}),
        };
        const column = raw(ident(fieldOf(historyField).column));
        sets.push(sql`${column} = coalesce(${column}, '[]'::jsonb) || ${JSON.stringify([entry])}::jsonb`);
      }
      await tx.query(sql`update ${raw(model.table)} set ${join(sets, ", ")} where tenant_id = ${session.tenantId} and id = ${id}`);
      await hooks?.afterAction?.[action.name]?.({ ...ctx, id });
      await writeOperationLog(tx, {
        tenantId: session.tenantId,
        userId: session.userId,
        username: session.username,
        ip: actor.ip,
        resource: def.name,
        action: action.name,
        operationCode: def.code,
        targetId: id,
        detail: { from, to: action.to, ...(Object.keys(inputs).length ? { inputs } : {}) },
      });
      return (await findById(tx, model, session.tenantId, id))!;
    });
  } catch (err) {
    throw translateDbError(err, session.sceneName, "write") ?? err;
  }
}

/** The action routes of one resource (only resources that declare actions): one declared operation per action. */
export function registerActions(app: FastifyInstance, model: ResourceModel, validate: Validate, ops: Record<string, ResourceRoute>): void {
  const def = model.def;
  for (const action of def.actions?.list ?? []) {
    const operation = ops[`action:${action.name}`];
    // An action with a hand-written operation is registered by its domain (schemas/operations).
    if (!operation) continue;
    resourceRoute(app, operation, async ({ id, body, session, request }) => {
      const row = await runAction(app.db, model, { session, ip: request.ip }, id, action, body, validate);
      return ok(maskRow(model, row), action.done ?? fillMessage.actionDone({ action: action.label }));
    });
  }
}
