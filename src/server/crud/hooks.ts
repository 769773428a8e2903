// Resource-specific steps of the generic write path, declared per resource name by the domain that
// owns the resource (e.g. users and roles: system/user-accounts.ts).
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { JsonObject } from "../platform/db/row.ts";
import type { ResourceInput, ResourceRow } from "./row.ts";

export interface WriteContext {
  db: DbSession;
  session: SessionInfo;
  mode: "create" | "update";
  /** The row being updated (update only). */
  id?: number;
  /** The JSON body as the client sent it (a hook may edit it before the write reads it). */
  body: ResourceInput;
  /** column -> SQL parameter value, as the generic path prepared it; hooks may add columns. */
  columns: Map<string, unknown>;
  /** Values the create answer carries once (a field with revealedOnCreate: a webhook's signing secret made by its hook). */
  revealed: Record<string, string>;
}

/** What an action hook gets (crud/actions.ts), inside the action's transaction. */
export interface ActionHookContext {
  tx: DbSession;
  session: SessionInfo;
  /** The row as it was before the action (API shape). */
  row: ResourceRow;
  /** The action's inputs as given (validated). */
  inputs: JsonObject;
  /** column -> SQL parameter value the action writes; a hook may add columns (e.g. the created inhabitant). */
  columns: Map<string, unknown>;
  /** A note for the history entry and the operation log. */
  note?: string;
}

/** What holdUpdate gets: the write as prepared (it may delete columns and the body's fields it holds). */
export interface HoldContext {
  tx: DbSession;
  session: SessionInfo;
  id: number;
  body: ResourceInput;
  columns: Map<string, unknown>;
}

export interface ResourceHooks {
  beforeWrite?(ctx: WriteContext): Promise<void>;
  /**
   * Inside the create / update transaction, after the row is written: checks that need the row
   * among the others (e.g. no overlapping booking). Throwing undoes the write.
   */
  afterWrite?(tx: DbSession, session: SessionInfo, id: number, mode: "create" | "update"): Promise<void>;
  /**
   * Inside the update's transaction, before the row changes: may read what it was and return a step
   * that runs after the row is written, in the same transaction (e.g. old and new values compared).
   */
  beforeUpdate?(tx: DbSession, session: SessionInfo, id: number): Promise<((tx: DbSession) => Promise<void>) | void>;
  /**
   * Update only, inside its transaction before the row changes: may take columns out of the write and
   * keep them elsewhere (a pricing type's price change waiting for approval, payment/price-changes.ts);
   * the message it returns answers the save instead of 保存成功.
   */
  holdUpdate?(ctx: HoldContext): Promise<string | void>;
  /** After a chunk of an Excel import was written set-wise (no per-row hooks ran), in its transaction: derive what the rows need. */
  afterImport?(tx: DbSession, session: SessionInfo, communityId: number | null): Promise<void>;
  /** Inside the delete's transaction, before the rows go. */
  beforeDelete?(tx: DbSession, session: SessionInfo, ids: number[]): Promise<void>;
  /** Of a listed page's rows, the ids the caller may neither change nor delete: the list marks them `locked: true` (the web app hides 编辑 and 删除; the writes refuse them anyway). */
  lockedRows?(db: DbSession, session: SessionInfo, ids: number[]): Promise<ReadonlySet<number>>;
  /** By action name: runs in the action's transaction before the row changes; may add columns or refuse. */
  beforeAction?: Record<string, (ctx: ActionHookContext) => Promise<void>>;
  /** By action name: runs in the action's transaction after the row changed (e.g. a check among the others). */
  afterAction?: Record<string, (ctx: ActionHookContext & { id: number }) => Promise<void>>;
}

/** Filled by the domain folders of src/server when they are registered (system/user-accounts.ts, payment/…). */
export const resourceHooks: Record<string, ResourceHooks> = {};

/** Hand-written flow modules (the domain folders of src/server) add their steps here when they are registered. */
export function registerResourceHooks(resource: string, hooks: ResourceHooks): void {
  const before = resourceHooks[resource];
  // Action hooks merge by action name: two modules may each add a step to different actions (or one to before, one to after).
  resourceHooks[resource] = {
    ...before,
    ...hooks,
    ...(before?.beforeAction || hooks.beforeAction ? { beforeAction: { ...before?.beforeAction, ...hooks.beforeAction } } : {}),
    ...(before?.afterAction || hooks.afterAction ? { afterAction: { ...before?.afterAction, ...hooks.afterAction } } : {}),
  };
}
