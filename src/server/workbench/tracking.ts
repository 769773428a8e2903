// Click tracking's body decoding and record checks, and the statements behind its operations
// (tracking-routes.ts).
import { gunzip } from "node:zlib";
import { apiError } from "../platform/http/envelope.ts";
import { textOf } from "../platform/http/request-input.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { ilikeContains, sql, when } from "../platform/db/sql.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { CountClicksByCodeQuery, ReportTrackingClicksBody, ReportTrackingEnvironmentBody } from "../../../generated/operation-types.ts";

export const TRACKING_WIRE_LIMIT = 256 * 1024;
export const TRACKING_UNPACKED_LIMIT = 2 * 1024 * 1024;
export const TRACKING_BATCH_MAX = 500;
const BIZ_MAX_CHARS = 2048;

const tooLarge = () => apiError("TRACKING_TOO_LARGE");

/** The JSON of a tracking body: gunzipped when Content-Encoding says gzip, refused when too large. */
export function decodeTrackingBody(raw: Buffer, encoding: string | undefined, maxBytes = TRACKING_UNPACKED_LIMIT): Promise<unknown> {
  const coding = (encoding ?? "identity").trim().toLowerCase();
  const parse = (bytes: Buffer): unknown => {
    const text = bytes.toString("utf8").trim();
    if (text === "") return {};
    return JSON.parse(text, (key, value: unknown) => (key === "__proto__" || key === "constructor" ? undefined : value)) as unknown;
  };
  if (coding === "identity" || coding === "") {
    if (raw.length > maxBytes) return Promise.reject(tooLarge());
    try {
      return Promise.resolve(parse(raw));
    } catch {
      return Promise.reject(apiError("BAD_REQUEST"));
    }
  }
  if (coding !== "gzip" && coding !== "x-gzip") return Promise.reject(apiError("TRACKING_ENCODING"));
  return new Promise((resolve, reject) => {
    gunzip(raw, { maxOutputLength: maxBytes }, (err, bytes) => {
      if (err) return reject((err as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" ? tooLarge() : apiError("BAD_REQUEST"));
      try {
        resolve(parse(bytes));
      } catch {
        reject(apiError("BAD_REQUEST"));
      }
    });
  });
}

export interface ClickRecordInput {
  lc: string;
  ety: string;
  rt: string | null;
  eventTime: string;
  biz: string | null;
}

/** A click record as a client reports it (any of its values may be missing or of another type). */
interface ReportedClick {
  lc?: unknown;
  ety?: unknown;
  rt?: unknown;
  et?: unknown;
  biz?: unknown;
}

/** A reported record as stored, or null when it has no tracking code. */
export function normalizeClickRecord(value: unknown, now: Date = new Date()): ClickRecordInput | null {
  if (!value || typeof value !== "object") return null;
  const r: ReportedClick = value;
  const lc = textOf(r.lc, 64);
  if (!lc) return null;
  const et = typeof r.et === "number" ? new Date(r.et) : typeof r.et === "string" && r.et.trim() !== "" ? new Date(/^\d+$/.test(r.et.trim()) ? Number(r.et) : r.et) : null;
  const eventTime = et && !Number.isNaN(et.getTime()) ? et : now;
  let biz: string | null = null;
  if (r.biz !== undefined && r.biz !== null) {
    const text = JSON.stringify(r.biz);
    if (text !== undefined && text.length <= BIZ_MAX_CHARS) biz = text;
  }
  return { lc, ety: textOf(r.ety, 16) || "click", rt: textOf(r.rt, 255) || null, eventTime: eventTime.toISOString(), biz };
}

/** The browser that reports (one trackingClients row per tenant and clientCode). */
export async function reportTrackingEnvironment(db: DbSession, session: SessionInfo, body: ReportTrackingEnvironmentBody) {
  const clientCode = textOf(body.clientCode, 64);
  if (!clientCode) throw apiError("BAD_REQUEST");
  const info = body.environmentalInfo;
  const env: { os?: unknown; OS?: unknown; browser?: unknown; browserVersion?: unknown } = info && typeof info === "object" ? info : {};
  await db.query(
    sql`insert into tracking_clients (tenant_id, client_code, user_id, os, browser, browser_version, last_seen_at, created_by, updated_by)
   values (${session.tenantId}, ${clientCode}, ${session.userId}, ${textOf(env.os ?? env.OS, 64) || null}, ${textOf(env.browser, 64) || null}, ${textOf(env.browserVersion, 32) || null}, now(), ${session.userId}, ${session.userId})
   on conflict (tenant_id, client_code) do update set user_id = excluded.user_id, os = excluded.os, browser = excluded.browser,
     browser_version = excluded.browser_version, last_seen_at = now(), updated_at = now(), updated_by = excluded.updated_by,
     version = tracking_clients.version + 1`,
  );
  return { clientCode };
}

/** One clickRecords row per well-formed record, at most TRACKING_BATCH_MAX of them. */
export async function reportTrackingClicks(db: DbSession, session: SessionInfo, body: ReportTrackingClicksBody) {
  if (!Array.isArray(body.dataList)) throw apiError("BAD_REQUEST");
  const now = new Date();
  const records = body.dataList
    .slice(0, TRACKING_BATCH_MAX)
    .map((r) => normalizeClickRecord(r, now))
    .filter((r): r is ClickRecordInput => r !== null);
  if (records.length) {
    await db.query(
      sql`insert into click_records (tenant_id, lc, ety, rt, event_time, biz, user_id, client_code, created_by, updated_by)
     select ${session.tenantId}, x.lc, x.ety, x.rt, x."eventTime"::timestamptz, x.biz::jsonb, ${session.userId}, ${textOf(body.clientCode, 64) || null}, ${session.userId}, ${session.userId}
       from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(lc text, ety text, rt text, "eventTime" text, biz text)`,
    );
  }
  return { accepted: records.length };
}

/** Clicks per tracking code of the tenant, most clicked first. */
export async function countClicksByCode(db: DbSession, session: SessionInfo, query: CountClicksByCodeQuery) {
  const instant = (key: "from" | "to"): string | null => {
    const text = textOf(query[key], 40);
    if (!text) return null;
    const at = new Date(text);
    if (Number.isNaN(at.getTime())) throw apiError("BAD_REQUEST");
    return at.toISOString();
  };
  const [from, to, keyword] = [instant("from"), instant("to"), textOf(query.keyword, 64)];
  const rows = await camelRows<{ lc: string; count: number; users: number; lastTime: string }>(
    db,
    sql`select lc, count(*)::int as count, count(distinct user_id)::int as users, max(event_time) as last_time
       from click_records
      where tenant_id = ${session.tenantId} ${when(from, () => sql`and event_time >= ${from}`)} ${when(to, () => sql`and event_time < ${to}`)}
            ${when(keyword, () => sql`and ${ilikeContains(sql`lc`, keyword)}`)}
      group by lc order by count(*) desc, lc limit 500`,
  );
  return { list: rows, total: rows.length };
}
