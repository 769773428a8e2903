// 社区 domain: the area and community picker, the house cascade, per-community configuration,
// room audits, communal-area bookings, room-targeted notices, the outside-frame community pages and
// province/city data.
import type { FastifyPluginAsync } from "fastify";
import { areasModule, areaWriteRules } from "./areas-routes.ts";
import { communitiesModule } from "./communities-routes.ts";
import { recentCommunitiesModule } from "./recent-communities-routes.ts";
import { housesModule } from "./houses-routes.ts";
import { communityConfigsModule } from "./community-configs-routes.ts";
import { provinceCityModule } from "./province-city.ts";
import { roomAuditModule } from "./room-audit.ts";
import { communalBookingsModule } from "./communal-bookings.ts";
import { communityProfileModule } from "./community-profile-routes.ts";
import { roomNoticesModule } from "./room-notices-routes.ts";

export const communityRoutes: FastifyPluginAsync[] = [
  areasModule,
  areaWriteRules,
  communitiesModule,
  recentCommunitiesModule,
  housesModule,
  communityConfigsModule,
  provinceCityModule,
  roomAuditModule,
  communalBookingsModule,
  communityProfileModule,
  roomNoticesModule,
];
