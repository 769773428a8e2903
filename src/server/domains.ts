// The hand-written endpoints (spec §7 calls that are not generic CRUD), one folder per domain.
// Each domain's index.ts lists its Fastify plugins; app.ts registers them after the guard, so their
// routes are protected like the rest. A route says `config: { authority: "HBL01001" }` (the code the
// session must hold), `config: { public: true }` (no session), or neither (any signed-in user);
// handlers scope every query by sessionOf(request).tenantId.
import type { FastifyPluginAsync } from "fastify";
import { keyLoginModule } from "./auth/key-login.ts";
import { communityRoutes } from "./community/index.ts";
import { systemRoutes } from "./system/index.ts";
import { workbenchRoutes } from "./workbench/index.ts";
import { deviceRoutes } from "./devices/index.ts";
import { smartHomeRoutes } from "./smarthome/index.ts";
import { excelModule } from "./excel/routes.ts";
import { paymentModule } from "./payment/plugin.ts";
import { taskCentreModule } from "./tasks/routes.ts";

export const routeModules: FastifyPluginAsync[] = [
  keyLoginModule,
  ...systemRoutes,
  taskCentreModule,
  ...communityRoutes,
  ...workbenchRoutes,
  ...deviceRoutes,
  ...smartHomeRoutes,
  excelModule,
  paymentModule,
];
