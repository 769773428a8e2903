// Registers a declared operation (schemas/operations/*.yaml -> generated/operations.ts):
//   route(app, operations.login, async ({ body, session, request, reply }) => data)
// The route gets the generated schema; its input is checked by the operation's generated validators
// (the same ajv code and rule messages as the generic resources: 400, the envelope and the field's
// Chinese message, scene name filled in) before the handler runs; the guard applies the authority; the handler's input is
// typed from the schema and its result is wrapped with ok() (unless the operation has no envelope).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { operations, type OperationName } from "../../../generated/operations.ts";
import type { OperationTypes } from "../../../generated/operation-types.ts";
import { operationValidators } from "../../../generated/validators/operations.js";
import { messages } from "../../../generated/errors.ts";
import { runCompiled } from "../../common/validation-run.ts";
import { sessionOf } from "../auth/guard.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import { apiError, ok, validationError } from "./envelope.ts";

type Operation<N extends OperationName> = (typeof operations)[N];

export interface OperationContext<N extends OperationName> {
  params: OperationTypes[N]["params"];
  query: OperationTypes[N]["query"];
  body: OperationTypes[N]["body"];
  /** The signed-in user (a public operation that may have one calls loadSession instead). */
  readonly session: SessionInfo;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type OperationHandler<N extends OperationName> = (context: OperationContext<N>) => Promise<OperationTypes[N]["data"]>;

const HTTP_PART = { params: "params", querystring: "query", body: "body" } as const;
type Part = (typeof HTTP_PART)[keyof typeof HTTP_PART];

/** Query and path values arrive as text (a repeated query key as a list: the first counts); integers declared as such become numbers. */
function fromText(value: unknown, schema: Record<string, unknown> | undefined): unknown {
  const v: unknown = Array.isArray(value) ? value[0] : value;
  const types = [schema?.type].flat();
  if (typeof v === "string" && (types.includes("integer") || types.includes("number")) && /^-?\d{1,15}$/.test(v)) return Number(v);
  return v;
}

/**
 * Checks one part of the request with the operation's generated validator; returns the value the
 * handler gets (query and path values read from their text) or throws the 400 validation envelope.
 */
function checkPart(name: string, part: Part, schema: Record<string, unknown>, input: unknown, scene: string | undefined): unknown {
  const compiled = operationValidators[`${name}_${part}`];
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  let data = input;
  if (part === "body") {
    if (data === undefined || data === null) data = {};
    else if (typeof data === "object" && !Array.isArray(data) && schema.additionalProperties !== true) {
      // Unknown keys: refused when the operation says additionalProperties: false, else dropped, so
      // the handler sees only what is declared (a tenantId or userId sent along is never read).
      const given = data as Record<string, unknown>;
      const unknown = Object.keys(given).find((k) => !(k in properties));
      if (unknown && schema.additionalProperties === false) throw validationError([{ field: unknown, message: messages.unknownParameter.replace("{key}", unknown) }]);
      if (unknown) data = Object.fromEntries(Object.keys(given).filter((k) => k in properties).map((k) => [k, given[k]]));
    }
  } else {
    // Unknown query keys are ignored (cache busters, tracking); declared ones are read from their text.
    const given = (data ?? {}) as Record<string, unknown>;
    data = Object.fromEntries(Object.keys(properties).filter((k) => k in given).map((k) => [k, fromText(given[k], properties[k])]));
  }
  if (!compiled) return data;
  const errors = runCompiled(compiled, data, scene);
  if (errors.length) throw validationError(errors);
  return data;
}

/** Runs before the handler: every declared part, in path, query, body order (the route's own Fastify validation is off). */
function validateInput(name: string, schema: Record<string, Record<string, unknown> | undefined>) {
  return async (request: FastifyRequest) => {
    const scene = request.session?.sceneName;
    for (const [httpPart, part] of Object.entries(HTTP_PART) as [keyof typeof HTTP_PART, Part][]) {
      const partSchema = schema[httpPart];
      if (!partSchema) continue;
      const key = part === "params" ? "params" : part;
      (request as unknown as Record<string, unknown>)[key] = checkPart(name, part, partSchema, request[key], scene);
    }
  };
}

function authorityConfig(authority: string | readonly string[]): { public?: true; authority?: string } {
  if (authority === "public") return { public: true };
  if (authority === "signedIn" || authority === "anyCode" || typeof authority !== "string") return {};
  return { authority };
}

export function route<N extends OperationName>(app: FastifyInstance, operation: Operation<N> & { name: N }, handler: OperationHandler<N>): void {
  const op = operation as Operation<OperationName>;
  const anyOf = Array.isArray(op.authority) ? new Set<string>(op.authority) : null;
  // "anyCode": some permission code, whichever (a user whose role has none has no menu either).
  const someCode = op.authority === "anyCode";
  const options: RouteOptions = {
    method: op.method,
    url: op.path,
    schema: op.schema,
    // The generated validators check the input (preValidation); the schema documents it.
    validatorCompiler: () => () => true,
    preValidation: validateInput(op.name, op.schema),
    config: authorityConfig(op.authority),
    // A list of codes: any one of them (the guard checks a single code); anyCode: at least one.
    ...(anyOf || someCode ? { preHandler: async (request: FastifyRequest) => {
      const codes = sessionOf(request).authorities;
      if (anyOf ? !codes.some((c) => anyOf.has(c)) : !codes.length) throw apiError("NO_PERMISSION");
    } } : {}),
    handler: async (request, reply) => {
      const data = await handler({
        // validateInput checked the path against this operation's schema: it has the declared type.
        params: (request.params ?? {}) as OperationContext<N>["params"],
        query: request.query ?? {},
        body: request.body ?? {},
        get session() {
          return sessionOf(request);
        },
        request,
        reply,
      });
      if (!op.envelope) return data;
      const successMessage = "successMessage" in op ? (op.successMessage as keyof typeof messages) : undefined;
      return successMessage ? ok(data, messages[successMessage]) : ok(data);
    },
  };
  app.route(options);
}
