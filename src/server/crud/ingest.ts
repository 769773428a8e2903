// Device-facing data (schemas: resource `ingest: true` — open-door events, alarms, parking events,
// call logs, captures): POST /api/{service}/{name}/actions/ingest with {records: [...]} or the list
// itself (the generic operation <resource>_ingest), at most MAX_INGEST records a call. A gateway signs in as a user holding the
// resource's code; the tenant is the session's, never the records'. Each record is checked with
// the resource's create rules (validateResource) and must name one of the tenant's communities;
// the valid ones are written in one transaction, each in its own savepoint with the resource's
// afterWrite hook (as a create runs it), so a record the database or the hook refuses (a reference to
// another tenant's row, a stopped meter) is reported and the others stay.
// Answer: {accepted, ids, rejected: [{index, field, message}]} (index = position in the list).
import { mayAccessCommunity } from "../platform/session/community-scope.ts";
import type { FastifyInstance } from "fastify";
import { fillScene, validateResource } from "../../common/validate.ts";
import { messages } from "../../../generated/errors.ts";
import { resourceRoute } from "../platform/http/resource-route.ts";
import type { ResourceRoute } from "../../../generated/resource-operations.ts";
import { ApiError, apiError, ok } from "../platform/http/envelope.ts";
import { resourceHooks } from "./hooks.ts";
import { translateDbError } from "../platform/http/db-errors.ts";
import { inSavepoint, insertRow } from "./insert.ts";
import type { ResourceModel } from "./model.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import { idField } from "../platform/http/request-input.ts";
import type { JsonObject, JsonValue } from "../platform/db/row.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import { sql } from "../platform/db/sql.ts";

export const MAX_INGEST = 1000;

export interface IngestRejection {
  index: number;
  field: string;
  message: string;
}

const isRecord = (value: JsonValue): value is JsonObject => value !== null && typeof value === "object" && !Array.isArray(value);

/** The records sent: the list under `records` (each checked to be an object by the caller). */
function recordsOf(body: JsonObject): JsonValue[] {
  const list = body.records;
  if (!Array.isArray(list) || list.length === 0) throw apiError("BAD_REQUEST", { message: messages.ingestRecordsRequired });
  if (list.length > MAX_INGEST) throw apiError("BAD_REQUEST", { message: fillMessage.ingestTooMany({ max: MAX_INGEST }) });
  return list;
}

export function registerIngest(app: FastifyInstance, model: ResourceModel, ops: Record<string, ResourceRoute>): void {
  const def = model.def;
  if (!def.ingest) return;
  resourceRoute(app, ops.ingest, async ({ session, body, request }) => {
    const records = recordsOf(body);
    const rejected: IngestRejection[] = [];
    const valid: { index: number; record: JsonObject; communityId: number | null }[] = [];

    const communities = new Set<number>();
    if (model.communityScoped) {
      const ids = [...new Set(records.map((r) => idField(isRecord(r) ? r : null, "communityId")).filter((id): id is number => id !== null))];
      const { rows } = await app.db.query<{ id: number }>(sql`select id from communities where tenant_id = ${session.tenantId} and id = any(${ids}::bigint[])`);
      // A community outside the ingesting account's scope is rejected like a missing one.
      for (const r of rows) if (mayAccessCommunity(session, Number(r.id))) communities.add(Number(r.id));
    }
    records.forEach((record, index) => {
      if (!isRecord(record)) return rejected.push({ index, field: "", message: messages.ingestRecordInvalid });
      const errors = validateResource(def.name, "create", record, session.sceneName);
      if (errors.length) return rejected.push({ index, ...errors[0] });
      const communityId = model.communityScoped ? idField(record, "communityId") : null;
      if (model.communityScoped && (communityId === null || !communities.has(communityId))) {
        return rejected.push({ index, field: "communityId", message: fillScene(messages.sceneNotFound, session.sceneName) });
      }
      valid.push({ index, record, communityId });
    });

    const ids: number[] = [];
    if (valid.length) {
      await app.db.transaction(async (tx) => {
        for (const { index, record, communityId } of valid) {
          const failure = await inSavepoint(tx, async () => {
            const id = await insertRow(tx, model, session, record, { includeReadOnly: true, communityId });
            // What the resource derives from a new row (a meter reading's use), as a create does.
            await resourceHooks[def.name]?.afterWrite?.(tx, session, id, "create");
            ids.push(id);
          });
          if (failure) {
            // The resource's own refusal of the record (e.g. a stopped meter), or the database's: that record only.
            const known = failure instanceof ApiError ? failure : translateDbError(failure, session.sceneName, "write");
            if (!known) throw failure;
            const field = (known.data as { errors?: { field: string }[] } | null)?.errors?.[0]?.field ?? "";
            rejected.push({ index, field, message: known.message });
          }
        }
        if (ids.length) {
          await writeOperationLog(tx, {
            tenantId: session.tenantId,
            userId: session.userId,
            username: session.username,
            ip: request.ip,
            resource: def.name,
            action: "ingest",
            operationCode: def.code,
            detail: { accepted: ids.length, rejected: rejected.length },
          });
        }
      });
    }
    rejected.sort((a, b) => a.index - b.index);
    return ok({ accepted: ids.length, ids, rejected });
  });
}
