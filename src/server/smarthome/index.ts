// 智能家居 domain: the smart-home guide's steer flags (the smart-home screens are generic resources).
import type { FastifyPluginAsync } from "fastify";
import { smartHomeSteerModule } from "./smarthome-steer-routes.ts";

export const smartHomeRoutes: FastifyPluginAsync[] = [smartHomeSteerModule];
