// GET /healthz -> {"status":"ok","db":"pglite"|"postgres"} (DESIGN.md contract, not an envelope).
import type { FastifyInstance } from "fastify";

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get("/healthz", { config: { public: true } }, async (request, reply) => {
    try {
      await app.db.query("select 1");
      return { status: "ok", db: app.db.kind };
    } catch (err) {
      request.log.error({ err }, "health check failed");
      return reply.code(503).send({ status: "error", db: app.db.kind });
    }
  });
}
