// The hand-written endpoints (spec §7 calls that are not generic CRUD), one folder per domain.
// Each is an operation declared in schemas/operations/<domain>.yaml; its handler is registered with
// route() (http/operation.ts), which applies the declared authority and validated input. Each
// domain's index.ts lists its Fastify plugins; app.ts registers them after the guard. Handlers scope
// every query by session.tenantId. Steps: docs/api.md "Adding an operation".
import type { FastifyPluginAsync } from "fastify";
import { keyLoginModule } from "./auth/key-login.ts";
import { communityRoutes } from "./community/index.ts";
import { systemRoutes } from "./system/index.ts";
import { workbenchRoutes } from "./workbench/index.ts";
import { deviceRoutes } from "./devices/index.ts";
import { smartHomeRoutes } from "./smarthome/index.ts";
import { patrolRoutes } from "./patrol/index.ts";
import { excelModule } from "./excel/routes.ts";
import { paymentModule } from "./payment/plugin.ts";
import { onlinePayModule } from "./onlinepay/index.ts";
import { taskCentreModule } from "./tasks/routes.ts";
import { residentsRoutes } from "./residents/index.ts";
import { webhooksModule } from "./webhooks/index.ts";
import { parkingRoutes } from "./parking/index.ts";

export const routeModules: FastifyPluginAsync[] = [
  keyLoginModule,
  ...systemRoutes,
  taskCentreModule,
  ...communityRoutes,
  ...workbenchRoutes,
  ...deviceRoutes,
  ...smartHomeRoutes,
  ...patrolRoutes,
  excelModule,
  paymentModule,
  onlinePayModule,
  ...residentsRoutes,
  webhooksModule,
  ...parkingRoutes,
];
