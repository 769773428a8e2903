// One operation_logs row per write, written with the same connection (so inside the write's transaction).
// An entry about one community's data names it (communityId, else the detail's communityId): a user
// limited to some communities reads only its own communities' entries and those naming none.
import type { DbSession } from "./types.ts";
import { sql } from "./sql.ts";

export interface OperationLogEntry {
  tenantId: number;
  userId: number | null;
  username: string | null;
  ip: string | null;
  resource: string;
  action: string;
  operationCode?: string | null;
  targetId?: string | number | null;
  detail?: unknown;
  communityId?: number | null;
}

function communityOf(e: Pick<OperationLogEntry, "communityId" | "detail">): number | null {
  if (e.communityId != null) return e.communityId;
  const named = e.detail && typeof e.detail === "object" ? (e.detail as { communityId?: unknown }).communityId : undefined;
  return typeof named === "number" && Number.isSafeInteger(named) ? named : null;
}

export async function writeOperationLog(db: DbSession, e: OperationLogEntry): Promise<void> {
  await db.query(
    sql`insert into operation_logs (tenant_id, user_id, username, resource, action, operation_code, target_id, detail, ip, community_id, created_by, updated_by)
     values (${e.tenantId}, ${e.userId}, ${e.username}, ${e.resource}, ${e.action}, ${e.operationCode ?? null}, ${e.targetId == null ? null : String(e.targetId)}, ${e.detail === undefined ? null : JSON.stringify(e.detail)}::jsonb, ${e.ip}, ${communityOf(e)}, ${e.userId}, ${e.userId})`,
  );
}

/** Several targets of one action (batch delete) in one statement, each with its community (or null). */
export async function writeOperationLogs(db: DbSession, e: Omit<OperationLogEntry, "targetId" | "communityId">, targets: { id: number; communityId: number | null }[]): Promise<void> {
  await db.query(
    sql`insert into operation_logs (tenant_id, user_id, username, resource, action, operation_code, target_id, detail, ip, community_id, created_by, updated_by)
     select ${e.tenantId}, ${e.userId}, ${e.username}, ${e.resource}, ${e.action}, ${e.operationCode ?? null}, t.id::text, ${e.detail === undefined ? null : JSON.stringify(e.detail)}::jsonb, ${e.ip}, t.community_id, ${e.userId}, ${e.userId} from unnest(${targets.map((t) => t.id)}::bigint[], ${targets.map((t) => t.communityId)}::bigint[]) as t(id, community_id)`,
  );
}
