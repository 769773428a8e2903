// 住户端 domain (docs/residents.md): the residents' sign-in, rooms and first reads under /api/h5/, and
// the staff's read of the built-in SMS outbox.
import type { FastifyPluginAsync } from "fastify";
import { residentAuthRoutes, residentRoutes } from "./routes.ts";
import { residentPaymentRoutes } from "./payments.ts";
import { residentPrepayRoutes } from "./prepay.ts";
import { residentVisitorRoutes } from "./visitor-routes.ts";
import { residentRepairRoutes } from "./repairs.ts";

export const residentsRoutes: FastifyPluginAsync[] = [residentAuthRoutes, residentRoutes, residentPaymentRoutes, residentPrepayRoutes, residentVisitorRoutes, residentRepairRoutes];
