// Imports an office can trust (issue "An office's first day", Deliver 5): a resident whose room
// already has that phone, and a house whose 楼栋 + 单元 + 房号 exists — stored, or earlier in the same
// file — is rejected with a reason that says so (importing the same file twice writes nothing the
// second time); a row with several faults lists them all, each naming its column; the task centre
// offers the rejected rows as a workbook (as uploaded, plus 错误原因) to the task's own user and
// tenant only; the templates give person-like examples and a dropdown in each column with a list.
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { backends, sessionHeaders } from "../support/server.ts";
import { useFlowServer, type FlowContext } from "./support.ts";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const INH = "/api/system/inhabitants";
const ROOMS = "/api/system/rooms";
const ERRORS = "/api/management/taskCentre/actions/importErrorFile";
const INH_HEADER = ["楼栋", "单元", "房号", "姓名", "手机号", "身份证号", "身份", "邮箱", "入住日期"];
const ROOM_HEADER = ["楼栋", "单元", "房号", "楼层", "房屋类型", "建筑面积(㎡)", "计费面积(㎡)", "房屋状态", "交房日期", "部署状态", "可居住人数"];
const RESIDENT_EXISTS = "该房屋已有此手机号的住户";

async function workbookOf(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
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
  return { status: r.statusCode, headers: r.headers, body: r.rawPayload, json: () => r.json<{ code: number; message: string }>() };
}

interface ImportTask {
  id: number;
  state: string;
  result: string;
  detail: { total: number; imported: number; rejected: { row: number; reason: string }[]; rejectedCount: number; errorRows: number };
}

/** Uploads a file to an importable resource of community A and waits for its task. */
async function importFile(t: FlowContext, base: string, content: Buffer, token = t.admin): Promise<ImportTask> {
  const r = await t.server.request("POST", `${base}/actions/import?communityId=${t.ids.communityA}`, { token, body: content, headers: { "content-type": XLSX } });
  expect(r.status, r.text).toBe(200);
  for (let i = 0; i < 150; i++) {
    const task = await t.get(token, `${base}/actions/task?id=${r.body.data.taskId}`);
    expect(task.status, task.text).toBe(200);
    if (task.body.data.state === "completed" || task.body.data.state === "failed") return task.body.data as ImportTask;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`task ${r.body.data.taskId} did not finish`);
}

describe.each(backends)("imports an office can trust (%s)", (backend) => {
  const t = useFlowServer(backend);
  /** Two rooms of community A, by name (楼栋, 单元, 房号) and id. */
  let rooms: { building: string; unit: string; room: string; id: number }[];

  beforeAll(async () => {
    const { rows } = await t.server.db.query<{ building: string; unit: string; room: string; id: number }>(
      `select b.name as building, u.name as unit, r.room_no as room, r.id from rooms r
         join buildings b on b.tenant_id = r.tenant_id and b.id = r.building_id join units u on u.tenant_id = r.tenant_id and u.id = r.unit_id
        where r.tenant_id = $1 and r.community_id = $2 order by r.id limit 2`,
      [t.ids.tenantA, t.ids.communityA],
    );
    rooms = rows.map((r) => ({ ...r, id: Number(r.id) }));
    expect(rooms).toHaveLength(2);
    await t.server.db.query("update rooms set max_residents = 100 where tenant_id = $1 and id = any($2::bigint[])", [t.ids.tenantA, rooms.map((r) => r.id)]);
  });

  const at = (k: number) => [rooms[k].building, rooms[k].unit, rooms[k].room];

  it("rejects a resident whose room already has that phone, stored or earlier in the file; the same file twice writes nothing more", async () => {
    const stored = await t.post(t.admin, INH, { communityId: t.ids.communityA, roomId: rooms[0].id, name: "已有住户", phone: "13600000009" });
    expect(stored.status, stored.text).toBe(200);
    const file = await fileOf(INH_HEADER, [
      [...at(0), "甲一", "13600000001", "", "业主", "", ""],
      [...at(0), "甲二", "13600000001", "", "家属", "", ""], // the same room and phone as row 2
      [...at(1), "甲三", "13600000001", "", "业主", "", ""], // the same phone in another room: fine
      [...at(0), "甲四", "13600000009", "", "租客", "", ""], // the stored resident's room and phone
    ]);
    const first = await importFile(t, INH, file);
    expect(first.state).toBe("completed");
    expect(first.result).toBe("导入成功2条，失败2条");
    expect(first.detail.rejected).toEqual([
      { row: 3, reason: RESIDENT_EXISTS },
      { row: 5, reason: RESIDENT_EXISTS },
    ]);
    // Imported again: every row is a resident the room already has.
    const again = await importFile(t, INH, file);
    expect(again.detail.imported).toBe(0);
    expect(again.detail.rejected).toEqual([2, 3, 4, 5].map((row) => ({ row, reason: RESIDENT_EXISTS })));
    expect(await t.server.count("inhabitants", "tenant_id = $1 and phone = '13600000001'", [t.ids.tenantA])).toBe(2);
    expect(await t.server.count("inhabitants", "tenant_id = $1 and phone = '13600000009'", [t.ids.tenantA])).toBe(1);
  });

  it("rejects a house whose 楼栋 + 单元 + 房号 exists, stored or earlier in the file", async () => {
    const file = await fileOf(ROOM_HEADER, [
      [...at(0), 1, "住宅", "80", "", "自住", "", "未部署", 6], // stored
      ["信任楼", "1单元", "101", 1, "住宅", "80", "", "自住", "", "未部署", 6],
      ["信任楼", "1单元", "101", 1, "商铺", "90", "85", "出租", "", "已交付", 4], // row 3 again
    ]);
    const task = await importFile(t, ROOMS, file);
    expect(task.detail.imported).toBe(1);
    expect(task.detail.rejected).toEqual([
      { row: 2, reason: "房屋已存在" },
      { row: 4, reason: "与第 3 行重复" },
    ]);
    const again = await importFile(t, ROOMS, file);
    expect(again.detail.rejected.map((r) => r.reason)).toEqual(["房屋已存在", "房屋已存在", "房屋已存在"]);
  });

  it("lists every fault of a row, each naming its column", async () => {
    const people = await importFile(
      t,
      INH,
      await fileOf(INH_HEADER, [
        [...at(0), "", "1234", "12345", "不知道", "not-an-email", ""],
        ["", rooms[0].unit, "", "乙一", "1234", "", "业主", "", ""],
        [rooms[0].building, rooms[0].unit, "没有这间", "乙二", "13600000002", "", "邻居", "", ""],
      ]),
    );
    expect(people.detail.imported).toBe(0);
    const [many, noRoom, missing] = people.detail.rejected;
    expect(many.row).toBe(2);
    const faults = many.reason.split("；");
    expect(faults).toHaveLength(5);
    // In column order, each naming its column.
    expect(faults).toEqual(["请输入姓名", "请输入正确的手机号", "请输入正确的身份证号", "身份“不知道”不正确，可选：业主、家属、租客", "请输入正确的邮箱"]);
    expect(noRoom.reason.split("；")).toEqual(["请填写楼栋、单元和房号", expect.stringContaining("手机号")]);
    expect(missing.reason).toBe(`房屋“${rooms[0].building}-${rooms[0].unit}-没有这间”不存在；身份“邻居”不正确，可选：业主、家属、租客`);

    const houses = await importFile(t, ROOMS, await fileOf(ROOM_HEADER, [["信任楼二", "", "1#1", "第一层", "别墅", "-5", "12.345", "不知道", "昨天", "已入住", 101]]));
    const houseFaults = houses.detail.rejected[0].reason.split("；");
    expect(houseFaults[0]).toBe("请输入单元");
    ["房号：", "楼层：", "房屋类型“别墅”", "建筑面积(㎡)：", "计费面积(㎡)：", "房屋状态“不知道”", "交房日期", "部署状态“已入住”", "可居住人数："].forEach((label, i) =>
      expect(houseFaults[i + 1]).toContain(label),
    );
    expect(houseFaults).toHaveLength(10);
    // The rejected row made nothing, not even its building.
    expect(await t.server.count("buildings", "tenant_id = $1 and name = '信任楼二'", [t.ids.tenantA])).toBe(0);
  });

  it("offers the rejected rows as a workbook with 错误原因, which reads back as an import once fixed", async () => {
    const task = await importFile(
      t,
      INH,
      await fileOf(INH_HEADER, [
        [...at(1), "丙一", "13600000003", "", "业主", "", new Date(Date.UTC(2024, 4, 1))],
        [...at(1), "丙二", "1234", "", "业主", "", new Date(Date.UTC(2024, 5, 2))],
        [...at(1), "丙三", "13600000004", "", "不知道", "", ""],
      ]),
    );
    expect(task.detail).toMatchObject({ total: 3, imported: 1, rejectedCount: 2, errorRows: 2 });
    // The task centre's list carries it (the page offers 下载错误数据 by errorRows).
    const centre = await t.get(t.admin, "/api/management/taskCentre/actions/list");
    expect(centre.body.data.list.find((x: { id: number }) => x.id === task.id).detail.errorRows).toBe(2);

    const file = await download(t, t.admin, `${ERRORS}?taskId=${task.id}`);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe(XLSX);
    expect(String(file.headers["content-disposition"])).toContain(encodeURIComponent("住户导入错误数据.xlsx"));
    const sheet = (await workbookOf(file.body)).getWorksheet("导入数据")!;
    const rows = rowsOf(sheet);
    expect(rows[0]).toEqual([...INH_HEADER, "错误原因"]);
    expect(rows).toHaveLength(3);
    expect(rows[1].slice(0, 7)).toEqual([...at(1), "丙二", "1234", undefined, "业主"]);
    expect(rows[1][8]).toEqual(new Date(Date.UTC(2024, 5, 2)));
    expect(rows[1][9]).toBe(task.detail.rejected[0].reason);
    expect(rows[1][9]).toContain("手机号");
    expect(rows[2].slice(0, 7)).toEqual([...at(1), "丙三", "13600000004", undefined, "不知道"]);
    expect(rows[2][9]).toBe("身份“不知道”不正确，可选：业主、家属、租客");
    // The dropdown of the template is there too, for fixing the rows.
    expect(sheet.getCell("G2").dataValidation).toMatchObject({ type: "list", formulae: ['"业主,家属,租客"'] });

    // Fixed, the same workbook imports (its 错误原因 column is not read).
    sheet.getCell("E2").value = "13600000005";
    sheet.getCell("G3").value = "租客";
    const fixed = await importFile(t, INH, Buffer.from(await sheet.workbook.xlsx.writeBuffer()));
    expect(fixed.detail).toMatchObject({ total: 2, imported: 2, rejected: [], rejectedCount: 0, errorRows: 0 });
    expect(await t.server.count("inhabitants", "tenant_id = $1 and name in ('丙二', '丙三')", [t.ids.tenantA])).toBe(2);
  });

  it("lets only the task's own user, or its tenant's main account, download it", async () => {
    const task = await importFile(t, INH, await fileOf(INH_HEADER, [[...at(0), "丁一", "1234", "", "业主", "", ""]]));
    expect(task.detail.errorRows).toBe(1);
    expect((await download(t, t.admin, `${ERRORS}?taskId=${task.id}`)).status).toBe(200);
    // Another tenant's main account, another user of the tenant: not found.
    const foreign = await download(t, t.admin2, `${ERRORS}?taskId=${task.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.length).toBeLessThan(300);
    expect((await download(t, t.staff, `${ERRORS}?taskId=${task.id}`)).status).toBe(404);
    expect((await t.server.request("GET", `${ERRORS}?taskId=${task.id}`)).status).toBe(401);
    expect((await download(t, t.admin, `${ERRORS}?taskId=999999999`)).status).toBe(404);
    expect((await download(t, t.admin, `${ERRORS}?taskId=abc`)).status).toBe(400);
    // An import without rejected rows has no error workbook; an export is no import.
    const clean = await importFile(t, INH, await fileOf(INH_HEADER, [[...at(0), "丁二", "13600000006", "", "业主", "", ""]]));
    expect(clean.detail.errorRows).toBe(0);
    const none = await download(t, t.admin, `${ERRORS}?taskId=${clean.id}`);
    expect(none.status).toBe(404);
    expect(none.json().message).toBe("该任务没有可下载的错误数据");
    const exported = await t.post(t.admin, `${INH}/actions/export`, { communityId: t.ids.communityA });
    expect((await download(t, t.admin, `${ERRORS}?taskId=${exported.body.data.taskId}`)).status).toBe(404);
  });

  it("keeps the reasons and the workbook of the first 10 000 rejected rows, and counts them all", async () => {
    const rows = Array.from({ length: 10_005 }, (_, i) => ["界限楼", "1单元", `${i}#`, 1, "住宅", "80", "", "自住", "", "未部署", 6]);
    const task = await importFile(t, ROOMS, await fileOf(ROOM_HEADER, rows));
    expect(task.result).toBe("导入成功0条，失败10005条");
    expect(task.detail).toMatchObject({ total: 10_005, imported: 0, rejectedCount: 10_005, errorRows: 10_000 });
    expect(task.detail.rejected).toHaveLength(10_000);
    expect(task.detail.rejected.at(-1)).toEqual({ row: 10_001, reason: "房号：只能输入数字大小写字母" });
    const sheet = (await workbookOf((await download(t, t.admin, `${ERRORS}?taskId=${task.id}`)).body)).getWorksheet("导入数据")!;
    expect(sheet.rowCount).toBe(10_001);
    expect(sheet.getCell("C10001").value).toBe("9999#");
  });

  it("offers templates with sensible examples and a dropdown in each column with a list", async () => {
    const template = async (base: string) => workbookOf((await download(t, t.admin, `${base}/actions/importTemplate`)).body);
    const examples = (wb: ExcelJS.Workbook) => new Map(rowsOf(wb.getWorksheet("填写说明")!).map((r) => [r[0], r[2]]));

    const people = await template(INH);
    expect(examples(people).get("姓名")).toBe("张三");
    expect(examples(people).get("身份")).toBe("业主");
    const data = people.getWorksheet("导入数据")!;
    expect(rowsOf(data)[0]).toEqual(INH_HEADER);
    const identity = data.getCell("G2").dataValidation;
    expect(identity).toMatchObject({ type: "list", allowBlank: true, showErrorMessage: true, formulae: ['"业主,家属,租客"'] });
    expect(data.getCell("G100001").dataValidation).toEqual(identity); // every row the import takes
    expect(data.getCell("D2").dataValidation).toBeUndefined(); // 姓名: free text

    const houses = await template(ROOMS);
    const houseSheet = houses.getWorksheet("导入数据")!;
    expect(houseSheet.getCell("E2").dataValidation).toMatchObject({ type: "list", formulae: ['"住宅,商铺,办公,车位,储藏室,其他"'] });
    expect(houseSheet.getCell("H2").dataValidation).toMatchObject({ type: "list", formulae: ['"自住,出租,空置,装修,未交付"'] });
    expect(houseSheet.getCell("J2").dataValidation).toMatchObject({ type: "list", formulae: ['"未部署,部署中,待交付,验收中,已交付"'] });
    expect(houseSheet.getCell("G2").dataValidation).toBeUndefined(); // 计费面积: a number
    expect(examples(houses).get("楼栋")).toBe("1栋");
    expect(examples(houses).get("房屋类型")).toBe("住宅");
    expect(examples(houses).get("计费面积(㎡)")).toBe("85.00");
    expect(examples(houses).get("交房日期")).toBe("2024-05-01");

    expect(examples(await template("/api/system/communities")).get("社区名称")).toBe("阳光花园");
    expect(examples(await template("/api/system/buildings")).get("楼栋名称")).toBe("1栋");
  });
});
