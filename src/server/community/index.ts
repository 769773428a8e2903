// 社区 domain: the area and community picker, the house cascade, per-community configuration,
// room audits, communal-area bookings, room-targeted notices, the outside-frame community pages and
// province/city data.
import type { FastifyPluginAsync } from "fastify";
import { areasModule, areaWriteRules } from "./areas.ts";
import { communitiesModule } from "./communities.ts";
import { recentCommunitiesModule } from "./recent-communities.ts";
import { housesModule } from "./houses.ts";
import { communityConfigsModule } from "./community-configs.ts";
import { provinceCityModule } from "./province-city.ts";
import { roomAuditModule } from "./room-audit.ts";
import { communalBookingsModule } from "./communal-bookings.ts";
import { communityProfileModule } from "./community-profile.ts";
import { roomNoticesModule } from "./room-notices.ts";

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
