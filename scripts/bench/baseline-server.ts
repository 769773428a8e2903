// The hand-written reference endpoint of the API benchmark: a minimal Fastify + pg server that runs
// the very SQL the generic residents pageList runs for the benchmark's request (community filter,
// sort by name, room label, and the count, in one statement: crud/list-query.ts) and answers the
// same envelope. No session, no guard, no generic layers: what is left is the database work, so the
// app's figures can be compared with it. Its statements go out unnamed (pg's default): PostgreSQL
// parses and plans them on every call.
// Started by the benchmark as a child process: BASELINE_DATABASE_URL, PORT, DB_POOL_SIZE.
import Fastify from "fastify";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.BASELINE_DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10), options: "-c TimeZone=UTC" });
pg.types.setTypeParser(20, (text: string) => Number(text)); // bigint ids as numbers, as the app
pg.types.setTypeParser(1082, (text: string) => text);
const app = Fastify({ logger: false });

const SELECT =
  `t."id" as "id", t."tenant_id" as "tenantId", t."community_id" as "communityId", t."name" as "name", t."phone" as "phone", ` +
  `t."id_card" as "idCard", t."room_id" as "roomId", t."identity" as "identity", t."email" as "email", t."move_in_date" as "moveInDate", ` +
  `t."version" as "version", t."created_at" as "createdAt", t."updated_at" as "updatedAt", t."created_by" as "createdBy", t."updated_by" as "updatedBy"`;

// The page sizes the app writes into the text (src/server/crud/list-query.ts, LITERAL_PAGE_SIZES).
const LITERAL_PAGE_SIZES = new Set([10, 20, 50, 100, 500]);

app.post("/baseline/inhabitants/pageList", async (request) => {
  const body = request.body as { tenantId: number; communityId: number; pageNo: number; pageSize: number };
  const pageSize = Math.min(Math.max(1, Number(body.pageSize) || 10), 500);
  const offset = (Math.max(1, Number(body.pageNo) || 1) - 1) * pageSize;
  const params: unknown[] = [body.tenantId, body.communityId];
  const limit = LITERAL_PAGE_SIZES.has(pageSize) ? String(pageSize) : `$${params.push(pageSize)}`;
  const skip = offset > 0 ? ` offset $${params.push(offset)}` : "";
  const where = `t.tenant_id = $1 and t.community_id = $2`;
  const { rows } = await pool.query(
    `select p.*, (select r."room_no" from "rooms" r where r.tenant_id = p."tenantId" and r.id = p."roomId") as "roomIdLabel", c.total as "__total"` +
      ` from (select count(*) as total from "inhabitants" t where ${where}) c` +
      ` left join lateral (select ${SELECT} from (select t.id from "inhabitants" t where ${where} order by t."name" asc, t.id asc limit ${limit}${skip}) k` +
      ` join "inhabitants" t on t.tenant_id = $1 and t.id = k.id) p on true` +
      ` order by p."name" asc, p."id" asc`,
    params,
  );
  const total = Number(rows[0].__total);
  const list = rows.length === 1 && rows[0].id === null ? [] : rows;
  for (const row of list) delete row.__total;
  return { code: 0, message: "成功", data: { list, total, pageNo: offset / pageSize + 1, pageSize }, success: true };
});

app.get("/healthz", async () => ({ status: "ok" }));

const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
