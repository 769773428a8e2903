// The generic reads and writes of one resource, always inside the session's tenant
// (`tenant_id = <session tenant>` in every statement; a body's tenantId is never read). Writes are
// validated before anything is written, run in one transaction with their operation_logs row, and
// translate database errors (duplicate, missing or still-referenced rows) into API errors.
import { fillScene, validateResource, type FieldError } from "../../common/validate.ts";
import { messages } from "../../../generated/errors.ts";
import type { Db, DbSession } from "../platform/db/types.ts";
import type { ResourceInput, ResourceRow } from "./row.ts";
import { idField } from "../platform/http/request-input.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { assertCommunity, assertRowsInScope } from "../platform/session/community-scope.ts";
import { ApiError, apiError, validationError } from "../platform/http/envelope.ts";
import { translateDbError } from "../platform/http/db-errors.ts";
import { type ResourceModel, refLabelColumns, scopeCondition } from "./model.ts";
import { ident } from "./sql.ts";
import { anyOf, empty, join, raw, sql, when, type Sql } from "../platform/db/sql.ts";
import { castFor, fromRow, toColumnValue } from "./values.ts";
import { resourceHooks } from "./hooks.ts";
import { applyUsedWhen, assertRefsUnder, assertRefsWhere } from "./schema-conditions.ts";
import { type OperationLogEntry, writeOperationLog, writeOperationLogs } from "../platform/db/operation-log.ts";

export type Validate = (resource: string, mode: "create" | "update", body: unknown, scene?: string) => FieldError[];

export interface Actor {
  session: SessionInfo;
  ip: string;
}

export const MAX_BATCH = 1000;

function notFound() {
  return apiError("NOT_FOUND");
}

/** Whose rows a statement may touch: the tenant's, and of a community-scoped resource only those of the session's communities. */
export type RowScope = Pick<SessionInfo, "tenantId" | "communityIds">;

/** The community part of a statement's WHERE for the scope, " and …" or nothing (a row of another community looks missing). */
function communityCondition(model: ResourceModel, scope: RowScope, alias = ""): Sql {
  const condition = scopeCondition(model, scope.communityIds, alias);
  return condition ? sql` and ${condition}` : empty;
}

/** One row by id, of the tenant (a number: after the caller checked the row's community) or of the session's scope. */
export async function findById(db: DbSession, model: ResourceModel, scope: number | RowScope, id: number): Promise<ResourceRow | null> {
  const { tenantId, communityIds } = typeof scope === "number" ? { tenantId: scope, communityIds: null } : scope;
  const where = sql`t.tenant_id = ${tenantId} and t.id = ${id}${communityCondition(model, { tenantId, communityIds }, "t.")}`;
  const inner = sql`select ${model.selectList} from ${raw(model.table)} t where ${where}`;
  const labels = refLabelColumns(model);
  const { rows } = await db.query<ResourceRow>(labels ? sql`select p.*, ${labels} from (${inner}) p` : inner);
  return rows[0] ? fromRow(model, rows[0]) : null;
}

/**
 * 404 unless every id is a row of the scope. A limited user's call on a row of another community is
 * answered before its input is read or any hook runs, as if the row did not exist (the statements
 * keep the same condition as well). Unlimited sessions and tenant resources cost no query here.
 */
export async function assertInScope(db: DbSession, model: ResourceModel, scope: RowScope, ids: readonly number[]): Promise<void> {
  if (model.scopeColumn) await assertRowsInScope(db, scope, { table: model.def.table, column: model.scopeColumn, keepsNone: model.scopeKeepsNone }, ids);
}

/** Locks the row for the transaction when it is in the scope; false when there is none (404). */
export async function lockRow(tx: DbSession, model: ResourceModel, scope: RowScope, id: number): Promise<boolean> {
  const { rows } = await tx.query(sql`select 1 from ${raw(model.table)} where tenant_id = ${scope.tenantId} and id = ${id}${communityCondition(model, scope)} for update`);
  return rows.length > 0;
}

/** Writable fields present in the body, as column -> value. */
function columnsFrom(model: ResourceModel, body: ResourceInput): Map<string, unknown> {
  const columns = new Map<string, unknown>();
  for (const [name, field] of model.writable) {
    if (body[name] !== undefined) columns.set(field.column, toColumnValue(field, body[name]));
  }
  return columns;
}

/** A column's value as a parameter, cast as its field needs. */
function columnValue(model: ResourceModel, column: string, value: unknown): Sql {
  const field = model.visible.find((f) => f.column === column);
  return castFor(field, value);
}

/** Values as the operation log keeps them (no secrets). */
const loggedValues = (model: ResourceModel, body: ResourceInput) => Object.fromEntries([...model.writable.keys()].filter((n) => body[n] !== undefined).map((n) => [n, body[n]]));

/** The operation log's entry for an action of the actor on the resource (the targets are the caller's). */
function logEntry(model: ResourceModel, actor: Actor, action: string): Omit<OperationLogEntry, "targetId"> {
  const { session } = actor;
  return { tenantId: session.tenantId, userId: session.userId, username: session.username, ip: actor.ip, resource: model.def.name, action, operationCode: model.def.code };
}

/** The community a row of the resource belongs to (for its log entries), or null. */
function communityOfRow(model: ResourceModel, row: ResourceRow): number | null {
  const value = model.scopeColumn === "community_id" ? row.communityId : model.scopeColumn === "id" ? row.id : null;
  return typeof value === "number" ? value : null;
}

/** The end of an insert or update in its transaction: the resource's afterWrite hook, the log row, the row as it now reads. */
async function finishWrite(tx: DbSession, model: ResourceModel, actor: Actor, id: number, mode: "create" | "update", detail: unknown) {
  // The schema's conditions on the row as written (usedWhen, ref.where, ref.dependsOn), before the hook acts on it.
  await applyUsedWhen(tx, actor.session, model.def, id);
  await assertRefsWhere(tx, actor.session, model.def, id);
  await assertRefsUnder(tx, actor.session, model.def, id);
  await resourceHooks[model.def.name]?.afterWrite?.(tx, actor.session, id, mode);
  const row = (await findById(tx, model, actor.session.tenantId, id))!;
  await writeOperationLog(tx, { ...logEntry(model, actor, mode), targetId: id, detail, communityId: communityOfRow(model, row) });
  return row;
}

async function inTransaction<T>(db: Db, session: SessionInfo, operation: "delete" | "write", fn: (tx: DbSession) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(fn);
  } catch (err) {
    throw translateDbError(err, session.sceneName, operation) ?? err;
  }
}

function check(validate: Validate, model: ResourceModel, mode: "create" | "update", body: ResourceInput, scene: string) {
  const errors = validate(model.def.name, mode, body, scene);
  if (errors.length) throw validationError(errors);
}

export async function createRow(db: Db, model: ResourceModel, actor: Actor, body: ResourceInput, validate: Validate = validateResource) {
  const { session } = actor;
  let communityId: number | null = null;
  if (model.communityScoped) {
    communityId = idField(body, "communityId");
    // A community outside the user's scope is refused before the input is read (like an authority).
    if (communityId !== null) assertCommunity(session, communityId);
  }
  check(validate, model, "create", body, session.sceneName);
  if (model.communityScoped && communityId === null) {
    const message = fillScene(messages.communityRequired, session.sceneName);
    throw validationError([{ field: "communityId", message }]);
  }
  const columns = columnsFrom(model, body);
  const revealed: Record<string, string> = {};
  await resourceHooks[model.def.name]?.beforeWrite?.({ db, session, mode: "create", body, columns, revealed });

  const row = await inTransaction(db, session, "write", async (tx) => {
    if (communityId !== null) {
      const owned = await tx.query(sql`select 1 from communities where tenant_id = ${session.tenantId} and id = ${communityId}`);
      if (!owned.rows.length) {
        const message = fillScene(messages.sceneNotFound, session.sceneName);
        throw validationError([{ field: "communityId", message }]);
      }
    }
    const names = ["tenant_id", "created_by", "updated_by"];
    const values = [sql`${session.tenantId}`, sql`${session.userId}`, sql`${session.userId}`];
    if (communityId !== null) {
      names.push("community_id");
      values.push(sql`${communityId}`);
    }
    for (const [column, value] of columns) {
      names.push(column);
      values.push(columnValue(model, column, value));
    }
    const inserted = await tx.query<{ id: number }>(sql`insert into ${raw(model.table)} (${raw(names.map(ident).join(", "))}) values (${join(values, ", ")}) returning id`);
    return finishWrite(tx, model, actor, inserted.rows[0].id, "create", { values: loggedValues(model, body) });
  });
  return Object.keys(revealed).length ? { ...row, ...revealed } : row;
}

/** `answered` hears the message a holdUpdate hook answers the save with (the write then kept some of it back). */
export async function updateRow(db: Db, model: ResourceModel, actor: Actor, id: number, body: ResourceInput, validate: Validate = validateResource, answered?: (message: string) => void) {
  const { session } = actor;
  await assertInScope(db, model, session, [id]);
  check(validate, model, "update", body, session.sceneName);
  const columns = columnsFrom(model, body);
  await resourceHooks[model.def.name]?.beforeWrite?.({ db, session, mode: "update", id, body, columns, revealed: {} });
  // Changed only by its actions (a hook may have refused first, with a reason of its own).
  if (model.def.createOnly) throw new ApiError(405, 405, messages.createOnly);
  let expectedVersion: number | null = null;
  if (body.version !== undefined && body.version !== null && body.version !== "") {
    expectedVersion = Number(body.version);
    if (!Number.isInteger(expectedVersion)) throw apiError("BAD_REQUEST");
  }

  return inTransaction(db, session, "write", async (tx) => {
    const afterUpdate = await resourceHooks[model.def.name]?.beforeUpdate?.(tx, session, id);
    const held = await resourceHooks[model.def.name]?.holdUpdate?.({ tx, session, id, body, columns });
    if (held) answered?.(held);
    const sets = [sql`version = version + 1`, sql`updated_at = now()`, sql`updated_by = ${session.userId}`];
    for (const [column, value] of columns) sets.push(sql`${raw(ident(column))} = ${columnValue(model, column, value)}`);
    const where = sql`tenant_id = ${session.tenantId} and id = ${id}${communityCondition(model, session)}`;
    const updated = await tx.query(sql`update ${raw(model.table)} set ${join(sets, ", ")} where ${where}${when(expectedVersion !== null, () => sql` and version = ${expectedVersion}`)} returning id`);
    if (!updated.rows.length) {
      const exists = await tx.query(sql`select 1 from ${raw(model.table)} where ${where}`);
      throw exists.rows.length ? apiError("CONFLICT") : notFound();
    }
    if (afterUpdate) await afterUpdate(tx);
    return finishWrite(tx, model, actor, id, "update", { changes: loggedValues(model, body) });
  });
}

export async function deleteRows(db: Db, model: ResourceModel, actor: Actor, ids: number[]): Promise<number[]> {
  const { session } = actor;
  const unique = [...new Set(ids)];
  await assertInScope(db, model, session, unique);
  return inTransaction(db, session, "delete", async (tx) => {
    await resourceHooks[model.def.name]?.beforeDelete?.(tx, session, unique);
    if (model.def.createOnly) throw new ApiError(405, 405, messages.createOnly);
    const where = sql`tenant_id = ${session.tenantId} and ${anyOf(sql`id`, unique)}${communityCondition(model, session)}`;
    const community = raw(model.scopeColumn ? ident(model.scopeColumn) : "null::bigint");
    const deleted = await tx.query<{ id: number; community_id: number | null }>(sql`delete from ${raw(model.table)} where ${where} returning id, ${community} as community_id`);
    // All or nothing: an id that is not this tenant's row in the user's communities (or does not
    // exist) undoes the whole batch.
    if (deleted.rows.length !== unique.length) throw notFound();
    const entry = logEntry(model, actor, "delete");
    const targets = deleted.rows.map((r) => ({ id: Number(r.id), communityId: r.community_id === null ? null : Number(r.community_id) }));
    if (targets.length === 1) await writeOperationLog(tx, { ...entry, targetId: targets[0].id, communityId: targets[0].communityId });
    else await writeOperationLogs(tx, entry, targets);
    return unique;
  });
}
