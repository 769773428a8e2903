// Repair photos (docs/residents.md "Repairs from the app"): a resident uploads the bytes themselves
// (uploadMyRepairPhoto); the type is read from them and their metadata dropped (photo-bytes.ts), the
// size bounded while the body is read. A photo is its uploader's: it reads it (getMyRepairPhoto) and
// names it when filing a repair (repairs.ts); staff holding 报事报修 read the photos of a repair in their
// communities (getRepairPhoto). Nobody else: another resident's or another repair's photo is 404.
import type { FastifyInstance, FastifyReply } from "fastify";
import { route } from "../platform/http/operation.ts";
import { operations } from "../../../generated/operations.ts";
import { constants } from "../../../generated/constants.ts";
import { fillErrorCode } from "../../../generated/fill-errors.ts";
import { apiError } from "../platform/http/envelope.ts";
import { sql, type Sql } from "../platform/db/sql.ts";
import type { Db, DbSession } from "../platform/db/types.ts";
import { randomBytes } from "node:crypto";
import { cleanPhoto } from "./photo-bytes.ts";

/** The largest photo accepted, as sent (before its metadata is dropped). */
export const PHOTO_MAX_BYTES = constants.repairPhotoMaxSizeMb * 1024 * 1024;
/** Photos a resident may upload a day that no repair names yet (a form's retries, not a store). */
const UNUSED_PER_DAY = 5 * constants.repairPhotoMaxCount;
/** The media types the upload accepts as declared; the bytes decide what the photo is. */
const UPLOAD_TYPES = operations.uploadMyRepairPhoto.upload;

type Resident = { residentId: number; tenantId: number };

const tooLarge = () => apiError("REPAIR_PHOTO_TOO_LARGE", { message: fillErrorCode.REPAIR_PHOTO_TOO_LARGE({ limit: String(constants.repairPhotoMaxSizeMb) }) });

/** The resident's address of a photo (the h5 app shows it as it is). */
export const residentPhotoUrl = (token: string) => operations.getMyRepairPhoto.path.replace(":photoId", token);
/** Staff's address of a photo of a repair (the repair's photos field holds these). */
export const staffPhotoUrl = (repairId: number, token: string) => operations.getRepairPhoto.path.replace(":id", String(repairId)).replace(":photoId", token);

/** Keeps a cleaned photo as the resident's (deleting its own day-old photos no repair names); its token. */
async function keepPhoto(db: Db, resident: Resident, body: unknown): Promise<{ photoId: string; url: string }> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw apiError("REPAIR_PHOTO_INVALID");
  if (body.length > PHOTO_MAX_BYTES) throw tooLarge();
  const photo = cleanPhoto(body);
  if (!photo) throw apiError("REPAIR_PHOTO_INVALID");
  const token = randomBytes(16).toString("hex");
  await db.transaction(async (tx) => {
    // One resident's uploads one at a time, so the daily count holds.
    await tx.query(sql`select 1 from resident_accounts where id = ${resident.residentId} for update`);
    await tx.query(
      sql`delete from resident_repair_photos where tenant_id = ${resident.tenantId} and resident_id = ${resident.residentId} and repair_id is null and created_at < now() - interval '1 day'`,
    );
    const { rows } = await tx.query<{ n: number }>(
      sql`select count(*)::int as n from resident_repair_photos where tenant_id = ${resident.tenantId} and resident_id = ${resident.residentId} and repair_id is null`,
    );
    if (Number(rows[0].n) >= UNUSED_PER_DAY) throw apiError("REPAIR_PHOTO_TOO_MANY");
    await tx.query(
      sql`insert into resident_repair_photos (tenant_id, resident_id, token, media_type, size, content)
          values (${resident.tenantId}, ${resident.residentId}, ${token}, ${photo.mediaType}, ${photo.bytes.length}, ${photo.bytes})`,
    );
  });
  return { photoId: token, url: residentPhotoUrl(token) };
}

/** Sends the photo `where` picks (404 when none); the reply itself, which Fastify sends as it is (the operation's data is the file). */
async function sendPhoto(db: DbSession, reply: FastifyReply, where: Sql): Promise<string> {
  const { rows } = await db.query<{ media_type: string; content: Uint8Array }>(sql`select media_type, content from resident_repair_photos where ${where}`);
  const row = rows[0];
  if (!row) throw apiError("NOT_FOUND");
  // Private to the caller; never sniffed into anything but the image it is.
  return reply.header("content-type", row.media_type).header("cache-control", "private, max-age=3600").header("x-content-type-options", "nosniff").send(Buffer.from(row.content)) as unknown as string;
}

/** The upload's body: the bytes as sent, refused as soon as they pass the limit (its own message, not the generic 413). */
function addPhotoParser(app: FastifyInstance): void {
  app.addContentTypeParser([...UPLOAD_TYPES], (request, payload, done) => {
    const declared = Number(request.headers["content-length"]);
    if (Number.isFinite(declared) && declared > PHOTO_MAX_BYTES) return done(tooLarge(), undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (err: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      done(err, body);
    };
    payload.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > PHOTO_MAX_BYTES) {
        payload.removeAllListeners("data");
        payload.resume();
        return finish(tooLarge());
      }
      chunks.push(chunk);
    });
    payload.on("end", () => finish(null, Buffer.concat(chunks)));
    payload.on("error", (err) => finish(err));
  });
}

export function registerPhotoRoutes(app: FastifyInstance): void {
  addPhotoParser(app);
  route(app, operations.uploadMyRepairPhoto, ({ request, resident }) => keepPhoto(app.db, resident, request.body), { bodyLimit: PHOTO_MAX_BYTES + 1024 });
  route(app, operations.getMyRepairPhoto, ({ params, resident, reply }) =>
    sendPhoto(app.db, reply, sql`tenant_id = ${resident.tenantId} and resident_id = ${resident.residentId} and token = ${params.photoId}`),
  );
  route(app, operations.getRepairPhoto, ({ params, session, reply }) => sendPhoto(app.db, reply, sql`tenant_id = ${session.tenantId} and repair_id = ${params.id} and token = ${params.photoId}`));
}
