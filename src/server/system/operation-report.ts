// The statement behind the operation report (operation-report-routes.ts).
import type { ReportOperationBody } from "../../../generated/operation-types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";

/** One operation_logs row of the session's tenant and user. */
export async function reportOperation(db: DbSession, session: SessionInfo, ip: string, body: ReportOperationBody): Promise<null> {
  await db.query(
    sql`insert into operation_logs (tenant_id, user_id, username, source, operation_code, operation_type, resource, action, ip, created_by, updated_by)
     values (${session.tenantId}, ${session.userId}, ${session.username}, ${body.source}, ${body.operationCode.trim()}, ${body.operationType}, 'operationLog', 'report', ${ip}, ${session.userId}, ${session.userId})`,
  );
  return null;
}
