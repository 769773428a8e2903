// 临停收费规则's own operation (schemas/operations/parking.yaml): the rule tester (fee-rules.ts).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { quoteParkingFee } from "./fee-rules.ts";

export async function parkingFeeRulesModule(app: FastifyInstance): Promise<void> {
  route(app, operations.quoteParkingFee, async ({ body, session }) => quoteParkingFee(app.db, session.tenantId, body));
}
