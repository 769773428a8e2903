// Registers a generic operation of a resource (generated/resource-operations.ts, declared by the
// resource's YAML through scripts/codegen/resource-operations.ts; the OpenAPI document states the same
// table):
//   resourceRoute(app, resourceOperations.rooms.detail, async ({ id, session }) => ok(row))
// The edge reads the input as the operation declares it before the handler runs: the path's :id (a
// malformed one names no row: 404), the query's ids (absent where required, or malformed: 400), and the
// body: a JSON object ({} when absent; anything else 400; a list where the operation names the key
// it stands for), or for an upload the file's bytes. The
// body's fields are checked by the resource's generated validators, as the declaration says (create,
// update, actions), or by the operation's own reader (pageList filters, batchDelete ids).
// The guard applies the authority; the handler answers the envelope itself (its message varies: 保存成功,
// 删除成功, the action's own).
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { ResourceRoute } from "../../../../generated/resource-operations.ts";
import { sessionOf } from "../session/guard.ts";
import type { SessionInfo } from "../session/session-store.ts";
import type { JsonObject } from "../db/row.ts";
import { messages } from "../../../../generated/errors.ts";
import { fillScene } from "../../../common/validate.ts";
import { apiError, validationError } from "./envelope.ts";
import { bodyOf, idField, idParam, queryOf } from "./request-input.ts";

export interface ResourceRouteContext {
  /** The path's row id (0 when the operation names no row). */
  id: number;
  /** The declared query ids: null when an optional one is absent. */
  query: Readonly<Record<string, number | null>>;
  /** The JSON body as an object ({} when absent). */
  body: JsonObject;
  /** An upload's bytes (operations whose body is a file; empty otherwise). */
  file: Buffer;
  readonly session: SessionInfo;
  request: FastifyRequest;
  reply: FastifyReply;
}

function queryIds(request: FastifyRequest, declared: ResourceRoute["query"], sceneName: string | undefined): Record<string, number | null> {
  const given = queryOf(request);
  const out: Record<string, number | null> = {};
  for (const { name, required, requiredMessage } of declared ?? []) {
    const text = given[name];
    if (text === undefined || text === "") {
      if (required && requiredMessage) throw validationError([{ field: name, message: fillScene(messages[requiredMessage as keyof typeof messages], sceneName) }]);
      if (required) throw apiError("BAD_REQUEST");
      out[name] = null;
      continue;
    }
    const id = idField(given, name);
    if (id === null) throw apiError("BAD_REQUEST");
    out[name] = id;
  }
  return out;
}

/** Route options a generic operation may add: a body limit, the input guard's Chinese field names. */
export interface ResourceRouteExtra {
  bodyLimit?: number;
  config?: Pick<FastifyContextConfig, "fieldLabels">;
}

export function resourceRoute(app: FastifyInstance, operation: ResourceRoute, handler: (context: ResourceRouteContext) => Promise<unknown>, extra: ResourceRouteExtra = {}): void {
  const options: RouteOptions = {
    method: operation.method,
    url: operation.path,
    ...(extra.bodyLimit ? { bodyLimit: extra.bodyLimit } : {}),
    config: { ...extra.config, authority: operation.authority },
    handler: async (request, reply) => {
      const id = operation.pathId ? idParam(request) : 0;
      const query = queryIds(request, operation.query, request.session?.sceneName);
      const upload = operation.upload !== undefined;
      const file = upload && Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const list = operation.listBody !== undefined && Array.isArray(request.body);
      const body = upload ? {} : list ? { [operation.listBody!]: request.body as JsonObject[] } : bodyOf(request);
      return handler({
        id,
        query,
        body,
        file,
        get session() {
          return sessionOf(request);
        },
        request,
        reply,
      });
    },
  };
  app.route(options);
}
