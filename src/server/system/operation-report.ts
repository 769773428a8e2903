// POST {management}/operationLog/actions/report {source, operationCode, operationType} -> null
// (spec §7: source 2 and operationType 1 when opening the cockpit, task centre or menu configuration).
// One operation_logs row with the session's tenant and user; any signed-in user. The operation's
// schema checks the values (small codes 0-9999, an operation code without control characters).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../http/operation.ts";
import { sql } from "../db/sql.ts";

export async function operationReportModule(app: FastifyInstance): Promise<void> {
  route(app, operations.reportOperation, async ({ body, session, request }) => {
    await app.db.query(
      sql`insert into operation_logs (tenant_id, user_id, username, source, operation_code, operation_type, resource, action, ip, created_by, updated_by)
       values (${session.tenantId}, ${session.userId}, ${session.username}, ${body.source}, ${body.operationCode.trim()}, ${body.operationType}, 'operationLog', 'report', ${request.ip}, ${session.userId}, ${session.userId})`,
    );
    return null;
  });
}
