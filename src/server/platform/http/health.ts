// GET /healthz -> {"status":"ok","db":"pglite"|"postgres"} (DESIGN.md contract, not an envelope;
// schemas/operations/http.yaml health).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../../generated/operations.ts";
import { route } from "./operation.ts";
import { sql } from "../db/sql.ts";

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.health, async ({ request, reply }) => {
    try {
      await app.db.query(sql`select 1`);
      return { status: "ok", db: app.db.kind };
    } catch (err) {
      request.log.error({ err }, "health check failed");
      reply.code(503);
      return { status: "error", db: app.db.kind };
    }
  });
}
