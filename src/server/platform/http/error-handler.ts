// One error handler for every route: API errors as their envelope, database errors translated,
// Fastify's own client errors (bad JSON; too large and unsupported type with messages of their own) as 4xx, anything else 500 SERVER_ERROR
// without internals (the details go to the log).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from "fastify";
import { errorCodes } from "../../../../generated/errors.ts";
import { ApiError, apiError, type Envelope } from "./envelope.ts";
import { translateDbError } from "./db-errors.ts";
import { fillErrorCode } from "../../../../generated/fill-errors.ts";

/** 413 naming the limit the body passed ("10 MB"). */
function tooLarge(limit: number | undefined) {
  const mb = (limit ?? 0) / (1024 * 1024);
  const text = mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.ceil((limit ?? 0) / 1024)} KB`;
  return apiError("PAYLOAD_TOO_LARGE", { message: fillErrorCode.PAYLOAD_TOO_LARGE({ limit: text }) });
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError | ApiError, request, reply) => {
    const translated = err instanceof ApiError ? err : translateDbError(err, request.session?.sceneName);
    if (translated) return reply.code(translated.httpStatus).send(translated.toEnvelope());
    const status = (err as FastifyError).statusCode;
    if (status === 413) return reply.code(413).send(tooLarge(request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit).toEnvelope());
    if (status === 415) return reply.code(415).send(apiError("UNSUPPORTED_MEDIA_TYPE").toEnvelope());
    if (status && status >= 400 && status < 500) {
      const body: Envelope = { code: status === 400 ? errorCodes.BAD_REQUEST.code : status, message: errorCodes.BAD_REQUEST.message, data: null, success: false };
      return reply.code(status).send(body);
    }
    request.log.error({ err }, "request failed");
    return reply.code(500).send(apiError("SERVER_ERROR").toEnvelope());
  });

  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send(apiError("NOT_FOUND").toEnvelope()));
}

/**
 * Errors Fastify meets before routing (a URL that does not decode, e.g. a lone surrogate's bytes,
 * or a malformed content type): the envelope too, as 400 (Fastify's own answer has another shape).
 */
export const frameworkErrors: FastifyServerOptions["frameworkErrors"] = (_err, _request, reply) => {
  void (reply as FastifyReply).code(400).send(apiError("BAD_REQUEST").toEnvelope());
};
