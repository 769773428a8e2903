// 巡更巡检 domain: what the patrol plans expect against what was checked in (the patrol screens
// themselves are generic resources, schemas/modules/patrol.yaml).
import type { FastifyPluginAsync } from "fastify";
import { patrolCheckInsModule } from "./check-ins-routes.ts";

export const patrolRoutes: FastifyPluginAsync[] = [patrolCheckInsModule];
