// POST {management}/operationLog/actions/report {source, operationCode, operationType} -> null
// (spec §7: source 2 and operationType 1 when opening the cockpit, task centre or menu configuration).
// One operation_logs row with the session's tenant and user; any signed-in user. The operation's
// schema checks the values (small codes 0-9999, an operation code without control characters).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { reportOperation } from "./operation-report.ts";

export async function operationReportModule(app: FastifyInstance): Promise<void> {
  route(app, operations.reportOperation, async ({ body, session, request }) => reportOperation(app.db, session, request.ip, body));
}
