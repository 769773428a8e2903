// The statements behind the shell's user operation (homepage-routes.ts): the signed-in user, its menu
// and its current community.
import { inScope, mayAccessCommunity } from "../platform/session/community-scope.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { sql } from "../platform/db/sql.ts";
import { recentCommunities } from "../community/public.ts";
import { constants } from "../../../generated/constants.ts";
import { apiError } from "../platform/http/envelope.ts";
import type { DbSession } from "../platform/db/types.ts";
import { tenantWebMenu } from "./web-menu.ts";
import { communityName } from "../auth/access.ts";
import { camelRows } from "../platform/db/camel-rows.ts";

interface UserRow {
  username: string;
  real_name: string | null;
  phone: string | null;
  user_type: string | null;
  company_short_name: string | null;
  tenant_name: string;
  scene_name: string | null;
  enabled_kanban: boolean;
  platform_img: string | null;
  watermark_status: number | null;
  must_change_password: boolean | null;
}

/** The community the shell opens with (see the header), always one of the user's scope: a stored or requested one outside it falls back to the first allowed. */
export async function currentCommunity(
  db: DbSession,
  session: Pick<SessionInfo, "tenantId" | "userId" | "communityIds">,
  requested: number | null,
): Promise<{ communityId: number; communityName: string } | null> {
  if (requested !== null && mayAccessCommunity(session, requested)) {
    const name = await communityName(db, session.tenantId, requested);
    if (name !== null) return { communityId: requested, communityName: name };
  }
  const [recent] = await recentCommunities(db, session, 1);
  if (recent) return recent;
  const rows = await camelRows<{ communityId: number; communityName: string }>(
    db,
    sql`select id as community_id, name as community_name from communities where tenant_id = ${session.tenantId} and ${inScope(session, sql`id`)} order by id limit 1`,
  );
  return rows[0] ?? null;
}

/** The signed-in user as the shell needs it; hostname picks the platform configuration's image and watermark, signature is the session's token. */
export async function currentUser(db: DbSession, session: SessionInfo, input: { hostname: string; signature: string; communityId: number | null }) {
  const { rows } = await db.query<UserRow>(
    sql`select u.username, u.real_name, u.phone, u.user_type, u.must_change_password, coalesce(u.company_short_name, t.company_short_name) as company_short_name,
            t.name as tenant_name, t.scene_name, t.enabled_kanban,
            coalesce(t.platform_img, p.platform_img) as platform_img, p.watermark_status
       from users u
       join tenants t on t.id = u.tenant_id
       left join lateral (
         select pc.platform_img, pc.watermark_status from platform_configs pc
          where pc.tenant_id = u.tenant_id
          order by (lower(pc.domain_url) = lower(${input.hostname})) desc, pc.id limit 1
       ) p on true
      where u.tenant_id = ${session.tenantId} and u.id = ${session.userId}`,
  );
  const user = rows[0];
  if (!user) throw apiError("NOT_LOGGED_IN");
  const scene = user.scene_name || constants.defaultSceneName;
  const community = await currentCommunity(db, session, input.communityId);
  return {
    tenantId: session.tenantId,
    tenantName: user.tenant_name,
    userId: session.userId,
    username: user.username,
    realName: user.real_name,
    userType: user.user_type ?? "1",
    signature: input.signature,
    applicationSceneName: scene,
    authorities: session.authorities.map((code) => ({ code, permissionCode: code })),
    webMenuList: await tenantWebMenu(db, session.tenantId, session.authorities, scene),
    enabledKanban: user.enabled_kanban,
    phoneNumber: user.phone,
    companyShortName: user.company_short_name,
    platformImg: user.platform_img,
    watermarkStatus: user.watermark_status ?? constants.defaultWatermarkStatus,
    platformType: constants.defaultPlatformType,
    code: [...session.authorities],
    communityId: community?.communityId ?? null,
    communityName: community?.communityName ?? null,
    mustChangePassword: user.must_change_password === true,
  };
}
