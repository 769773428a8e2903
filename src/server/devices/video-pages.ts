// The statements behind the video and IoT pages' operations (video-pages-routes.ts), over the
// session's tenant.
import { messages } from "../../../generated/errors.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import { mappings } from "../../../generated/mappings.ts";
import { mappingLabel } from "../../common/mappings.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { GetOperationAssistantSummaryData, ListCamerasData, SearchCapturePicturesBody, SearchCapturePicturesData } from "../../../generated/operation-types.ts";
import { validationError } from "../platform/http/envelope.ts";
import { pageArgs, textOf } from "../platform/http/request-input.ts";
import { countsByMapping } from "../workbench/public.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { anyOf, ilikeContains, join, sql, when, type Sql } from "../platform/db/sql.ts";
import { AiHandleStatus, AlarmHandleStatus, ElevatorStatus, RepairStatus } from "../../../generated/states.ts";

/** deviceCategory 6 摄像机, 7 人脸抓拍机. */
export const CAMERA_CATEGORIES = [6, 7];

/** The words of a search text: split on spaces and punctuation, at most 8, each at most 32 characters. */
export function searchTerms(text: string): string[] {
  const words = text
    .split(/[\s,，.。;；、|/]+/u)
    .map((w) => w.trim())
    .filter(Boolean);
  return [...new Set(words)].slice(0, 8).map((w) => w.slice(0, 32));
}

const n = async (db: DbSession, statement: Sql) => Number((await db.query<{ n: number }>(statement)).rows[0].n);

export async function listCameras(db: DbSession, tenantId: number, communityId: number) {
  const rows = await camelRows<Omit<ListCamerasData[number], "categoryLabel">>(
    db,
    sql`select id, name, serial_no, location, online, device_category, last_online_time
       from devices where tenant_id = ${tenantId} and community_id = ${communityId} and device_category = any(${CAMERA_CATEGORIES}::int[]) and enabled is not false
      order by name, id`,
  );
  return rows.map((r) => ({ ...r, categoryLabel: mappingLabel("deviceCategory", r.deviceCategory) }));
}

export async function searchCapturePictures(db: DbSession, tenantId: number, body: SearchCapturePicturesBody) {
  const terms = searchTerms(textOf(body.text, 200));
  if (!terms.length) throw validationError([{ field: "text", message: messages.searchTextRequired }]);
  const { pageNo, pageSize, offset } = pageArgs(body);
  const communityId = body.communityId ?? null;
  const where = sql`tenant_id = ${tenantId} ${when(communityId !== null, () => sql`and community_id = ${communityId}`)}`;
  const captureLabels = Object.entries(mappings.captureType.values);
  // Each term scores 1 when it is in the description, the channel, the plate or the capture type's label.
  const score = join(
    terms.map((term) => {
      const kinds = captureLabels.filter(([, v]) => v.label.includes(term) || term.includes(v.label.replace(/抓拍$/, ""))).map(([code]) => Number(code));
      const kind = when(kinds.length, () => sql`or ${anyOf(sql`capture_type`, kinds, "int")}`);
      return sql`(${ilikeContains(sql`coalesce(description, '')`, term)} or ${ilikeContains(sql`channel_name`, term)} or ${ilikeContains(sql`coalesce(plate, '')`, term)} ${kind})::int`;
    }),
    " + ",
  );
  const rows = await camelRows<Omit<SearchCapturePicturesData["list"][number], "captureTypeLabel">>(
    db,
    sql`select * from (
       select id, community_id, image, channel_name, device_sn, capture_time,
              capture_type, plate, description, ${score} as score
         from capture_pictures where ${where}) p
      where score > 0 order by score desc, capture_time desc, id desc limit ${pageSize} offset ${offset}`,
  );
  const total = await n(db, sql`select count(*)::int as n from capture_pictures where ${where} and (${score}) > 0`);
  return { list: rows.map((r) => ({ ...r, score: Number(r.score), captureTypeLabel: mappingLabel("captureType", r.captureType) })), total, pageNo, pageSize, terms };
}

export async function operationAssistantSummary(db: DbSession, tenantId: number, community: { id: number; name: string }) {
  const ofCommunity = sql`tenant_id = ${tenantId} and community_id = ${community.id}`;
  const devices = (await db.query<{ total: number; online: number }>(sql`select count(*)::int as total, count(*) filter (where online)::int as online from devices where ${ofCommunity}`)).rows[0];
  const offlineList = (
    await camelRows<Omit<GetOperationAssistantSummaryData["devices"]["offlineList"][number], "categoryLabel">>(
      db,
      sql`select id, name, serial_no, location, device_category, last_online_time
       from devices where ${ofCommunity} and not coalesce(online, false) order by last_online_time desc nulls last, id limit 10`,
    )
  ).map((r) => ({ ...r, categoryLabel: mappingLabel("deviceCategory", r.deviceCategory) }));
  const alarmRows = (
    await db.query<{ value: number; count: number }>(
      sql`select alarm_type as value, count(*)::int as count from alarms where ${ofCommunity} and handle_status = ${AlarmHandleStatus.Unhandled} group by 1`,
    )
  ).rows;
  const unhandledAlarms = alarmRows.reduce((sum, r) => sum + Number(r.count), 0);
  const aiUnhandled = await n(db, sql`select count(*)::int as n from ai_inspection_records where ${ofCommunity} and handle_status = ${AiHandleStatus.Unhandled}`);
  const elevators = (
    await db.query<{ total: number; fault: number; maintenance: number }>(
      sql`select count(*)::int as total, count(*) filter (where run_status = ${ElevatorStatus.Fault})::int as fault, count(*) filter (where run_status = ${ElevatorStatus.UnderMaintenance})::int as maintenance
       from elevators where ${ofCommunity}`,
    )
  ).rows[0];
  const pendingRepairs = await n(
    db,
    sql`select count(*)::int as n from repairs where ${ofCommunity} and status in (${RepairStatus.AwaitingDispatch}, ${RepairStatus.Dispatched}, ${RepairStatus.Processing})`,
  );
  const offline = Number(devices.total) - Number(devices.online);

  const suggestions: { level: "error" | "warning" | "info"; text: string; path: string }[] = [];
  if (unhandledAlarms) suggestions.push({ level: "error", text: fillMessage.assistantAlarms({ count: unhandledAlarms }), path: "/alarm/alarmCenter" });
  if (Number(elevators.fault)) suggestions.push({ level: "error", text: fillMessage.assistantElevatorFaults({ count: Number(elevators.fault) }), path: "/elevatorManage/operationalMonitoring" });
  if (offline) suggestions.push({ level: "warning", text: fillMessage.assistantDevicesOffline({ count: offline }), path: "/system/devicemanage" });
  if (aiUnhandled) suggestions.push({ level: "warning", text: fillMessage.assistantAiRecords({ count: aiUnhandled }), path: "/AiInspection/AiInspectionRecord" });
  if (pendingRepairs) suggestions.push({ level: "info", text: fillMessage.assistantRepairs({ count: pendingRepairs }), path: "/property/reportRepair" });
  if (!suggestions.length) suggestions.push({ level: "info", text: messages.assistantAllClear, path: "" });

  return {
    communityId: community.id,
    communityName: community.name,
    devices: { total: Number(devices.total), online: Number(devices.online), offline, offlineList },
    alarms: { unhandled: unhandledAlarms, byType: countsByMapping("alarmType", alarmRows) },
    aiRecords: { unhandled: aiUnhandled },
    elevators: { total: Number(elevators.total), fault: Number(elevators.fault), maintenance: Number(elevators.maintenance) },
    repairs: { pending: pendingRepairs },
    suggestions,
  };
}
