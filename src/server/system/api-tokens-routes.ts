// 应用令牌's own operation (schemas/operations/system.yaml): createApiToken (api-tokens.ts). 撤销 is the
// resource's generic state action (revokeApiToken in the document).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { createApiToken } from "./api-tokens.ts";

export async function apiTokensModule(app: FastifyInstance): Promise<void> {
  route(app, operations.createApiToken, async ({ body, session, request }) => app.db.transaction((tx) => createApiToken(tx, session, request.ip, body)));
}
