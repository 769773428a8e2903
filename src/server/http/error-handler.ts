// One error handler for every route: API errors as their envelope, database errors translated,
// Fastify's own client errors (bad JSON, too large...) as 4xx, anything else 500 SERVER_ERROR
// without internals (the details go to the log).
import type { FastifyError, FastifyInstance } from "fastify";
import { errorCodes } from "../../../generated/errors.ts";
import { ApiError, apiError, type Envelope } from "./envelope.ts";
import { translateDbError } from "./db-errors.ts";

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError | ApiError, request, reply) => {
    const translated = err instanceof ApiError ? err : translateDbError(err, request.session?.sceneName);
    if (translated) return reply.code(translated.httpStatus).send(translated.toEnvelope());
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const body: Envelope = { code: status === 400 ? errorCodes.BAD_REQUEST.code : status, message: errorCodes.BAD_REQUEST.message, data: null, success: false };
      return reply.code(status).send(body);
    }
    request.log.error({ err }, "request failed");
    return reply.code(500).send(apiError("SERVER_ERROR").toEnvelope());
  });

  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send(apiError("NOT_FOUND").toEnvelope()));
}
