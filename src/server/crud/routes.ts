// The generic endpoints of every resource of generated/resources.ts, on /api/{service}/{name}:
//   POST   .../actions/pageList      {pageNo, pageSize, keyword?, sortField?, sortOrder?, communityId?, ...filters}
//   GET    .../{id}
//   POST   ...                       create
//   PUT    .../{id}                  partial update (optimistic when the body carries version)
//   DELETE .../{id}
//   DELETE .../actions/batchDelete   {ids}, all or nothing
// Each route requires the resource's authority code; read-only resources refuse writes with 405.
// A listed row the caller may neither change nor delete (hooks.ts lockedRows) carries `locked: true`.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ResourceDef } from "../../../generated/model-types.ts";
import { resources as generatedResources } from "../../../generated/resources.ts";
import { fillScene, validateResource } from "../../common/validate.ts";
import { sessionOf } from "../platform/session/guard.ts";
import { ApiError, apiError, ok } from "../platform/http/envelope.ts";
import { messages } from "../../../generated/errors.ts";
import { buildModel, type ResourceModel } from "./model.ts";
import { pageList } from "./list-query.ts";
import { resourceHooks } from "./hooks.ts";
import { createRow, deleteRows, findById, MAX_BATCH, updateRow, type Validate } from "./repository.ts";
import { bodyOf, idParam, idsField } from "../platform/http/request-input.ts";
import { registerActions } from "./actions.ts";
import { registerIngest } from "./ingest.ts";
import { maskRow, registerPlainText, withoutUnchangedMasks } from "./plain-text.ts";

export interface CrudOptions {
  resources?: ResourceDef[];
  /** Validator by resource name and mode; the generated validators by default. */
  validate?: Validate;
}

const readOnlyError = () => new ApiError(405, 405, messages.readOnly);

export function registerResource(app: FastifyInstance, model: ResourceModel, validate: Validate): void {
  const { def } = model;
  const base = `/api/${def.service}/${def.name}`;
  // The labels let the shared input guard name a field in Chinese (http/input-guard.ts).
  const config = { authority: def.code, fieldLabels: Object.fromEntries(def.fields.map((f) => [f.name, fillScene(f.label)])) };
  const actor = (request: FastifyRequest) => ({ session: sessionOf(request), ip: request.ip });

  app.post(`${base}/actions/pageList`, { config }, async (request) => {
    const session = sessionOf(request);
    const page = await pageList(app.db, model, session, bodyOf(request));
    const locked = await resourceHooks[def.name]?.lockedRows?.(
      app.db,
      session,
      page.list.map((row) => Number(row.id)),
    );
    for (const row of page.list) {
      maskRow(model, row);
      if (locked?.has(Number(row.id))) row.locked = true;
    }
    return ok(page);
  });

  app.get(`${base}/:id`, { config }, async (request) => {
    const row = await findById(app.db, model, sessionOf(request), idParam(request));
    if (!row) throw apiError("NOT_FOUND");
    return ok(maskRow(model, row));
  });

  app.post(base, { config }, async (request) => {
    if (def.readOnly) throw readOnlyError();
    return ok(maskRow(model, await createRow(app.db, model, actor(request), bodyOf(request), validate)), messages.saved);
  });

  app.put(`${base}/:id`, { config }, async (request) => {
    if (def.readOnly) throw readOnlyError();
    const id = idParam(request);
    const body = await withoutUnchangedMasks(app.db, model, sessionOf(request), id, bodyOf(request));
    return ok(maskRow(model, await updateRow(app.db, model, actor(request), id, body, validate)), messages.saved);
  });

  app.delete(`${base}/:id`, { config }, async (request) => {
    if (def.readOnly) throw readOnlyError();
    const ids = await deleteRows(app.db, model, actor(request), [idParam(request)]);
    return ok({ ids }, messages.deleted);
  });

  app.delete(`${base}/actions/batchDelete`, { config }, async (request) => {
    if (def.readOnly) throw readOnlyError();
    const given = idsField(bodyOf(request).ids);
    if (!given || given.malformed || given.ids.length === 0 || given.ids.length > MAX_BATCH) throw apiError("BAD_REQUEST");
    return ok({ ids: await deleteRows(app.db, model, actor(request), given.ids) }, messages.deleted);
  });
}

/** Fastify plugin: the generic endpoints of every resource (and the actions, export, import and ingest the schemas declare). */
export async function crudRoutes(app: FastifyInstance, opts: CrudOptions = {}): Promise<void> {
  const validate = opts.validate ?? validateResource;
  for (const def of opts.resources ?? generatedResources) {
    const model = buildModel(def);
    registerResource(app, model, validate);
    registerActions(app, model, validate);
    registerIngest(app, model);
    registerPlainText(app, model);
  }
}
