// Every operation of generated/openapi.json and of the residents' generated/h5-openapi.json (read at
// run time: they grow as endpoints are declared) gets hostile bodies, queries and path ids
// (hostile-values.ts) from the signed-in main account (admin), a staff account, another tenant's main
// account (admin2), a user of tenant A limited to one community holding every code (scoped), a
// signed-in resident of tenant A (resident: its own cookie) and a caller without a session. A
// resident's operation answers 401 to every staff caller, and a staff operation 401 to the resident.
// Whatever comes, the server answers below 500, with the {code, message, data, success} envelope,
// 401 without a session, the 403 marker where the staff account lacks the operation's code, and a
// refused call writes no row, and no answer to the scoped user carries a row of another community
// (a "communityId" of one of tenant A's other communities), and every answer matches the document (support/answer-check.ts). Seeded: the seed is printed; FUZZ_SEED=<n> repeats a run, FUZZ_RUNS
// sets the admin's requests per operation (default 2).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { backends, sessionCredentials, sessionHeaders } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { h5OpenapiFile, openapiFile } from "../../../src/server/platform/paths.ts";
import { findSession } from "../../../src/server/platform/session/session-store.ts";
import { createResidentSession } from "../../../src/server/platform/session/resident-session.ts";
import { bindMatchingRooms } from "../../../src/server/residents/bindings.ts";
import type { TestServer } from "../support/server.ts";
import { hostileBody, hostileId, hostileQuery } from "./hostile-values.ts";
import { recordWrites } from "./write-recorder.ts";
import { answerProblems } from "../support/answer-check.ts";

interface Operation {
  method: string;
  path: string;
  /** The codes of which the caller needs one (none: public or any signed-in user). */
  codes: string[];
  isPublic: boolean;
  /** False for the few answers that are not the envelope (health, the API document and page). */
  enveloped: boolean;
  bodyFields: string[];
  queryKeys: string[];
  /** An operation of the residents' app that needs a resident session (security residentCookie). */
  resident: boolean;
}

type Schema = { properties?: Record<string, unknown>; $ref?: string };
type Parameter = { name: string; in: string };
type JsonContent = { content?: { "application/json"?: { schema?: Schema } } };
/** The parts of an OpenAPI operation this suite reads. */
interface OperationObject {
  parameters?: Parameter[];
  requestBody?: JsonContent;
  responses?: Record<string, JsonContent>;
  security?: unknown[];
  "x-authority"?: unknown;
}
interface ApiDocument {
  paths: Record<string, Record<string, OperationObject> & { parameters?: Parameter[] }>;
  components: { schemas: Record<string, Schema> };
}

/** x-authority: a code, a list of codes (any of them), or `public`, `signedIn`, `anyCode`, `resident` (no one code). */
function codesOf(authority: unknown): string[] {
  if (Array.isArray(authority)) return authority.map(String);
  return typeof authority === "string" && !["public", "signedIn", "anyCode", "resident"].includes(authority) ? [authority] : [];
}

/** A JSON success answer is the envelope unless its schema says otherwise (health, the API document); downloads have none. */
const enveloped = (schema: { properties?: Record<string, unknown> } | undefined) => !schema || "code" in (schema.properties ?? {});

function operations(): Operation[] {
  return [...operationsOf(openapiFile), ...operationsOf(h5OpenapiFile)];
}

function operationsOf(file: string): Operation[] {
  const doc = JSON.parse(readFileSync(file, "utf8")) as ApiDocument;
  const schemaOf = (s: Schema | undefined): Schema | undefined => (s?.$ref ? doc.components.schemas[s.$ref.split("/").pop()!] : s);
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = item.parameters ?? [];
    for (const [method, op] of Object.entries(item)) {
      if (method === "parameters" || Array.isArray(op)) continue;
      const params = [...shared, ...(op.parameters ?? [])];
      const body = schemaOf(op.requestBody?.content?.["application/json"]?.schema);
      // A body described only in words: the fields of the resource's row.
      const row = doc.components.schemas[`${path.split("/")[3]}Row`] as Schema | undefined;
      out.push({
        method: method.toUpperCase(),
        path,
        codes: codesOf(op["x-authority"]),
        isPublic: !op.security || op.security.length === 0,
        enveloped: enveloped(op.responses?.["200"]?.content?.["application/json"]?.schema),
        bodyFields: Object.keys(body?.properties ?? row?.properties ?? {}),
        queryKeys: params.filter((p) => p.in === "query").map((p) => p.name),
        resident: JSON.stringify(op.security) === JSON.stringify([{ residentCookie: [] }]),
      });
    }
  }
  return out;
}

/** A path that does not decode (a lone surrogate's bytes) matches no route: 400 for every caller. */
const undecodable = (url: string) => {
  try {
    decodeURIComponent(url.split("?")[0]);
    return false;
  } catch {
    return true;
  }
};

/** A resident of tenant A with the rooms of an inhabitant's phone, signed in as residentLogin does (no code: the fuzz is not about codes); its cookie token. */
async function residentSession(server: TestServer, tenantId: number): Promise<string> {
  const { rows } = await server.db.query<{ phone: string }>("select phone from inhabitants where tenant_id = $1 and identity in (1, 2, 3) order by id limit 1", [tenantId]);
  const phone = rows[0].phone;
  const account = await server.db.query<{ id: number }>(
    "insert into resident_accounts (tenant_id, phone) values ($1, $2) on conflict (tenant_id, phone) do update set last_login_at = now() returning id",
    [tenantId, phone],
  );
  const resident = { residentId: Number(account.rows[0].id), tenantId, phone };
  await bindMatchingRooms(server.db, resident);
  return createResidentSession(server.db, resident, { ip: "127.0.0.1" });
}

const isEnvelope = (b: unknown) => {
  const e = b as { code?: unknown; message?: unknown; success?: unknown } | null;
  return e !== null && typeof e === "object" && typeof e.code === "number" && typeof e.message === "string" && "data" in e && typeof e.success === "boolean";
};

describe.each(backends)("hostile input on every declared operation (%s)", (backend) => {
  // No background task runner: its writes (exports started by earlier calls) would blur "nothing written".
  const t = useDemoServer(backend, { taskWorker: false });

  it("answers below 500 with the envelope, 401 / 403 marker where due, and writes nothing when it refuses", async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const runs = Number(process.env.FUZZ_RUNS ?? 2);
    console.log(`hostile-input fuzz (${backend}): seed ${seed}; FUZZ_SEED=${seed} repeats this run`);
    const ops = operations();
    const staffCodes = new Set((await findSession(t.server.db, sessionCredentials(t.staff)))!.authorities);
    const writes = recordWrites(t.server.db);
    // The limited user: every code, one community.
    const communities = (await t.server.db.query<{ id: number }>("select id from communities where tenant_id = $1 order by id", [t.ids.tenantA])).rows.map((r) => Number(r.id));
    const [ownCommunity, ...otherCommunities] = communities;
    const all = (await t.server.request("GET", "/api/system/homepage/user", { token: t.admin })).body.data.authorities.map((a: { code: string }) => a.code);
    const role = await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name: "模糊测试单社区", authorities: all } });
    await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "fuzzscoped1", password: "Fuzz-Scoped-8812", roleId: role.body.data.id, communityIds: [ownCommunity] } });
    const scopedLogin = () => t.server.login("fuzzscoped1", "Fuzz-Scoped-8812");
    const leaks = (text: string) => otherCommunities.filter((id) => text.includes(`"communityId":${id},`) || text.includes(`"communityId":${id}}`));
    const tokens: Record<string, string | undefined> = { admin: t.admin, staff: t.staff, admin2: t.admin2, scoped: await scopedLogin(), none: undefined };
    let resident = await residentSession(t.server, t.ids.tenantA);
    const failures: string[] = [];
    let requests = 0;

    for (const [index, op] of ops.entries()) {
      const opSeed = seed + index;
      const callers = op.resident
        ? [...Array.from({ length: runs }, () => "resident"), "admin", "staff", "none"]
        : [...Array.from({ length: runs }, () => "admin"), "staff", "admin2", "scoped", "resident", "none"];
      const bodies = fc.sample(hostileBody(op.bodyFields), { seed: opSeed, numRuns: callers.length });
      const ids = fc.sample(hostileId, { seed: opSeed, numRuns: callers.length });
      const queries = fc.sample(hostileQuery(op.queryKeys), { seed: opSeed, numRuns: callers.length });
      for (const [i, caller] of callers.entries()) {
        const url = `${op.path.replace(/\{[^}]+\}/g, ids[i])}${op.method === "GET" || i % 2 ? `?${queries[i]}` : ""}`;
        const hasBody = op.method !== "GET" && op.method !== "HEAD";
        const headers: Record<string, string> = { "x-requested-with": "XMLHttpRequest" };
        if (tokens[caller]) Object.assign(headers, sessionHeaders(tokens[caller]));
        if (caller === "resident") headers.cookie = `neptune_resident=${resident}`;
        if (hasBody) headers["content-type"] = "application/json";
        writes.take();
        const started = Date.now();
        const r = await t.server.app.inject({ method: op.method as "GET", url, headers, ...(hasBody ? { payload: JSON.stringify(bodies[i]) ?? "null" } : {}) });
        requests++;
        const took = Date.now() - started;
        const what = `${caller} ${op.method} ${url.slice(0, 160)} ${hasBody ? JSON.stringify(bodies[i])?.slice(0, 160) : ""}`;
        const json = /json/.test(String(r.headers["content-type"] ?? ""));
        const body = json ? r.json() : undefined;
        if (r.statusCode >= 500) failures.push(`${r.statusCode} ${what} -> ${r.body.slice(0, 200)}`);
        else if ((r.statusCode >= 400 || (json && op.enveloped)) && !isEnvelope(body)) failures.push(`no envelope ${r.statusCode} ${what} -> ${r.body.slice(0, 200)}`);
        else if (undecodable(url) && r.statusCode === 400) void 0;
        else if (caller === "none" && !op.isPublic && r.statusCode !== 401) failures.push(`no session but ${r.statusCode} ${what}`);
        else if (caller === "resident" && !op.isPublic && !op.resident && r.statusCode !== 401) failures.push(`a resident on a staff operation but ${r.statusCode} ${what}`);
        else if (caller !== "resident" && op.resident && r.statusCode !== 401) failures.push(`staff on a resident operation but ${r.statusCode} ${what}`);
        else if (caller === "staff" && op.codes.length && !op.codes.some((c) => staffCodes.has(c)) && !(r.statusCode === 401 && body?.status === 403))
          failures.push(`staff without ${op.codes.join("/")} but ${r.statusCode} ${what}`);
        // Refused or not, the answer is the one the document states for the operation and status.
        failures.push(...answerProblems(op.method, url, r.statusCode, body, r.headers["content-type"]).map((p) => `${p} ${what}`));
        if (caller === "scoped" && r.statusCode < 300 && json && leaks(r.body).length) failures.push(`scoped user got a row of community ${leaks(r.body).join("/")} ${what}`);
        if (took > 10_000) failures.push(`slow (${took} ms) ${what}`);
        const written = writes.take();
        if (r.statusCode >= 400 && written.length) failures.push(`refused ${r.statusCode} but wrote ${written.join("; ")} ${what}`);
        // A signed-in caller whose session a hostile call ended (a user disabled...) signs in again.
        if (tokens[caller] && !op.resident && r.statusCode === 401 && body?.status !== 403) tokens[caller] = caller === "scoped" ? await scopedLogin() : await t.server.login(caller);
        // The resident signed out (residentLogout) or was refused: a new session.
        if (caller === "resident" && (op.resident ? r.statusCode === 401 : op.path.startsWith("/api/h5/"))) resident = await residentSession(t.server, t.ids.tenantA);
      }
    }
    console.log(`hostile-input fuzz (${backend}): ${requests} requests on ${ops.length} operations, ${failures.length} failures`);
    if (failures.length) console.log(failures.join("\n"));
    expect(failures.slice(0, 30)).toEqual([]);
  }, 900_000);
});
