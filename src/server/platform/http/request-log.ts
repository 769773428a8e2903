// One log line per request, by what it says (Fastify's LogController, in place of its two lines per
// request): a failed one (5xx) at error, a slow one (over 1 s) at warn, a refused one (4xx) at info,
// every other at debug — so the default level (info) shows what needs a look, not every call. The
// route's pattern is logged, not the URL: a query may hold a ticket or a key.
import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

const SLOW_MS = 1000;

export class RequestLog extends LogController {
  override incomingRequest(): void {
    // Nothing when a request comes in: its one line is written when it is answered.
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime);
    const line = { method: request.method, route: request.routeOptions.url ?? request.url.split("?")[0], status: reply.statusCode, ms };
    if (reply.statusCode >= 500) request.log.error(line, "request failed");
    else if (ms > SLOW_MS) request.log.warn(line, "slow request");
    else if (reply.statusCode >= 400) request.log.info(line, "request refused");
    else request.log.debug(line, "request");
  }
}
