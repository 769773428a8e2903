// 设备 domain: edge (cascade) services, the video pages and the menu items that open in a new window.
import type { FastifyPluginAsync } from "fastify";
import { edgeServiceModule } from "./edge-service-routes.ts";
import { videoPagesModule } from "./video-pages-routes.ts";
import { externalPagesModule } from "./external-pages-routes.ts";

export const deviceRoutes: FastifyPluginAsync[] = [videoPagesModule, externalPagesModule, edgeServiceModule];
