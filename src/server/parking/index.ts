// 车场收费 domain: temporary parking rules and their tester, stays paid at exit, and the paid-until date
// of rented places kept with their rent bills (the lots, places and plates are generic resources).
import type { FastifyPluginAsync } from "fastify";
import { parkingFeeRulesModule } from "./fee-rules-routes.ts";
import { parkingStaysModule } from "./stays-routes.ts";
import { registerParkingPlaceHooks } from "./places.ts";
import "./paid-until.ts";

registerParkingPlaceHooks();

export const parkingRoutes: FastifyPluginAsync[] = [parkingFeeRulesModule, parkingStaysModule];
