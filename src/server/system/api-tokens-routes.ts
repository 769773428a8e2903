// 应用令牌's operations (schemas/operations/system.yaml): createApiToken and revokeApiToken (api-tokens.ts).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { createApiToken, revokeApiToken } from "./api-tokens.ts";

export async function apiTokensModule(app: FastifyInstance): Promise<void> {
  route(app, operations.createApiToken, async ({ body, session, request }) => app.db.transaction((tx) => createApiToken(tx, session, request.ip, body)));
  route(app, operations.revokeApiToken, async ({ params, session, request }) => app.db.transaction((tx) => revokeApiToken(tx, session, request.ip, params.id)));
}
