// Resource-specific steps of the generic write path, kept small and declared per resource name.
// users: a `password` in the body is checked (rule password) and stored as a scrypt hash (the secret
// field passwordHash is never read from or written to the client); only a main account may create or
// make, change or delete a main account (userType "0" has every authority). Username uniqueness across tenants is
// enforced by login_names (409 DUPLICATE). Deleting a user keeps its operation log (user_id cleared).
import { checkRule } from "../../common/validate.ts";
import { messages } from "../../../generated/errors.ts";
import { hashPassword } from "../auth/password.ts";
import { MAIN_ACCOUNT } from "../auth/authorities.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import { apiError, validationError } from "../http/envelope.ts";
import type { DbSession } from "../db/types.ts";
import { scalarText } from "../../common/scalar-text.ts";

export interface WriteContext {
  db: DbSession;
  session: SessionInfo;
  mode: "create" | "update";
  /** The row being updated (update only). */
  id?: number;
  body: Record<string, unknown>;
  /** column -> SQL parameter value, as the generic path prepared it; hooks may add columns. */
  columns: Map<string, unknown>;
}

/** What an action hook gets (crud/actions.ts), inside the action's transaction. */
export interface ActionHookContext {
  tx: DbSession;
  session: SessionInfo;
  /** The row as it was before the action (API shape). */
  row: Record<string, unknown>;
  /** The action's inputs as given (validated). */
  inputs: Record<string, unknown>;
  /** column -> SQL parameter value the action writes; a hook may add columns (e.g. the created inhabitant). */
  columns: Map<string, unknown>;
  /** A note for the history entry and the operation log. */
  note?: string;
}

export interface ResourceHooks {
  beforeWrite?(ctx: WriteContext): Promise<void>;
  /**
   * Inside the create / update transaction, after the row is written: checks that need the row
   * among the others (e.g. no overlapping booking). Throwing undoes the write.
   */
  afterWrite?(tx: DbSession, session: SessionInfo, id: number, mode: "create" | "update"): Promise<void>;
  /** Inside the delete's transaction, before the rows go. */
  beforeDelete?(tx: DbSession, session: SessionInfo, ids: number[]): Promise<void>;
  /** By action name: runs in the action's transaction before the row changes; may add columns or refuse. */
  beforeAction?: Record<string, (ctx: ActionHookContext) => Promise<void>>;
  /** By action name: runs in the action's transaction after the row changed (e.g. a check among the others). */
  afterAction?: Record<string, (ctx: ActionHookContext & { id: number }) => Promise<void>>;
}

/** Only a main account may touch a main account (it could otherwise take it over by its password). */
async function guardMainAccounts(db: DbSession, session: SessionInfo, ids: number[]): Promise<void> {
  if (session.userType === MAIN_ACCOUNT || !ids.length) return;
  const { rows } = await db.query("select 1 from users where tenant_id = $1 and id = any($2::bigint[]) and user_type = $3 limit 1", [session.tenantId, ids, MAIN_ACCOUNT]);
  if (rows.length) throw apiError("NO_PERMISSION");
}

const usersHooks: ResourceHooks = {
  async beforeWrite({ db, session, id, body, columns }) {
    if (body.userType !== undefined && scalarText(body.userType) === MAIN_ACCOUNT && session.userType !== MAIN_ACCOUNT) throw apiError("NO_PERMISSION");
    if (id !== undefined) await guardMainAccounts(db, session, [id]);
    if (body.password !== undefined && body.password !== null && body.password !== "") {
      const problem = checkRule("password", body.password);
      if (problem) throw validationError([{ field: "password", message: problem }]);
      columns.set("password_hash", await hashPassword(scalarText(body.password)));
    }
  },
  // The operation log keeps the username text of a deleted user; its sessions end with it.
  async beforeDelete(tx, session, ids) {
    if (ids.includes(session.userId)) throw apiError("BAD_REQUEST", { message: messages.selfDeleteRefused });
    await guardMainAccounts(tx, session, ids);
    await tx.query("update operation_logs set user_id = null where tenant_id = $1 and user_id = any($2::bigint[])", [session.tenantId, ids]);
    await tx.query("delete from sessions where tenant_id = $1 and user_id = any($2::bigint[])", [session.tenantId, ids]);
  },
};

export const resourceHooks: Record<string, ResourceHooks> = {
  users: usersHooks,
};

/** Hand-written flow modules (the domain folders of src/server) add their steps here when they are registered. */
export function registerResourceHooks(resource: string, hooks: ResourceHooks): void {
  resourceHooks[resource] = { ...resourceHooks[resource], ...hooks };
}
