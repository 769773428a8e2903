// A large data set for benchmarks: one tenant (压测物业) with a main account, a few areas,
// `communities` communities sharing `rooms` rooms (buildings of two units, four rooms a floor) and
// `residentsPerRoom` residents in each room. Everything is written set-wise (INSERT ... SELECT over
// generate_series), in one transaction, so 200k rooms and 600k residents take seconds, not hours.
// Values follow the schema rules (names, 11-digit mobiles, room numbers, room status 1..5).
import type { Db, DbSession } from "../../src/server/platform/db/types.ts";
import { hashPassword } from "../../src/server/auth/password.ts";
import { passwordProblem } from "../../src/server/auth/password-policy.ts";

export interface LargeDataSetOptions {
  rooms: number;
  communities: number;
  residentsPerRoom: number;
  username: string;
  password: string;
  /** Progress notes (console.log by default). */
  log?: (text: string) => void;
}

export interface LargeDataSet {
  tenantId: number;
  userId: number;
  communityIds: number[];
  counts: { communities: number; buildings: number; units: number; rooms: number; inhabitants: number };
}

export class UsernameTakenError extends Error {
  constructor(readonly username: string) {
    super(`用户名 ${username} 已存在：该数据库已经有压测数据（换一个 --username，或使用新的数据库）。\nUsername ${username} already exists: this database already holds a seeded data set.`);
    this.name = "UsernameTakenError";
  }
}

const UNITS_PER_BUILDING = 2;
const ROOMS_PER_FLOOR = 4;
/** At most 30 floors a unit (the buildings' floors rule allows 48). */
const MAX_ROOMS_PER_UNIT = 30 * ROOMS_PER_FLOOR;
const AREA_COUNT = 10;

const SURNAMES = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林", "何", "郭", "马", "罗"];
const GIVEN = ["伟", "芳", "娜", "敏", "静", "磊", "洋", "艳", "勇", "军", "杰", "娟", "涛", "明", "超", "霞", "平", "刚", "桂英", "建华", "晓东", "雨萱", "子涵", "浩然"];
const MOBILE_PREFIXES = ["38", "39", "37", "36", "35", "50", "51", "58", "59", "86", "87", "88"];

/**
 * Runs a bulk load with the tables' secondary indexes and foreign keys set aside: they are dropped
 * first and re-created afterwards from their own definitions (pg_indexes / pg_get_constraintdef), in
 * the same transaction. Building an index once and checking a key with one join is far quicker than
 * maintaining them row by row for hundreds of thousands of rows.
 */
async function withBulkLoad<T>(tx: DbSession, tables: string[], log: (text: string) => void, load: () => Promise<T>): Promise<T> {
  const indexes = (
    await tx.query<{ name: string; def: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i where i.indrelid = any($1::regclass[]) and not i.indisprimary
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      [tables],
    )
  ).rows;
  const keys = (
    await tx.query<{ table_name: string; name: string; def: string }>(
      `select conrelid::regclass::text as table_name, conname as name, pg_get_constraintdef(oid) as def
         from pg_constraint where contype = 'f' and conrelid = any($1::regclass[])`,
      [tables],
    )
  ).rows;
  for (const k of keys) await tx.query(`alter table ${k.table_name} drop constraint "${k.name}"`);
  for (const i of indexes) await tx.query(`drop index ${i.name}`);
  const result = await load();
  const started = Date.now();
  for (const i of indexes) await tx.query(i.def);
  for (const k of keys) await tx.query(`alter table ${k.table_name} add constraint "${k.name}" ${k.def}`);
  log(`  indexes and keys: ${indexes.length} + ${keys.length} re-created (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;

export async function seedLargeDataSet(db: Db, options: LargeDataSetOptions): Promise<LargeDataSet> {
  const log = options.log ?? ((text: string) => console.log(text));
  const { rooms, communities, residentsPerRoom } = options;
  if (!Number.isInteger(rooms) || rooms < 1 || !Number.isInteger(communities) || communities < 1 || communities > rooms) {
    throw new Error("rooms and communities must be positive integers, with no more communities than rooms");
  }
  if (!Number.isInteger(residentsPerRoom) || residentsPerRoom < 0 || residentsPerRoom > 100) throw new Error("residentsPerRoom must be 0..100 (rule residentsPerRoom)");

  const roomsPerCommunity = Math.ceil(rooms / communities);
  const buildingsPerCommunity = Math.max(1, Math.ceil(roomsPerCommunity / (UNITS_PER_BUILDING * MAX_ROOMS_PER_UNIT)));
  const floors = Math.ceil(Math.ceil(roomsPerCommunity / (buildingsPerCommunity * UNITS_PER_BUILDING)) / ROOMS_PER_FLOOR);
  const problem = passwordProblem(options.password);
  if (problem) throw new Error(`password: ${problem}`);
  const passwordHash = await hashPassword(options.password);

  return db.transaction(async (tx) => {
    const step = async (label: string, sql: string, params: unknown[]) => {
      const started = Date.now();
      const r = await tx.query(sql, params);
      log(`  ${label}: ${r.rowCount} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      return r;
    };
    const taken = await tx.query("select 1 from login_names where username_key = lower($1)", [options.username]);
    if (taken.rows.length) throw new UsernameTakenError(options.username);

    const tenantId = (
      await tx.query<{ id: number }>(
        `insert into tenants (name, company_short_name, phone, scene_name, enabled_kanban, tenant_home_page)
         values ('压测物业服务有限公司', '压测物业', '0571-80000000', '社区', true, '') returning id`,
      )
    ).rows[0].id;
    const userId = (
      await tx.query<{ id: number }>(
        `insert into users (tenant_id, username, real_name, phone, user_type, enabled, password_hash)
         values ($1, $2, '压测管理员', '13800009999', '0', true, $3) returning id`,
        [tenantId, options.username, passwordHash],
      )
    ).rows[0].id;
    const root = (await tx.query<{ id: number }>("insert into areas (tenant_id, name, type, sort_no) values ($1, '压测区域', 1, 1) returning id", [tenantId])).rows[0].id;
    const areaIds = (
      await tx.query<{ id: number }>(
        `insert into areas (tenant_id, name, parent_id, type, sort_no)
         select $1, '压测片区' || g, $2, 2, g from generate_series(1, $3) g returning id`,
        [tenantId, root, AREA_COUNT],
      )
    ).rows.map((r) => r.id);

    const communityRows = await step(
      "communities",
      `insert into communities (tenant_id, name, area_id, administrative_code, address, contact_name, contact_phone, total_area, created_by, updated_by)
       select $1, '压测社区' || lpad(g::text, 4, '0'), ($2::bigint[])[1 + (g - 1) % array_length($2::bigint[], 1)], '330106',
              '杭州市西湖区压测路' || g || '号', '物业服务中心', '1370000' || lpad((g % 10000)::text, 4, '0'), 9000.00, $4, $4
         from generate_series(1, $3) g returning id`,
      [tenantId, areaIds, communities, userId],
    );
    const communityIds = (communityRows.rows as { id: number }[]).map((r) => r.id);

    await step(
      "buildings",
      `insert into buildings (tenant_id, community_id, name, floors, sort_no)
       select $1, c.id, b || '栋', $3, b from communities c cross join generate_series(1, $2) b where c.tenant_id = $1`,
      [tenantId, buildingsPerCommunity, Math.min(floors, 48)],
    );
    await step(
      "units",
      `insert into units (tenant_id, community_id, building_id, name)
       select $1, b.community_id, b.id, u || '单元' from buildings b cross join generate_series(1, $2) u where b.tenant_id = $1`,
      [tenantId, UNITS_PER_BUILDING],
    );
    await withBulkLoad(tx, ["rooms", "inhabitants"], log, async () => {
      // Community c (1-based, in id order) gets rooms / communities rooms, one more for the first
      // rooms % communities; a community's rooms fill its units in order, four a floor.
      await step(
        "rooms",
        `with c as (
           select id, row_number() over (order by id) as cn from communities where tenant_id = $1
         ), shape as (
           select id, ($2::int / $3::int + case when cn <= $2::int % $3::int then 1 else 0 end) as n from c
         ), slots as (
           select u.community_id, u.building_id, u.id as unit_id, s.n,
                  ceil(s.n::numeric / count(*) over (partition by u.community_id))::int as per_unit,
                  row_number() over (partition by u.community_id order by b.sort_no, u.name) - 1 as ui
             from units u
             join buildings b on b.tenant_id = u.tenant_id and b.id = u.building_id
             join shape s on s.id = u.community_id
            where u.tenant_id = $1
         )
         insert into rooms (tenant_id, community_id, building_id, unit_id, room_no, floor, building_area, status, max_residents)
         select $1, x.community_id, x.building_id, x.unit_id,
                ((j / $4) + 1) * 100 + (j % $4) + 1, (j / $4) + 1,
                (60 + ((j * 37 + x.ui * 11) % 90))::numeric + 0.5, 1 + ((x.ui * x.per_unit + j) % 5), 6
           from slots x cross join lateral generate_series(0, x.per_unit - 1) j
          where x.ui * x.per_unit + j < x.n`,
        [tenantId, rooms, communities, ROOMS_PER_FLOOR],
      );
      if (residentsPerRoom > 0) {
        await step(
          "inhabitants",
          `insert into inhabitants (tenant_id, community_id, name, phone, room_id, identity, move_in_date)
           select $1, r.community_id,
                  (${sqlArray(SURNAMES)})[1 + (r.id * 7 + j) % ${SURNAMES.length}] || (${sqlArray(GIVEN)})[1 + (r.id * 13 + j * 5) % ${GIVEN.length}],
                  '1' || (${sqlArray(MOBILE_PREFIXES)})[1 + (r.id + j) % ${MOBILE_PREFIXES.length}] || lpad((((r.id * 3 + j) * 7919) % 100000000)::text, 8, '0'),
                  r.id, case when j = 1 then 1 else 2 + (j % 2) end, date '2015-01-01' + ((r.id * 17 + j) % 3000)::int
             from rooms r cross join generate_series(1, $2) j
            where r.tenant_id = $1`,
          [tenantId, residentsPerRoom],
        );
      }
    });
    const counts = (
      await tx.query<LargeDataSet["counts"]>(
        `select (select count(*)::int from communities where tenant_id = $1) as communities,
                (select count(*)::int from buildings where tenant_id = $1) as buildings,
                (select count(*)::int from units where tenant_id = $1) as units,
                (select count(*)::int from rooms where tenant_id = $1) as rooms,
                (select count(*)::int from inhabitants where tenant_id = $1) as inhabitants`,
        [tenantId],
      )
    ).rows[0];
    return { tenantId, userId, communityIds, counts };
  });
}

/**
 * After a bulk load (outside the transaction): planner statistics, and the visibility map that lets
 * counts and index-only scans skip the table (what autovacuum would do on a server, later).
 */
export async function analyzeLargeTables(db: Db): Promise<void> {
  // One statement each: several in one call would run as one transaction, where VACUUM cannot.
  for (const table of ["communities", "buildings", "units", "rooms", "inhabitants", "users"]) await db.exec(`vacuum analyze ${table}`);
}
