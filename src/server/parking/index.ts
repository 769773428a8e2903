// 车场收费 domain: temporary parking rules and their tester (the lots, places and plates are generic resources).
import type { FastifyPluginAsync } from "fastify";
import { parkingFeeRulesModule } from "./fee-rules-routes.ts";

export const parkingRoutes: FastifyPluginAsync[] = [parkingFeeRulesModule];
