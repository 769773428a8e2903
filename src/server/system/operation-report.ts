// POST {management}/operationLog/actions/report {source, operationCode, operationType} -> null
// (spec §7: source 2 and operationType 1 when opening the cockpit, task centre or menu configuration).
// One operation_logs row with the session's tenant and user; any signed-in user.
import type { FastifyInstance } from "fastify";
import { ok, validationError } from "../http/envelope.ts";
import type { FieldError } from "../../common/validate.ts";
import { sessionOf } from "../auth/guard.ts";
import { bodyOf } from "../http/request-input.ts";

const smallInt = (value: unknown): number | null => {
  const n = typeof value === "string" && /^\d{1,4}$/.test(value.trim()) ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 9999 ? n : null;
};

export async function operationReportModule(app: FastifyInstance): Promise<void> {
  app.post("/api/management/operationLog/actions/report", async (request) => {
    const session = sessionOf(request);
    const body = bodyOf(request);
    const source = smallInt(body.source);
    const operationType = smallInt(body.operationType);
    const operationCode = typeof body.operationCode === "string" ? body.operationCode.trim() : "";
    const errors: FieldError[] = [];
    if (source === null) errors.push({ field: "source", message: "来源格式不正确" });
    if (!operationCode || operationCode.length > 64 || /[\u0000-\u001f\u007f]/.test(operationCode)) errors.push({ field: "operationCode", message: "操作编码格式不正确" });
    if (operationType === null) errors.push({ field: "operationType", message: "操作类型格式不正确" });
    if (errors.length) throw validationError(errors);
    await app.db.query(
      `insert into operation_logs (tenant_id, user_id, username, source, operation_code, operation_type, resource, action, ip, created_by, updated_by)
       values ($1, $2, $3, $4, $5, $6, 'operationLog', 'report', $7, $2, $2)`,
      [session.tenantId, session.userId, session.username, source, operationCode, operationType, request.ip],
    );
    return ok(null);
  });
}
