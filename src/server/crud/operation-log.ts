// One operation_logs row per write, written with the same connection (so inside the write's transaction).
import type { DbSession } from "../db/types.ts";

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
}

export async function writeOperationLog(db: DbSession, e: OperationLogEntry): Promise<void> {
  await db.query(
    `insert into operation_logs (tenant_id, user_id, username, resource, action, operation_code, target_id, detail, ip, created_by, updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $2, $2)`,
    [e.tenantId, e.userId, e.username, e.resource, e.action, e.operationCode ?? null, e.targetId == null ? null : String(e.targetId), e.detail === undefined ? null : JSON.stringify(e.detail), e.ip],
  );
}

/** Several targets of one action (batch delete) in one statement. */
export async function writeOperationLogs(db: DbSession, e: Omit<OperationLogEntry, "targetId">, targetIds: number[]): Promise<void> {
  await db.query(
    `insert into operation_logs (tenant_id, user_id, username, resource, action, operation_code, target_id, detail, ip, created_by, updated_by)
     select $1, $2, $3, $4, $5, $6, t::text, $8::jsonb, $9, $2, $2 from unnest($7::bigint[]) as t`,
    [e.tenantId, e.userId, e.username, e.resource, e.action, e.operationCode ?? null, targetIds, e.detail === undefined ? null : JSON.stringify(e.detail), e.ip],
  );
}
