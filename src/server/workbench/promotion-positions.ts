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
import { constants } from "../../../generated/constants.ts";
import { operations } from "../../../generated/operations.ts";
import { apiError } from "../http/envelope.ts";
import { route } from "../http/operation.ts";
import { textOf } from "../http/request-input.ts";
import { camelRows } from "../db/camel-rows.ts";
import { sql } from "../db/sql.ts";

function positionCodeOf(value: unknown): string {
  const code = textOf(value, 32) || constants.advertPositionCode;
  if (!/^[A-Za-z0-9]{1,16}$/.test(code)) throw apiError("BAD_REQUEST");
  return code;
}

interface AdvertRow {
  advertId: number;
  title: string;
  imgUrlLeft: string;
  imgUrlRight: string | null;
  hyperlink: string | null;
  rotationPeriod: number | null;
}

export async function promotionPositionsModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getAdvertPosition, async ({ query, session }) => {
    const positionCode = positionCodeOf(query.positionCode);
    const rows = await camelRows<AdvertRow>(
      app.db,
      sql`select a.id as advert_id, a.title, a.img_url_left, a.img_url_right,
              nullif(a.hyperlink, '') as hyperlink, a.rotation_period
         from adverts a
        where a.tenant_id = ${session.tenantId} and a.position_code = ${positionCode} and coalesce(a.enabled, true)
          and (a.start_time is null or a.start_time <= now()) and (a.end_time is null or a.end_time > now())
          and not exists (
            select 1 from advert_silences s
             where s.tenant_id = a.tenant_id and s.user_id = ${session.userId} and s.position_code = a.position_code
               and (select max(x.updated_at) from adverts x where x.tenant_id = a.tenant_id and x.position_code = a.position_code) <= s.silenced_at)
        order by a.sort_no nulls last, a.id`,
    );
    const adverts = rows.map(({ rotationPeriod: _period, ...advert }) => advert);
    const period = rows[0]?.rotationPeriod;
    return { positionCode, adverts, rotationPeriod: period && period > 0 ? Number(period) : null };
  });

  route(app, operations.silenceAdvertPosition, async ({ query, body, session }) => {
    const positionCode = positionCodeOf(body.positionCode ?? query.positionCode);
    const rows = await camelRows<{ silencedAt: string }>(
      app.db,
      sql`insert into advert_silences (tenant_id, user_id, position_code) values (${session.tenantId}, ${session.userId}, ${positionCode})
       on conflict (tenant_id, user_id, position_code) do update set silenced_at = now()
       returning silenced_at`,
    );
    return { positionCode, silencedAt: rows[0].silencedAt };
  });
}
