// Excel import and export (src/server/excel): the template the screen offers; an import of rooms,
// residents and communities as a background task where every row is checked by the same rules, bad
// rows are reported with their row number and reason, good rows are written, and a rejected row
// leaves nothing behind (not even the building it would have created); the export of a list with
// its filters, labels from the schema, mappings as labels and masks applied; tenants stay apart.
import ExcelJS from "exceljs";
import { describe, expect, it, vi } from "vitest";
import { backends, sessionHeaders } from "../support/server.ts";
import { useFlowServer, type FlowContext } from "./support.ts";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** The house template's columns: 房屋状态 is the occupancy, 部署状态 the smart-home deployment state. */
const ROOM_HEADER = ["楼栋", "单元", "房号", "楼层", "房屋类型", "建筑面积(㎡)", "计费面积(㎡)", "房屋状态", "交房日期", "部署状态", "可居住人数"];

async function workbookOf(buffer: Buffer | string): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((typeof buffer === "string" ? Buffer.from(buffer, "binary") : buffer) as unknown as ArrayBuffer);
  return wb;
}

const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const out: unknown[][] = [];
  sheet.eachRow((r) => out.push((r.values as unknown[]).slice(1)));
  return out;
};

async function fileOf(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("导入数据");
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function download(t: FlowContext, token: string, url: string) {
  const r = await t.server.app.inject({ method: "GET", url, headers: sessionHeaders(token) });
  return { status: r.statusCode, headers: r.headers, body: r.rawPayload, json: () => r.json() };
}

async function waitForTask(t: FlowContext, token: string, base: string, id: number) {
  for (let i = 0; i < 150; i++) {
    const r = await t.get(token, `${base}/actions/task?id=${id}`);
    expect(r.status, r.text).toBe(200);
    if (r.body.data.state === "completed" || r.body.data.state === "failed") return r.body.data;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`task ${id} did not finish`);
}

async function upload(t: FlowContext, token: string, url: string, content: Buffer) {
  return t.server.request("POST", url, { token, body: content, headers: { "content-type": XLSX } });
}

describe.each(backends)("excel import and export (%s)", (backend) => {
  const t = useFlowServer(backend);
  const ROOMS = "/api/system/rooms";

  it("offers a template whose header the import reads back", async () => {
    const r = await download(t, t.admin, `${ROOMS}/actions/importTemplate`);
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe(XLSX);
    expect(String(r.headers["content-disposition"])).toContain(encodeURIComponent("房屋导入模板.xlsx"));
    const wb = await workbookOf(r.body);
    const header = rowsOf(wb.getWorksheet("导入数据")!)[0];
    expect(header).toEqual(ROOM_HEADER);
    const notes = rowsOf(wb.getWorksheet("填写说明")!);
    expect(notes.find((n) => n[0] === "房屋类型")![1]).toContain("住宅、商铺、办公、车位、储藏室、其他");
    expect(notes.find((n) => n[0] === "房屋状态")![1]).toContain("自住、出租、空置、装修、未交付");
    expect(notes.find((n) => n[0] === "部署状态")![1]).toContain("未部署、部署中、待交付、验收中、已交付");
    expect(notes.find((n) => n[0] === "交房日期")![1]).toContain("2024-05-01");
  });

  it("imports the good rows, reports the bad ones with row and reason, and half-writes nothing", async () => {
    const content = await fileOf(ROOM_HEADER, [
      ["导入楼A", "1单元", "101", 1, "住宅", "80.50", "", "自住", "2024-05-01", "未部署", 6],
      ["导入楼A", "1单元", "102", 1, "商铺", "90", "85.5", "出租", new Date(Date.UTC(2023, 8, 30)), "已交付", 4],
      ["导入楼A", "1单元", "1#1", 1, "住宅", "90", "", "空置", "", "已交付", 4],
      ["导入楼B", "2单元", "201", 2, "住宅", "90", "", "不知道", "", "已入住", 4],
      ["导入楼A", "1单元", "101", 1, "住宅", "80", "", "自住", "", "未部署", 6],
      [null, null, null, null, null, null, null, null, null, null, null],
      ["导入楼C", "", "301", 3, "住宅", "90", "", "空置", "", "未部署", 4],
      ["导入楼A", "1单元", "103", 1, "住宅", "90", "", "空置", "", "未部署", 101],
      ["导入楼A", "1单元", "104", 1, "住宅", "90", "", "空置", "2024-13-45", "未部署", 4],
    ]);
    const r = await upload(t, t.admin, `${ROOMS}/actions/import?communityId=${t.ids.communityA}`, content);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.total).toBe(8);
    const task = await waitForTask(t, t.admin, ROOMS, r.body.data.taskId);
    expect(task.state).toBe("completed");
    expect(task.result).toBe("导入成功2条，失败6条");
    expect(task.detail.imported).toBe(2);
    expect(task.detail.rejected).toEqual([
      { row: 4, reason: "房号：只能输入数字大小写字母" },
      { row: 5, reason: "房屋状态“不知道”不正确，可选：自住、出租、空置、装修、未交付；部署状态“已入住”不正确，可选：未部署、部署中、待交付、验收中、已交付" },
      { row: 6, reason: "与第 2 行重复" },
      { row: 8, reason: "请输入单元" },
      { row: 9, reason: expect.stringContaining("可居住人数") },
      { row: 10, reason: "交房日期：日期格式不正确" },
    ]);
    const { rows } = await t.server.db.query<{
      room_no: string;
      status: number;
      occupancy: number;
      house_type: number;
      charge_area: string | null;
      delivered: string | null;
      building: string;
      unit: string;
    }>(
      `select r.room_no, r.status, r.occupancy_status as occupancy, r.house_type, r.charge_area::text, r.delivery_date::text as delivered, b.name as building, u.name as unit from rooms r
         join buildings b on b.tenant_id = r.tenant_id and b.id = r.building_id join units u on u.tenant_id = r.tenant_id and u.id = r.unit_id
        where r.tenant_id = $1 and r.community_id = $2 and b.name like '导入楼%' order by r.room_no`,
      [t.ids.tenantA, t.ids.communityA],
    );
    expect(rows.map((x) => [x.building, x.unit, x.room_no, x.house_type, x.charge_area, x.occupancy, x.delivered, x.status])).toEqual([
      ["导入楼A", "1单元", "101", 1, null, 1, "2024-05-01", 1],
      ["导入楼A", "1单元", "102", 2, "85.50", 2, "2023-09-30", 5],
    ]);
    // The rejected row 5 would have created 导入楼B, row 8 导入楼C: neither exists.
    expect(await t.server.count("buildings", "tenant_id = $1 and name in ('导入楼B', '导入楼C')", [t.ids.tenantA])).toBe(0);
    // The task centre lists it.
    const centre = await t.get(t.admin, "/api/management/taskCentre/actions/list");
    expect(centre.body.data.list.some((x: { id: number }) => x.id === r.body.data.taskId)).toBe(true);
  });

  it("writes in set-wise chunks: duplicates of stored rows, of earlier rows (named) and across chunks are reported; a refusal the checks did not foresee rejects only its row", async () => {
    const demo = (
      await t.server.db.query<{ building: string; unit: string; room: string }>(
        `select b.name as building, u.name as unit, r.room_no as room from rooms r
           join buildings b on b.tenant_id = r.tenant_id and b.id = r.building_id join units u on u.tenant_id = r.tenant_id and u.id = r.unit_id
          where r.tenant_id = $1 and r.id = $2`,
        [t.ids.tenantA, t.ids.roomA],
      )
    ).rows[0];
    // A database rule the import's checks do not know: the set-wise write of that chunk fails, and the
    // chunk is written again row by row.
    await t.server.db.exec(`
      create or replace function import_probe_refuse() returns trigger language plpgsql as $$
      begin
        if new.room_no = '9999' then raise exception 'probe refusal' using errcode = '23514'; end if;
        return new;
      end $$;
      create trigger import_probe_refuse before insert on rooms for each row execute function import_probe_refuse();`);
    try {
      const rows: unknown[][] = Array.from({ length: 1005 }, (_, i) => ["批量楼", `${1 + (i % 2)}单元`, String(1000 + i), 1 + Math.floor(i / 40), "住宅", "88.00", "", "自住", "", "已交付", 6]);
      rows[5] = [...rows[3]]; // the same room as an earlier row of the chunk
      rows[7] = [demo.building, demo.unit, demo.room, 1, "住宅", "88.00", "", "自住", "", "已交付", 6]; // a room already stored
      rows[1001] = [...rows[11]]; // the same room as a row of the first chunk (1000 rows a step)
      rows[1003] = ["拒绝楼", "1单元", "9999", 1, "住宅", "88.00", "", "自住", "", "已交付", 6]; // refused by the database
      rows[1004] = ["批量楼二", "1单元", "101", 1, "住宅", "88.00", "", "自住", "", "已交付", 6]; // a new building in the row-by-row chunk
      const content = await fileOf(ROOM_HEADER, rows);
      const r = await upload(t, t.admin, `${ROOMS}/actions/import?communityId=${t.ids.communityA}`, content);
      expect(r.status, r.text).toBe(200);
      expect(r.body.data.total).toBe(1005);
      const task = await waitForTask(t, t.admin, ROOMS, r.body.data.taskId);
      expect(task.state).toBe("completed");
      expect(task.detail.rejected).toEqual([
        { row: 7, reason: "与第 5 行重复" },
        { row: 9, reason: "房屋已存在" },
        // A row of an earlier step (1000 rows a step) is stored by then: the row repeats stored data.
        { row: 1003, reason: "房屋已存在" },
        { row: 1005, reason: "请求参数错误" },
      ]);
      expect(task.detail.imported).toBe(1001);
      expect(task.result).toBe("导入成功1001条，失败4条");
      expect(
        await t.server.count("rooms r join buildings b on b.tenant_id = r.tenant_id and b.id = r.building_id", "r.tenant_id = $1 and r.community_id = $2 and b.name in ('批量楼', '批量楼二')", [
          t.ids.tenantA,
          t.ids.communityA,
        ]),
      ).toBe(1001);
      expect(await t.server.count("units u join buildings b on b.tenant_id = u.tenant_id and b.id = u.building_id", "u.tenant_id = $1 and b.name = '批量楼'", [t.ids.tenantA])).toBe(2);
      // The refused row left nothing behind, not even its building.
      expect(await t.server.count("buildings", "tenant_id = $1 and name = '拒绝楼'", [t.ids.tenantA])).toBe(0);
      // Written by the admin, in the import's community; one operation log entry a step.
      const made = await t.server.db.query<{ created_by: number; community_id: number }>(
        "select distinct r.created_by, r.community_id from rooms r join buildings b on b.tenant_id = r.tenant_id and b.id = r.building_id where r.tenant_id = $1 and b.name = '批量楼'",
        [t.ids.tenantA],
      );
      expect(made.rows).toEqual([{ created_by: await t.firstId("users", "username = 'admin'"), community_id: t.ids.communityA }]);
      expect(await t.server.count("operation_logs", "tenant_id = $1 and resource = 'rooms' and action = 'import' and target_id = $2", [t.ids.tenantA, r.body.data.taskId])).toBe(2);
    } finally {
      await t.server.db.exec("drop trigger if exists import_probe_refuse on rooms; drop function if exists import_probe_refuse();");
    }
  });

  it("imports residents into existing rooms and communities by area name (importCommunity)", async () => {
    const { rows } = await t.server.db.query<{ building: string; unit: string; room: string }>(
      `select b.name as building, u.name as unit, r.room_no as room from rooms r
         join buildings b on b.tenant_id = r.tenant_id and b.id = r.building_id join units u on u.tenant_id = r.tenant_id and u.id = r.unit_id
        where r.tenant_id = $1 and r.id = $2`,
      [t.ids.tenantA, t.ids.roomA],
    );
    const room = rows[0];
    const people = await fileOf(
      ["楼栋", "单元", "房号", "姓名", "手机号", "身份证号", "身份", "邮箱", "入住日期"],
      [
        [room.building, room.unit, room.room, "导入住户", "13511112222", "", "业主", "", new Date(Date.UTC(2024, 4, 1))],
        [room.building, room.unit, "9999", "无房住户", "13511113333", "", "业主", "", "2024-05-01"],
        [room.building, room.unit, room.room, "坏手机", "1234", "", "业主", "", ""],
      ],
    );
    await t.server.db.query("update rooms set max_residents = 100 where tenant_id = $1 and id = $2", [t.ids.tenantA, t.ids.roomA]);
    const r = await upload(t, t.admin, `/api/system/inhabitants/actions/import?communityId=${t.ids.communityA}`, people);
    const task = await waitForTask(t, t.admin, "/api/system/inhabitants", r.body.data.taskId);
    expect(task.detail.imported).toBe(1);
    expect(task.detail.rejected.map((x: { row: number }) => x.row)).toEqual([3, 4]);
    expect(task.detail.rejected[0].reason).toBe(`房屋“${room.building}-${room.unit}-9999”不存在`);
    const made = await t.server.db.query<{ move_in_date: string; identity: number }>("select move_in_date::text, identity from inhabitants where tenant_id = $1 and name = '导入住户'", [
      t.ids.tenantA,
    ]);
    expect(made.rows[0]).toMatchObject({ move_in_date: "2024-05-01", identity: 1 });

    const area = (await t.server.db.query<{ name: string }>("select name from areas where tenant_id = $1 and id = $2", [t.ids.tenantA, t.ids.areaA])).rows[0].name;
    const communities = await fileOf(
      ["社区名称", "所属区域", "行政区划代码", "联系电话"],
      [
        ["导入社区一", area, "110101", "13800001111"],
        ["导入社区二", "没有这个区域", "", ""],
      ],
    );
    const c = await upload(t, t.admin, "/api/system/communities/actions/importCommunity", communities);
    expect(c.status, c.text).toBe(200);
    const ct = await waitForTask(t, t.admin, "/api/system/communities", c.body.data.taskId);
    expect(ct.detail).toMatchObject({ imported: 1, rejected: [{ row: 3, reason: "所属区域“没有这个区域”不存在" }] });
    expect(await t.server.count("communities", "tenant_id = $1 and name = '导入社区一'", [t.ids.tenantA])).toBe(1);
  });

  it("refuses a file that is not the template, and a community of another tenant", async () => {
    const junk = await upload(t, t.admin, `${ROOMS}/actions/import?communityId=${t.ids.communityA}`, Buffer.from("not an excel file"));
    expect(junk.status).toBe(400);
    expect(junk.body.message).toBe("无法读取文件，请上传 .xlsx 格式的导入模板");
    const wrong = await upload(t, t.admin, `${ROOMS}/actions/import?communityId=${t.ids.communityA}`, await fileOf(["名字"], [["x"]]));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain("模板不正确");
    const file = await fileOf(["楼栋", "单元", "房号", "房屋类型", "房屋状态", "部署状态", "可居住人数"], [["越权楼", "1单元", "101", "住宅", "空置", "未部署", 6]]);
    const foreign = await upload(t, t.admin2, `${ROOMS}/actions/import?communityId=${t.ids.communityA}`, file);
    expect(foreign.status).toBe(400);
    expect(await t.server.count("buildings", "name = '越权楼'")).toBe(0);
    expect((await upload(t, t.admin, `${ROOMS}/actions/import`, file)).body.message).toBe("请选择社区");
    // A resource without importable has no import.
    expect((await upload(t, t.admin, "/api/property/repairs/actions/import", file)).status).toBe(404);
  });

  it("wakes the task worker for an import and for an export, so neither waits for the worker's next poll", async () => {
    // The worker wakes when a write of the tasks table commits (src/server/platform/tasks/runner.ts), by
    // the time the request that enqueued the task is answered; its own writes while it runs may wake it too.
    const wake = vi.spyOn(t.server.app.tasks!, "wake");
    try {
      const imported = await upload(
        t,
        t.admin,
        `${ROOMS}/actions/import?communityId=${t.ids.communityA}`,
        await fileOf(ROOM_HEADER, [["唤醒楼", "1单元", "901", 9, "住宅", "80", "80", "自住", "2024-05-01", "已交付", 3]]),
      );
      expect(imported.status, imported.text).toBe(200);
      expect(wake).toHaveBeenCalled();
      wake.mockClear();
      const exported = await t.post(t.admin, "/api/system/inhabitants/actions/export", { communityId: t.ids.communityA });
      expect(exported.status, exported.text).toBe(200);
      expect(wake).toHaveBeenCalled();
      await waitForTask(t, t.admin, ROOMS, imported.body.data.taskId);
      await waitForTask(t, t.admin, "/api/system/inhabitants", exported.body.data.taskId);
    } finally {
      wake.mockRestore();
    }
  });

  it("exports a list with its filters: labels, mapping labels, masks; only the tenant's rows", async () => {
    const INH = "/api/system/inhabitants";
    const r = await t.post(t.admin, `${INH}/actions/export`, { communityId: t.ids.communityA, keyword: "导入住户" });
    expect(r.status, r.text).toBe(200);
    const task = await waitForTask(t, t.admin, INH, r.body.data.taskId);
    expect(task).toMatchObject({ state: "completed", result: "已导出1条" });
    const file = await download(t, t.admin, `${INH}/actions/file?taskId=${r.body.data.taskId}`);
    expect(file.status).toBe(200);
    const rows = rowsOf((await workbookOf(file.body)).worksheets[0]);
    expect(rows[0]).toEqual(["所属社区", "姓名", "手机号", "身份证号", "房屋", "身份", "入住日期"]);
    expect(rows).toHaveLength(2);
    expect(rows[1][1]).toBe("导**");
    expect(rows[1][2]).toBe("135****2222");
    expect(rows[1][5]).toBe("业主");
    expect(rows[1][6]).toBe("2024-05-01");

    // Another tenant sees neither the task nor the file, and its own export has none of A's rows.
    expect((await t.get(t.admin2, `${INH}/actions/task?id=${r.body.data.taskId}`)).status).toBe(404);
    expect((await download(t, t.admin2, `${INH}/actions/file?taskId=${r.body.data.taskId}`)).status).toBe(404);
    const b = await t.post(t.admin2, `${INH}/actions/export`, { keyword: "导入住户" });
    const bt = await waitForTask(t, t.admin2, INH, b.body.data.taskId);
    expect(bt.result).toBe("已导出0条");

    // The room list with a 房屋状态 filter: the list's columns, states as their labels.
    const rr = await t.post(t.admin, `${ROOMS}/actions/export`, { communityId: t.ids.communityA, occupancyStatus: 2 });
    await waitForTask(t, t.admin, ROOMS, rr.body.data.taskId);
    const roomRows = rowsOf((await workbookOf((await download(t, t.admin, `${ROOMS}/actions/file?taskId=${rr.body.data.taskId}`)).body)).worksheets[0]);
    expect(roomRows[0]).toEqual(expect.arrayContaining(["房屋类型", "建筑面积(㎡)", "计费面积(㎡)", "房屋状态", "交房日期"]));
    expect(roomRows[0]).not.toContain("部署状态");
    const statusColumn = roomRows[0].indexOf("房屋状态");
    expect(roomRows.length).toBeGreaterThan(1);
    expect(roomRows.slice(1).every((row) => row[statusColumn] === "出租")).toBe(true);

    // A user without the code cannot export.
    const staff = await t.post(t.staff, "/api/property/repairs/actions/export", {});
    expect(staff.status).toBe(401);
  });
});
