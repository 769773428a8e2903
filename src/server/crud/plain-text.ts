// Masked fields (schemas: a field's `mask`) leave the server masked: the generic list, the detail,
// and the answer of a write show 张** and 138****5678, so a list or a stray script holds no full
// value. The full value is read on the detail screen, one field at a time, by a holder of
// VIEW_PLAIN_TEXT (查看明文) and the resource's code:
//   POST /api/{service}/{name}/{id}/actions/plainText {field} -> {field, value}
// and each such read is written to the operation log (who, which row and field, when).
// An edit form shows the masked value: a write that sends it back unchanged keeps the stored value.
import type { FastifyInstance } from "fastify";
import type { MaskFormat } from "../../../generated/model-types.ts";
import { messages } from "../../../generated/errors.ts";
import { resourceByName } from "../../../generated/resources.ts";
import { PLAIN_TEXT_CODE, mask } from "../../common/masks.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { ResourceInput, ResourceRow } from "./row.ts";
import { apiError, ok, validationError } from "../platform/http/envelope.ts";
import type { ResourceModel } from "./model.ts";
import { assertInScope, findById, type RowScope } from "./repository.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import { resourceRoute } from "../platform/http/resource-route.ts";
import type { ResourceRoute } from "../../../generated/resource-operations.ts";

const maskedFields = (model: ResourceModel) => model.visible.filter((f) => f.mask);

/** Output name -> mask of every masked value a row shows: its own masked fields and references labelled by a masked field (a resident's name). */
const masksOf = new WeakMap<ResourceModel, [string, MaskFormat][]>();
function rowMasks(model: ResourceModel): [string, MaskFormat][] {
  let masks = masksOf.get(model);
  if (!masks) {
    masks = maskedFields(model).map((f) => [f.name, f.mask as MaskFormat]);
    for (const label of model.refLabels) {
      const target = resourceByName[label.field.ref!.resource]?.fields.find((f) => f.name === label.field.ref!.labelField);
      if (target?.mask) masks.push([label.name, target.mask]);
    }
    masksOf.set(model, masks);
  }
  return masks;
}

/** The row as a client sees it: every masked value masked (the row is changed in place and returned). */
export function maskRow(model: ResourceModel, row: ResourceRow): ResourceRow {
  for (const [name, format] of rowMasks(model)) {
    const v = row[name];
    if (typeof v === "string" || typeof v === "number") row[name] = mask(format, v);
  }
  return row;
}

/**
 * The body of an update without the masked fields it sends back unchanged (the form showed the
 * masked value and the user did not touch it): the stored value stays, the rules do not judge stars.
 */
export async function withoutUnchangedMasks(db: DbSession, model: ResourceModel, scope: RowScope, id: number, body: ResourceInput): Promise<ResourceInput> {
  const sentMasked = maskedFields(model).filter((f) => typeof body[f.name] === "string" && (body[f.name] as string).includes("*"));
  if (!sentMasked.length) return body;
  const stored = await findById(db, model, scope, id);
  if (!stored) return body;
  const out = { ...body };
  for (const f of sentMasked) if (out[f.name] === mask(f.mask as MaskFormat, stored[f.name] as string | null)) delete out[f.name];
  return out;
}

/** The plain-text read of one masked field of one row (registered for resources with masked fields). */
export function registerPlainText(app: FastifyInstance, model: ResourceModel, ops: Record<string, ResourceRoute>): void {
  if (!maskedFields(model).length) return;
  const { def } = model;
  resourceRoute(app, ops.plainText, async ({ session, id, body, request }) => {
    if (!session.authorities.includes(PLAIN_TEXT_CODE)) throw apiError("NO_PERMISSION");
    const field = maskedFields(model).find((f) => f.name === body.field);
    if (!field) throw validationError([{ field: "field", message: messages.plainTextFieldInvalid }]);
    await assertInScope(app.db, model, session, [id]);
    const row = await findById(app.db, model, session, id);
    if (!row) throw apiError("NOT_FOUND");
    await writeOperationLog(app.db, {
      tenantId: session.tenantId,
      userId: session.userId,
      username: session.username,
      ip: request.ip,
      resource: def.name,
      action: "plainText",
      operationCode: PLAIN_TEXT_CODE,
      targetId: id,
      detail: { field: field.name },
    });
    const value = row[field.name];
    return ok({ field: field.name, value: value === undefined ? null : value });
  });
}
