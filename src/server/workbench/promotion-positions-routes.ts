// The workbench advert banner (spec §2 Workbench, §3 Advert, §7 Guides and questionnaire), HBL0001:
//   GET /api/crain/help/web/promotionPositions/actions/getNamedByPositionCode?positionCode=SQ202
//       -> {positionCode, adverts: [{advertId, title, imgUrlLeft, imgUrlRight, hyperlink}], rotationPeriod}
//       the tenant's enabled adverts of the position whose time window holds now, by sortNo;
//       rotationPeriod (seconds) is the first advert's, null when it has none (the client then waits
//       its default 5 s). Empty while the user has the position silenced.
//   PUT /api/crain/help/web/promotionPositions/actions/silent {positionCode?} -> {positionCode, silencedAt}
//       the user closed the banner: it stays closed for this user until an advert of the position is
//       added or changed afterwards (table advert_silences). positionCode defaults to SQ202.
// The adverts themselves are managed by the generic pages of the adverts resource (/workbench/adverts).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { advertPosition, silenceAdvertPosition } from "./promotion-positions.ts";

export async function promotionPositionsModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getAdvertPosition, async ({ query, session }) => advertPosition(app.db, session, query));
  route(app, operations.silenceAdvertPosition, async ({ query, body, session }) => silenceAdvertPosition(app.db, session, body.positionCode ?? query.positionCode));
}
