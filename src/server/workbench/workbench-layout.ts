// The workbench's saved layouts: one per user and community (workbench_layouts), the modules the
// user may not place dropped when saving and reading. The operations: workbench-layout-routes.ts.
import { defaultLayout, moduleAvailable, normalizeLayout, workbenchModule, type LayoutItem } from "../../common/workbench-modules.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import { apiError } from "../platform/http/envelope.ts";
import { sql } from "../platform/db/sql.ts";

function usable(layout: LayoutItem[], session: SessionInfo): LayoutItem[] {
  return layout.filter((item) => {
    const def = workbenchModule(item.moduleId);
    return def !== undefined && moduleAvailable(def, session.authorities);
  });
}

/** The user's saved layout of the community, or the default one (every module the user may place; layoutId null). */
export async function userLayout(db: DbSession, session: SessionInfo, communityId: number) {
  const { rows } = await db.query<{ id: number; layout: unknown }>(
    sql`select id, layout from workbench_layouts where tenant_id = ${session.tenantId} and community_id = ${communityId} and user_id = ${session.userId}`,
  );
  if (!rows[0]) return { layoutId: null, communityId, layout: defaultLayout(session.authorities), isDefault: true };
  return { layoutId: rows[0].id, communityId, layout: usable(normalizeLayout(rows[0].layout), session), isDefault: false };
}

/** Saves the user's layout of the community (replacing the one saved there). */
export async function saveLayout(db: DbSession, session: SessionInfo, communityId: number, given: unknown) {
  const layout = usable(normalizeLayout(given), session);
  const { rows } = await db.query<{ id: number }>(
    sql`insert into workbench_layouts (tenant_id, community_id, user_id, layout, created_by, updated_by)
     values (${session.tenantId}, ${communityId}, ${session.userId}, ${JSON.stringify(layout)}::jsonb, ${session.userId}, ${session.userId})
     on conflict (tenant_id, community_id, user_id)
     do update set layout = excluded.layout, version = workbench_layouts.version + 1, updated_at = now(), updated_by = excluded.updated_by
     returning id`,
  );
  return { layoutId: rows[0].id, communityId, layout, isDefault: false };
}

/** Deletes one of the user's own layouts (another's: 404): back to the default. */
export async function deleteLayout(db: DbSession, session: SessionInfo, layoutId: number) {
  const { rows } = await db.query(sql`delete from workbench_layouts where tenant_id = ${session.tenantId} and id = ${layoutId} and user_id = ${session.userId} returning id`);
  if (!rows.length) throw apiError("NOT_FOUND");
  return { layoutId };
}
