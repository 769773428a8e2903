// Repairs from the residents' app (docs/residents.md "Repairs from the app"): a resident files a repair
// of one of its bound rooms, naming photos it uploaded (photos.ts); it becomes a row of 报事报修
// (repairs: 来源 住户端, 待派单, the resident's name and phone, its room and community) that staff
// handle with the resource's own actions. The resident reads the repairs it filed (resident_repairs)
// and rates a finished one through the resource's evaluate action (crud/actions.ts runAction: the same
// states, history and log as staff's 评价). Another resident's repair answers 404.
import type { FastifyInstance } from "fastify";
import { route } from "../platform/http/operation.ts";
import { operations } from "../../../generated/operations.ts";
import { messages } from "../../../generated/errors.ts";
import { texts } from "../../../generated/texts.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import { resourceByName } from "../../../generated/resources.ts";
import type { GetMyRepairData } from "../../../generated/operation-types.ts";
import { apiError, validationError } from "../platform/http/envelope.ts";
import { sql, type Sql } from "../platform/db/sql.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import type { Db, DbSession } from "../platform/db/types.ts";
import type { ResidentInfo } from "../platform/session/resident-session.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { buildModel } from "../crud/model.ts";
import { runAction } from "../crud/actions.ts";
import { validateResource } from "../../common/validate.ts";
import { assertBoundRoom } from "./bindings.ts";
import { registerPhotoRoutes, residentPhotoUrl, staffPhotoUrl } from "./photos.ts";

/** repairs.source: filed in the residents' app (mapping repairSource). */
const FROM_RESIDENT_APP = 2;
/** repairs.status of a new repair: 待派单. */
const AWAITING_DISPATCH = 1;
/** How many repairs listMyRepairs answers (the newest first). */
const MY_REPAIRS_LATEST = 100;

const repairs = buildModel(resourceByName.repairs);
const evaluate = repairs.def.actions!.list.find((a) => a.name === "evaluate")!;

type Resident = Pick<ResidentInfo, "residentId" | "tenantId" | "phone" | "name">;

interface NewRepair {
  roomId: number;
  repairType: number;
  content: string | null;
  photoIds?: string[];
}

/** No staff user acted: the row's updated_by, the history's userId and the operation log's user stay empty (null). */
const NO_USER = null as unknown as number;

/** The resident as the actor of the evaluate action: no staff user, named by its name in the history and the log. */
function residentActor(resident: Resident): SessionInfo {
  const name = resident.name ?? texts.residentRepairs.reporter;
  return {
    tokenHash: "",
    userId: NO_USER,
    tenantId: resident.tenantId,
    username: name,
    realName: name,
    userType: "resident",
    authorities: [],
    communityIds: null,
    tenantName: "",
    sceneName: texts.common.defaultScene,
  };
}

/** Files the repair; its id. The photos must be the resident's and named by no other repair. */
async function fileRepair(db: Db, resident: Resident, input: NewRepair): Promise<number> {
  const content = (input.content ?? "").trim();
  if (!content) throw validationError([{ field: "content", message: fillMessage.fieldInput({ label: repairs.def.fields.find((f) => f.name === "content")!.label }) }]);
  const tokens = [...new Set(input.photoIds ?? [])];
  return db.transaction(async (tx) => {
    await assertBoundRoom(tx, resident, input.roomId);
    const { rows: rooms } = await tx.query<{ community_id: number }>(sql`select community_id from rooms where tenant_id = ${resident.tenantId} and id = ${input.roomId}`);
    const { rows: names } = await tx.query<{ name: string | null }>(
      sql`select coalesce(
            (select name from resident_accounts where id = ${resident.residentId}),
            (select name from inhabitants where tenant_id = ${resident.tenantId} and room_id = ${input.roomId} and phone = ${resident.phone} order by id limit 1)) as name`,
    );
    const reporter = names[0]?.name || texts.residentRepairs.reporter;
    const { rows: photos } = tokens.length
      ? await tx.query<{ token: string }>(
          sql`select token from resident_repair_photos
               where tenant_id = ${resident.tenantId} and resident_id = ${resident.residentId} and repair_id is null and token = any(${tokens}::text[]) for update`,
        )
      : { rows: [] as { token: string }[] };
    if (photos.length !== tokens.length) throw validationError([{ field: "photoIds", message: messages.repairPhotoUnknown }]);
    const { rows } = await tx.query<{ id: number }>(
      sql`insert into repairs (tenant_id, community_id, repair_type, content, room_id, reporter_name, phone, report_time, status, source, photos, history)
          values (${resident.tenantId}, ${rooms[0].community_id}, ${input.repairType}, ${content}, ${input.roomId}, ${reporter}, ${resident.phone}, now(),
                  ${AWAITING_DISPATCH}, ${FROM_RESIDENT_APP}, '[]'::jsonb, '[]'::jsonb)
          returning id`,
    );
    const id = Number(rows[0].id);
    await tx.query(sql`insert into resident_repairs (tenant_id, repair_id, resident_id) values (${resident.tenantId}, ${id}, ${resident.residentId})`);
    for (const [position, token] of tokens.entries()) {
      await tx.query(sql`update resident_repair_photos set repair_id = ${id}, position = ${position} where tenant_id = ${resident.tenantId} and token = ${token}`);
    }
    await tx.query(sql`update repairs set photos = ${JSON.stringify(tokens.map((t) => staffPhotoUrl(id, t)))}::jsonb where tenant_id = ${resident.tenantId} and id = ${id}`);
    return id;
  });
}

interface RepairRow {
  id: number;
  roomId: number | null;
  roomName: string | null;
  communityName: string;
  repairType: number;
  content: string;
  status: number;
  reportTime: string;
  assigneeName: string | null;
  finishTime: string | null;
  result: string | null;
  score: number | null;
  evaluation: string | null;
  history: { label?: string; to?: unknown; at?: string; note?: string }[] | null;
}

/** The resident's repairs (one when `id` is given), newest first, with their photos and history. */
async function myRepairs(db: DbSession, resident: Resident, id: number | null): Promise<GetMyRepairData[]> {
  const only: Sql = id === null ? sql`` : sql`and p.id = ${id}`;
  const rows = await camelRows<RepairRow>(
    db,
    sql`select p.id, p.room_id, r.full_name as room_name, c.name as community_name, p.repair_type, p.content, p.status, p.report_time,
               coalesce(nullif(u.real_name, ''), u.username) as assignee_name, p.finish_time, p.result, p.score, p.evaluation, p.history
          from resident_repairs rr
          join repairs p on p.tenant_id = rr.tenant_id and p.id = rr.repair_id
          join communities c on c.tenant_id = p.tenant_id and c.id = p.community_id
          left join rooms r on r.tenant_id = p.tenant_id and r.id = p.room_id
          left join users u on u.tenant_id = p.tenant_id and u.id = p.assignee_id
         where rr.tenant_id = ${resident.tenantId} and rr.resident_id = ${resident.residentId} ${only}
         order by p.report_time desc, p.id desc
         limit ${MY_REPAIRS_LATEST}`,
  );
  const ids = rows.map((r) => Number(r.id));
  const photos = ids.length
    ? (
        await db.query<{ repair_id: number; token: string }>(
          sql`select repair_id, token from resident_repair_photos where tenant_id = ${resident.tenantId} and resident_id = ${resident.residentId} and repair_id = any(${ids}::bigint[]) order by repair_id, position`,
        )
      ).rows
    : [];
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    roomId: r.roomId === null ? null : Number(r.roomId),
    repairType: Number(r.repairType),
    status: Number(r.status),
    score: r.score === null ? null : Number(r.score),
    reportTime: String(r.reportTime),
    finishTime: r.finishTime === null ? null : String(r.finishTime),
    photos: photos.filter((p) => Number(p.repair_id) === Number(r.id)).map((p) => ({ photoId: p.token, url: residentPhotoUrl(p.token) })),
    // Who acted stays the property's: the resident sees what happened and when.
    history: (Array.isArray(r.history) ? r.history : []).map((h) => ({ label: String(h.label ?? ""), to: Number(h.to), at: String(h.at ?? ""), note: h.note ?? null })),
  }));
}

async function myRepair(db: DbSession, resident: Resident, id: number): Promise<GetMyRepairData> {
  const [repair] = await myRepairs(db, resident, id);
  if (!repair) throw apiError("NOT_FOUND");
  return repair;
}

/** Fastify plugin (src/server/residents/index.ts): the residents' repairs and their photos. */
export async function residentRepairRoutes(app: FastifyInstance): Promise<void> {
  registerPhotoRoutes(app);
  route(app, operations.createMyRepair, async ({ body, resident }) => myRepair(app.db, resident, await fileRepair(app.db, resident, body)));
  route(app, operations.listMyRepairs, async ({ resident }) => ({ list: await myRepairs(app.db, resident, null) }));
  route(app, operations.getMyRepair, async ({ params, resident }) => myRepair(app.db, resident, params.id));
  route(app, operations.rateMyRepair, async ({ params, body, resident, request }) => {
    await myRepair(app.db, resident, params.id);
    await runAction(app.db, repairs, { session: residentActor(resident), ip: request.ip }, params.id, evaluate, { score: body.score, evaluation: body.evaluation ?? null }, validateResource);
    return myRepair(app.db, resident, params.id);
  });
}
