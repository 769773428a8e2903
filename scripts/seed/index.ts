// npm run seed -- [--rooms 200000] [--communities 200] [--residents-per-room 3] [--username bench] [--password ...]
//
// Loads a large data set (large-data-set.ts: one tenant, its communities, rooms and residents) into
// the database the server uses: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR
// (./data). Applies the migrations first. On PGlite it takes the same exclusive lock on the folder as
// the server, so it refuses to run beside a running server (a second process on the folder loses
// data). The main account's password: --password, else NEPTUNE_DEMO_PASSWORD, else a random one
// printed at the end. The data set is a tenant of its own; on an empty database the demo tenants are
// not created by it (start the server once first to have both).
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { openDatabase } from "../../src/server/platform/db/open.ts";
import { migrate } from "../../src/server/platform/db/migrate.ts";
import { DataDirLockedError } from "../../src/server/platform/db/lock.ts";
import { randomDemoPassword } from "../../src/server/seed/demo-password.ts";
import { analyzeLargeTables, seedLargeDataSet, UsernameTakenError } from "./large-data-set.ts";

const { values } = parseArgs({
  options: {
    rooms: { type: "string", default: "200000" },
    communities: { type: "string", default: "200" },
    "residents-per-room": { type: "string", default: "3" },
    username: { type: "string", default: "bench" },
    password: { type: "string" },
    help: { type: "boolean", default: false },
  },
  allowPositionals: false,
});

if (values.help) {
  console.log("npm run seed -- [--rooms 200000] [--communities 200] [--residents-per-room 3] [--username bench] [--password <pw>]");
  process.exit(0);
}

const int = (name: string, text: string | undefined) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} 需要一个非负整数 / --${name} needs a non-negative integer`);
    process.exit(2);
  }
  return n;
};

const rooms = int("rooms", values.rooms);
const communities = int("communities", values.communities);
const residentsPerRoom = int("residents-per-room", values["residents-per-room"]);
const password = values.password || process.env.NEPTUNE_DEMO_PASSWORD || randomDemoPassword();
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(process.env.DATA_DIR || "./data");

let db;
try {
  db = await openDatabase({ dataDir, databaseUrl });
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(`${err.message}\n请先停止服务再导入数据 / stop the server first, then seed.`);
    process.exit(1);
  }
  throw err;
}

const started = Date.now();
try {
  console.log(`数据库 / database: ${databaseUrl ? "PostgreSQL" : `PGlite (${dataDir})`}`);
  await migrate(db);
  console.log(`导入 / seeding ${communities} communities, ${rooms} rooms, ${residentsPerRoom} residents per room ...`);
  const result = await seedLargeDataSet(db, { rooms, communities, residentsPerRoom, username: values.username, password });
  await analyzeLargeTables(db);
  const c = result.counts;
  console.log(
    `完成 / done in ${((Date.now() - started) / 1000).toFixed(1)} s: tenant ${result.tenantId}, ${c.communities} communities, ${c.buildings} buildings, ` +
      `${c.units} units, ${c.rooms} rooms, ${c.inhabitants} residents`,
  );
  const shown = values.password || process.env.NEPTUNE_DEMO_PASSWORD ? "（已给出 / as given）" : password;
  console.log(`登录 / sign in: ${values.username} / ${shown}`);
} catch (err) {
  if (err instanceof UsernameTakenError) {
    console.error(err.message);
    process.exitCode = 1;
  } else throw err;
} finally {
  await db.close();
}
