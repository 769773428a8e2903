// The smart-home guide's steering flags (spec §3 smart-home steering flags, §7 GET {smarthome}/steer/
// actions/config (communityId)), any signed-in user, for a community of the tenant (else 404):
//   -> {roomEnable, smartDeviceEnable, houseTypeEnable, houseTypeRelevancyRoomEnable, workerEnable}
// each true when the community has the rows the step asks for: rooms (the house data), smart devices,
// house-type templates, a smart room linked to a template, construction workers.
import type { SmartHomeSteerFlags } from "../../common/smart-home-steer.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";

export async function smartHomeSteerFlags(db: DbSession, tenantId: number, communityId: number): Promise<SmartHomeSteerFlags> {
  const rows = await camelRows<SmartHomeSteerFlags>(
    db,
    sql`select exists (select 1 from rooms where tenant_id = ${tenantId} and community_id = ${communityId}) as room_enable,
            exists (select 1 from smart_devices where tenant_id = ${tenantId} and community_id = ${communityId}) as smart_device_enable,
            exists (select 1 from smart_house_templates where tenant_id = ${tenantId} and community_id = ${communityId}) as house_type_enable,
            exists (select 1 from smart_rooms where tenant_id = ${tenantId} and community_id = ${communityId} and house_template_id is not null) as house_type_relevancy_room_enable,
            exists (select 1 from smart_workers where tenant_id = ${tenantId} and community_id = ${communityId}) as worker_enable`,
  );
  return rows[0];
}
