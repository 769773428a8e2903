// Registers a declared operation (schemas/operations/*.yaml -> generated/operations.ts):
//   route(app, operations.login, async ({ body, session, request, reply }) => data)
// The route gets the generated schema; its input is converted and checked by the operation's
// generated validators (integers and numbers given as text become numbers, ajv's coerceTypes; then
// the same ajv code and rule messages as the generic resources: 400, the envelope and the field's
// Chinese message, scene name filled in) before the handler runs; the guard applies the authority;
// the scope guard checks the communities and rows the input names (operation-scope.ts) and hands the
// handler the checked community; the handler's input is typed from the schema (ids are numbers) and
// its result is wrapped with ok() (unless the operation has no envelope).
//   route(app, operations.getBillSteer, async ({ query, community }) => ...) // community: { id, name }
import { checkedScopeOf, scopeGuard, type CheckedCommunity } from "./operation-scope.ts";
import { moneyIn, moneyOut, moneyText } from "./money-edge.ts";
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { operations, type OperationName, type OperationRoute } from "../../../../generated/operations.ts";
import type { OperationTypes } from "../../../../generated/operation-types.ts";
import { operationValidators } from "../../../../generated/validators/operations.js";
import { messages } from "../../../../generated/errors.ts";
import { runCompiled } from "../../../common/validation-run.ts";
import { residentOf, sessionOf } from "../session/guard.ts";
import type { ResidentInfo } from "../session/resident-session.ts";
import type { SessionInfo } from "../session/session-store.ts";
import { ok, validationError } from "./envelope.ts";
import { fillMessage } from "../../../../generated/fill-errors.ts";

type Operation<N extends OperationName> = (typeof operations)[N];

export interface OperationContext<N extends OperationName> {
  params: OperationTypes[N]["params"];
  query: OperationTypes[N]["query"];
  body: OperationTypes[N]["body"];
  /** The signed-in user (a public operation that may have one calls loadSession instead). */
  readonly session: SessionInfo;
  /** The signed-in resident of an operation whose authority is `resident` (residents' app, docs/residents.md). */
  readonly resident: ResidentInfo;
  /**
   * The community the input names (its first single-id community input of `scope:`), checked by the
   * scope guard: the session's tenant's and within its scope (operation-scope.ts). Non-null when that
   * input is required; null when it is absent or the operation names no community.
   */
  community: OperationTypes[N]["community"];
  /** Every community the input names (lists included), checked the same way, in the order named. */
  communities: readonly CheckedCommunity[];
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler returns the answer's data, its money as integer fen (`result`; the edge answers yuan text, money-edge.ts). */
export type OperationHandler<N extends OperationName> = (context: OperationContext<N>) => Promise<OperationTypes[N]["result"]>;

const HTTP_PART = { params: "params", querystring: "query", body: "body" } as const;
type Part = (typeof HTTP_PART)[keyof typeof HTTP_PART];

/** The parts of an operation's JSON schema read here; the generated validators check the rest. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
}

/**
 * Query and path values arrive as text (a repeated query key as a list: the first counts); the
 * validator's coercion pass makes numbers of the integers. An empty text where a number is declared
 * is no value (a form's empty filter).
 */
function fromText(value: unknown, schema: JsonSchema | undefined): unknown {
  const v: unknown = Array.isArray(value) ? value[0] : value;
  const types = [schema?.type].flat();
  return v === "" && (types.includes("integer") || types.includes("number")) && !types.includes("string") ? undefined : v;
}

/**
 * Checks one part of the request with the operation's generated validator; returns the value the
 * handler gets (query and path values read from their text, integers converted) or throws the 400
 * validation envelope.
 */
function checkPart(name: string, part: Part, schema: JsonSchema, input: unknown, scene: string | undefined): unknown {
  const compiled = operationValidators[`${name}_${part}`];
  const properties: Record<string, JsonSchema> = schema.properties ?? {};
  let data = input;
  if (part === "body") {
    if (data === undefined || data === null) data = {};
    else if (typeof data === "object" && !Array.isArray(data) && schema.additionalProperties !== true) {
      // Unknown keys: refused when the operation says additionalProperties: false, else dropped, so
      // the handler sees only what is declared (a tenantId or userId sent along is never read).
      const entries = Object.entries(data);
      const unknown = entries.find(([k]) => !(k in properties))?.[0];
      if (unknown && schema.additionalProperties === false) throw validationError([{ field: unknown, message: fillMessage.unknownParameter({ key: unknown }) }]);
      if (unknown) data = Object.fromEntries(entries.filter(([k]) => k in properties));
    }
  } else {
    // Unknown query keys are ignored (cache busters, tracking); declared ones are read from their text.
    const given = new Map(Object.entries(data ?? {}));
    data = Object.fromEntries(
      Object.keys(properties)
        .map((k) => [k, fromText(given.get(k), properties[k])] as const)
        .filter(([, v]) => v !== undefined),
    );
  }
  if (!compiled) return data;
  const errors = runCompiled(compiled, data, scene);
  if (errors.length) throw validationError(errors);
  return data;
}

/** Runs before the handler: every declared part, in path, query, body order (the route's own Fastify validation is off). */
function validateInput(name: string, schema: Record<string, JsonSchema | undefined>, money: Partial<Record<Part, readonly string[]>> = {}) {
  return async (request: FastifyRequest) => {
    const scene = request.session?.sceneName;
    for (const [httpPart, part] of Object.entries(HTTP_PART) as [keyof typeof HTTP_PART, Part][]) {
      const partSchema = schema[httpPart];
      if (!partSchema) continue;
      // Checked as yuan text (as the desk types it, normalized), then its money becomes fen (money-edge.ts).
      const value = moneyIn(checkPart(name, part, partSchema, moneyText(request[part], money[part]), scene), money[part]);
      if (part === "params") request.params = value;
      else if (part === "query") request.query = value;
      else request.body = value;
    }
  };
}

/** The guard's config for an authority: it refuses before the input is read, so a caller without
 * the code learns nothing from validation answers. A list: any one of its codes; anyCode: some code. */
function authorityConfig(authority: string | readonly string[]): FastifyContextConfig {
  if (typeof authority !== "string") return { anyAuthority: authority };
  if (authority === "public") return { public: true };
  if (authority === "anyCode") return { someAuthority: true };
  if (authority === "signedIn") return {};
  if (authority === "resident") return { resident: true };
  return { authority };
}

/** Route options an operation may add (a body limit, a plugin's per-route switch such as decompress). */
export type ExtraRouteOptions = Pick<RouteOptions, "bodyLimit" | "decompress">;

export function route<N extends OperationName>(app: FastifyInstance, operation: Operation<N> & { name: N }, handler: OperationHandler<N>, extra: ExtraRouteOptions = {}): void {
  const op = operation as Operation<OperationName>;
  const options: RouteOptions = {
    ...extra,
    method: op.method,
    url: op.path,
    schema: op.schema,
    // The generated validators check the input (preValidation); the schema documents it.
    validatorCompiler: () => () => true,
    preValidation: validateInput(op.name, op.schema as Record<string, JsonSchema | undefined>, (op as OperationRoute).money),
    // After the input is validated and converted: a limited user's communities and rows (operation-scope.ts).
    ...("scope" in op && op.scope && typeof op.scope !== "string" ? { preHandler: scopeGuard(app, op.scope) } : {}),
    config: { ...authorityConfig(op.authority), ...("beforePasswordChange" in op ? { beforePasswordChange: true } : {}), ...("caller" in op ? { serverCaller: true } : {}) },
    handler: async (request, reply) => {
      const checked = checkedScopeOf(request);
      const data = await handler({
        community: checked.community,
        communities: checked.communities,
        params: (request.params ?? {}) as never,
        query: request.query ?? {},
        body: request.body ?? {},
        get session() {
          return sessionOf(request);
        },
        get resident() {
          return residentOf(request);
        },
        request,
        reply,
      });
      const answer = moneyOut(data, (op as OperationRoute).money?.data);
      if (!op.envelope) return answer;
      const successMessage = "successMessage" in op ? (op.successMessage as keyof typeof messages) : undefined;
      return successMessage ? ok(answer, messages[successMessage]) : ok(answer);
    },
  };
  app.route(options);
}
