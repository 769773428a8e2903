// npm run bench:import [-- --backend pglite|postgres|all] [--rooms 100000] [--no-write]
//
// Excel import at scale: a file of `rooms` rooms in the rooms screen's own import template (the
// template the server hands out, filled in with exceljs: buildings of two units, 30 floors of four
// rooms, every 房屋状态, type and 部署状态; one row in a thousand carries a mistake the checks must report), imported
// into a fresh community of a fresh tenant (the large data set of scripts/seed with one community and
// one room, after the migrations) through the code path of the upload endpoint: the file is read
// against the template and queued as a task (submitImport), then the task runs to its end in this
// process with the handler the server's worker runs (runTaskNow). Timed end to end: reading the
// file, queueing, and every step of the task (checks and writes, one transaction per chunk). Then
// the rooms, buildings and units in the database and the task's report are checked. Writes the
// figures into docs/benchmarks.md between the bench:import markers. PostgreSQL: BENCH_DATABASE_URL,
// else postgres://postgres@127.0.0.1:5432/postgres — a fresh database neptune_bench_<random>,
// dropped afterwards; PGlite: a temporary data folder, removed afterwards. Target: ≤ 30 s on both.
import { loadavg } from "node:os";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import ExcelJS from "exceljs";
import { seedLargeDataSet } from "../seed/large-data-set.ts";
import { importerOf } from "../../src/server/excel/importers.ts";
import { IMPORT_CHUNK, registerExcelTasks, submitImport } from "../../src/server/excel/tasks.ts";
import { DATA_SHEET, MAX_IMPORT_ROWS, templateWorkbook } from "../../src/server/excel/workbook.ts";
import { runTaskNow } from "../../src/server/platform/tasks/runner.ts";
import { findTaskById } from "../../src/server/platform/tasks/store.ts";
import { type Backend, backendName, backendsOf, benchSession, openBenchDatabase, runBench, runLine, seconds, writeBenchSection } from "./database.ts";

const TARGET_SECONDS = 30;
const SCENE = "社区";

const { values } = parseArgs({
  options: {
    backend: { type: "string", default: "all" },
    rooms: { type: "string", default: "100000" },
    "no-write": { type: "boolean", default: false },
  },
});

interface Run {
  backend: Backend;
  rows: number;
  imported: number;
  rejected: number;
  readSeconds: number;
  taskSeconds: number;
  seconds: number;
  /** CPU time of this process over the import (user + system): PGlite's work included, PostgreSQL's not. */
  cpuSeconds: number;
  buildings: number;
  units: number;
  load: number;
}

const log = (text: string) => console.log(text);

const ROOMS_PER_UNIT = 120; // 30 floors of four
const UNITS = 2;
const STATUSES = ["未部署", "部署中", "待交付", "验收中", "已交付"];
const OCCUPANCY = ["自住", "出租", "空置", "装修", "未交付"];
const HOUSE_TYPES = ["住宅", "商铺", "办公", "车位", "储藏室", "其他"];

/** The mistakes of the bad rows (one in a thousand) and the reason the report must give for each. */
const MISTAKES: { apply: (row: unknown[]) => void; reason: string }[] = [
  { apply: (r) => (r[7] = "已入住"), reason: "房屋状态“已入住”不正确，可选：自住、出租、空置、装修、未交付" },
  { apply: (r) => (r[2] = `${String(r[2])}#`), reason: "房号：只能输入数字大小写字母" },
  { apply: (r) => (r[1] = null), reason: "请输入单元" },
  { apply: (r) => (r[10] = 101), reason: "可居住人数" },
];

/** The file: the rooms template as the screen downloads it, its data sheet filled in. */
async function buildFile(rooms: number): Promise<{ content: Buffer; bad: { row: number; reason: string }[]; buildings: number; units: number }> {
  const columns = importerOf("rooms")!.columns(SCENE);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await templateWorkbook("房屋", columns)) as unknown as ArrayBuffer);
  const sheet = wb.getWorksheet(DATA_SHEET)!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const expected = ["楼栋", "单元", "房号", "楼层", "房屋类型", "建筑面积(㎡)", "计费面积(㎡)", "房屋状态", "交房日期", "部署状态", "可居住人数"];
  if (JSON.stringify(header) !== JSON.stringify(expected)) throw new Error(`the rooms template changed: ${JSON.stringify(header)}; update scripts/bench/import.ts`);
  const bad: { row: number; reason: string }[] = [];
  const unitKeys = new Set<string>();
  const buildingKeys = new Set<string>();
  for (let i = 0; i < rooms; i++) {
    const building = Math.floor(i / (UNITS * ROOMS_PER_UNIT)) + 1;
    const unit = Math.floor((i % (UNITS * ROOMS_PER_UNIT)) / ROOMS_PER_UNIT) + 1;
    const slot = i % ROOMS_PER_UNIT;
    const floor = Math.floor(slot / 4) + 1;
    const area = 60 + ((i * 37) % 90) + 0.5;
    const row: unknown[] = [
      `${building}号楼`,
      `${unit}单元`,
      String(floor * 100 + (slot % 4) + 1),
      floor,
      HOUSE_TYPES[i % 6],
      area.toFixed(2),
      i % 3 === 0 ? (area - 5).toFixed(2) : null,
      OCCUPANCY[i % 5],
      i % 5 === 4 ? null : `20${String(10 + (i % 15))}-0${1 + (i % 9)}-15`,
      STATUSES[i % 5],
      6,
    ];
    const excelRow = i + 2;
    if (i % 1000 === 999) {
      const mistake = MISTAKES[Math.floor(i / 1000) % MISTAKES.length];
      mistake.apply(row);
      bad.push({ row: excelRow, reason: mistake.reason });
    } else {
      buildingKeys.add(String(row[0]));
      unitKeys.add(`${String(row[0])}/${String(row[1])}`);
    }
    sheet.addRow(row);
  }
  return { content: Buffer.from(await wb.xlsx.writeBuffer()), bad, buildings: buildingKeys.size, units: unitKeys.size };
}

async function runBackend(backend: Backend, file: Awaited<ReturnType<typeof buildFile>>, rooms: number): Promise<Run> {
  log(`\n== ${backend}: migrate and seed a fresh tenant with one community`);
  const { db, dispose } = await openBenchDatabase(backend, "neptune-bench-import-");
  try {
    const data = await seedLargeDataSet(db, {
      rooms: 1,
      communities: 1,
      residentsPerRoom: 0,
      username: `benchimport${randomBytes(2).toString("hex")}`,
      password: randomBytes(12).toString("hex"),
      log: () => {},
    });
    const communityId = data.communityIds[0];
    const session = benchSession(data, SCENE);
    const load = loadavg()[0];
    log(`   importing ${rooms} rooms (${file.content.length} bytes of xlsx, ${IMPORT_CHUNK} rows a step); load average ${load.toFixed(2)}`);

    const cpuStart = process.cpuUsage();
    const started = process.hrtime.bigint();
    const { taskId, total } = await submitImport(db, session, { resource: "rooms", communityId, taskName: "导入房屋", content: file.content });
    const readSeconds = seconds(started);
    const taskStarted = process.hrtime.bigint();
    await runTaskNow(db, taskId);
    const taskSeconds = seconds(taskStarted);
    const took = seconds(started);
    const cpu = process.cpuUsage(cpuStart);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;

    const task = await findTaskById(db, taskId);
    if (task?.state !== "completed") throw new Error(`import task ended ${task?.state}: ${task?.error}`);
    const result = task.result as { total: number; imported: number; rejected: { row: number; reason: string }[] };
    const counts = (
      await db.query<{ rooms: number; buildings: number; units: number }>(
        `select (select count(*)::int from rooms r join buildings b on b.tenant_id = r.tenant_id and b.id = r.building_id
                  where r.tenant_id = $1 and r.community_id = $2 and b.name like '%号楼') as rooms,
                (select count(*)::int from buildings where tenant_id = $1 and community_id = $2 and name like '%号楼') as buildings,
                (select count(*)::int from units u join buildings b on b.tenant_id = u.tenant_id and b.id = u.building_id
                  where u.tenant_id = $1 and u.community_id = $2 and b.name like '%号楼') as units`,
        [data.tenantId, communityId],
      )
    ).rows[0];
    const expectedRooms = rooms - file.bad.length;
    const problems: string[] = [];
    if (total !== rooms || result.total !== rooms) problems.push(`file rows ${total}/${result.total}, expected ${rooms}`);
    if (result.imported !== expectedRooms || counts.rooms !== expectedRooms) problems.push(`imported ${result.imported}, rooms in the database ${counts.rooms}, expected ${expectedRooms}`);
    if (counts.buildings !== file.buildings || counts.units !== file.units) problems.push(`buildings ${counts.buildings}/${file.buildings}, units ${counts.units}/${file.units}`);
    if (result.rejected.length !== file.bad.length) problems.push(`rejected ${result.rejected.length}, expected ${file.bad.length}`);
    result.rejected.forEach((r, k) => {
      const want = file.bad[k];
      if (!want || r.row !== want.row || !r.reason.includes(want.reason)) problems.push(`rejected row ${r.row} “${r.reason}”, expected row ${want?.row} “${want?.reason}”`);
    });
    if (problems.length) throw new Error(`the import did not do what the file asks:\n  ${problems.slice(0, 10).join("\n  ")}`);
    log(`   ${result.imported} rooms imported, ${result.rejected.length} rows rejected (as expected); ${counts.buildings} buildings, ${counts.units} units`);
    log(
      `   read + queue ${readSeconds.toFixed(1)} s, task ${taskSeconds.toFixed(1)} s, total ${took.toFixed(1)} s (${Math.round(rooms / took)} rows/s); CPU of this process ${cpuSeconds.toFixed(1)} s`,
    );
    return {
      backend,
      rows: rooms,
      imported: result.imported,
      rejected: result.rejected.length,
      readSeconds,
      taskSeconds,
      seconds: took,
      cpuSeconds,
      buildings: counts.buildings,
      units: counts.units,
      load,
    };
  } finally {
    await dispose();
  }
}

function report(runs: Run[], startLoad: number, fileBytes: number): string {
  const lines = [
    runLine("npm run bench:import", startLoad),
    "",
    `File: the rooms import template filled with ${runs[0]?.rows ?? 0} rows (${(fileBytes / 1024 / 1024).toFixed(1)} MB), one row in a thousand with a mistake; imported into a fresh community, ${IMPORT_CHUNK} rows a step (one transaction each).`,
    "",
    "| backend | rows in file | rooms imported | rejected rows | buildings / units made | read + queue s | task s | total s | rows/s | CPU s of the process | load at start |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...runs.map(
      (r) =>
        `| ${backendName(r.backend)} | ${r.rows} | ${r.imported} | ${r.rejected} | ${r.buildings} / ${r.units} | ${r.readSeconds.toFixed(1)} | ${r.taskSeconds.toFixed(1)} | ${r.seconds.toFixed(1)} | ${Math.round(r.rows / r.seconds)} | ${r.cpuSeconds.toFixed(1)} | ${r.load.toFixed(2)} |`,
    ),
    "",
    "CPU s: the benchmark process's own CPU time over the import (user + system) — on PGlite the database's work too, on PostgreSQL without the server's. It grows far less than the wall time when other work shares the CPUs.",
    "",
    "Target: ≤ 30 s end to end.",
    ...runs.map((r) => `- ${backendName(r.backend)}: ${r.seconds.toFixed(1)} s — ${r.seconds <= TARGET_SECONDS ? "达到 ✅" : "未达到 ❌"}`),
  ];
  return lines.join("\n");
}

async function main() {
  const backends = backendsOf(values.backend);
  const rooms = Number(values.rooms);
  if (!Number.isInteger(rooms) || rooms < 1 || rooms > MAX_IMPORT_ROWS) throw new Error(`--rooms is 1..${MAX_IMPORT_ROWS} (the rows one file may hold)`);
  const startLoad = loadavg()[0];
  registerExcelTasks();
  log(`== building the file: ${rooms} rooms in the rooms import template`);
  const file = await buildFile(rooms);
  const runs: Run[] = [];
  for (const b of backends) runs.push(await runBackend(b, file, rooms));
  const text = report(runs, startLoad, file.content.length);
  console.log(`\n${text}`);
  if (!values["no-write"]) writeBenchSection("import", "Excel import: 100k rooms", text);
}

runBench(main);
