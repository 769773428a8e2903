// The statements behind the workbench advert banner (promotion-positions-routes.ts).
import { constants } from "../../../generated/constants.ts";
import { apiError } from "../platform/http/envelope.ts";
import { textOf } from "../platform/http/request-input.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { GetAdvertPositionQuery } from "../../../generated/operation-types.ts";

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

/** The adverts of a position the user sees now (none while the user has it silenced). */
export async function advertPosition(db: DbSession, session: SessionInfo, query: GetAdvertPositionQuery) {
  const positionCode = positionCodeOf(query.positionCode);
  const rows = await camelRows<AdvertRow>(
    db,
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
}

/** The user closed the banner: it stays closed until an advert of the position is added or changed. */
export async function silenceAdvertPosition(db: DbSession, session: SessionInfo, requestedCode: unknown) {
  const positionCode = positionCodeOf(requestedCode);
  const rows = await camelRows<{ silencedAt: string }>(
    db,
    sql`insert into advert_silences (tenant_id, user_id, position_code) values (${session.tenantId}, ${session.userId}, ${positionCode})
     on conflict (tenant_id, user_id, position_code) do update set silenced_at = now()
     returning silenced_at`,
  );
  return { positionCode, silencedAt: rows[0].silencedAt };
}
