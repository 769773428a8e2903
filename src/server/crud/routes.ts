// The generic endpoints of every resource of generated/resources.ts, on /api/{service}/{name}:
//   POST   .../actions/pageList      {pageNo, pageSize, keyword?, sortField?, sortOrder?, communityId?, ...filters}
//   GET    .../{id}
//   POST   ...                       create
//   PUT    .../{id}                  partial update (optimistic when the body carries version)
//   DELETE .../{id}
//   DELETE .../actions/batchDelete   {ids}, all or nothing
// Each is a generic operation the resource declares (generated/resource-operations.ts), registered with
// resourceRoute, which reads its input as declared. Each requires the resource's authority code;
// read-only resources refuse writes with 405.
// A listed row the caller may neither change nor delete (hooks.ts lockedRows) carries `locked: true`.
import type { FastifyInstance } from "fastify";
import type { ResourceDef } from "../../../generated/model-types.ts";
import { resources as generatedResources } from "../../../generated/resources.ts";
import { fillScene, validateResource } from "../../common/validate.ts";
import { ApiError, apiError, ok } from "../platform/http/envelope.ts";
import { messages } from "../../../generated/errors.ts";
import { buildModel, type ResourceModel } from "./model.ts";
import { pageList } from "./list-query.ts";
import { resourceHooks } from "./hooks.ts";
import { createRow, deleteRows, findById, MAX_BATCH, updateRow, type Validate } from "./repository.ts";
import { idsField } from "../platform/http/request-input.ts";
import { resourceRoute, type ResourceRouteContext } from "../platform/http/resource-route.ts";
import { resourceOperations, type ResourceRoute } from "../../../generated/resource-operations.ts";
import { registerActions } from "./actions.ts";
import { registerIngest } from "./ingest.ts";
import { maskRow, registerPlainText, withoutUnchangedMasks } from "./plain-text.ts";

export interface CrudOptions {
  resources?: ResourceDef[];
  /** Validator by resource name and mode; the generated validators by default. */
  validate?: Validate;
  /** Route tables of resources that are not generated (a test's own), by resource name. */
  operations?: Readonly<Record<string, Record<string, ResourceRoute>>>;
}

const readOnlyError = () => new ApiError(405, 405, messages.readOnly);

export function registerResource(app: FastifyInstance, model: ResourceModel, validate: Validate, ops: Record<string, ResourceRoute>): void {
  const { def } = model;
  // The labels let the shared input guard name a field in Chinese (http/input-guard.ts).
  const extra = { config: { fieldLabels: Object.fromEntries(def.fields.map((f) => [f.name, fillScene(f.label)])) } };
  const actor = (context: ResourceRouteContext) => ({ session: context.session, ip: context.request.ip });
  const writable = () => {
    if (def.readOnly) throw readOnlyError();
  };

  resourceRoute(
    app,
    ops.pageList,
    async ({ session, body }) => {
      const page = await pageList(app.db, model, session, body);
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
    },
    extra,
  );

  resourceRoute(
    app,
    ops.detail,
    async ({ session, id }) => {
      const row = await findById(app.db, model, session, id);
      if (!row) throw apiError("NOT_FOUND");
      return ok(maskRow(model, row));
    },
    extra,
  );

  resourceRoute(
    app,
    ops.create,
    async (context) => {
      writable();
      return ok(maskRow(model, await createRow(app.db, model, actor(context), context.body, validate)), messages.saved);
    },
    extra,
  );

  resourceRoute(
    app,
    ops.update,
    async (context) => {
      writable();
      const body = await withoutUnchangedMasks(app.db, model, context.session, context.id, context.body);
      let message: string = messages.saved;
      const row = await updateRow(app.db, model, actor(context), context.id, body, validate, (held) => (message = held));
      return ok(maskRow(model, row), message);
    },
    extra,
  );

  resourceRoute(
    app,
    ops.delete,
    async (context) => {
      writable();
      const ids = await deleteRows(app.db, model, actor(context), [context.id]);
      return ok({ ids }, messages.deleted);
    },
    extra,
  );

  resourceRoute(
    app,
    ops.batchDelete,
    async (context) => {
      writable();
      const given = idsField(context.body.ids);
      if (!given || given.malformed || given.ids.length === 0 || given.ids.length > MAX_BATCH) throw apiError("BAD_REQUEST");
      return ok({ ids: await deleteRows(app.db, model, actor(context), given.ids) }, messages.deleted);
    },
    extra,
  );
}

/** Fastify plugin: the generic endpoints of every resource (and the actions, export, import and ingest the schemas declare). */
export async function crudRoutes(app: FastifyInstance, opts: CrudOptions = {}): Promise<void> {
  const validate = opts.validate ?? validateResource;
  for (const def of opts.resources ?? generatedResources) {
    const model = buildModel(def);
    const ops = opts.operations?.[def.name] ?? resourceOperations[def.name];
    registerResource(app, model, validate, ops);
    registerActions(app, model, validate, ops);
    registerIngest(app, model, ops);
    registerPlainText(app, model, ops);
  }
}
