// Meters and readings (issue 38 items 1–2): the server fills the previous reading, works out the use
// with rollover, replacement and 倍率, flags anomalies instead of refusing them; readings are approved
// (anomalies with a review note, the batch skips them), billed and then locked; the grid lists a
// building's meters with their previous readings and the missing ones; other tenants see nothing.
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { backends, sessionHeaders } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { generate, makeCommunity, meterTypeId, ok, paymentItem, priceType, type Fixture } from "./support.ts";

describe.each(backends)("meters and readings (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let water: number;
  let n = 0;

  beforeAll(async () => {
    fx = await makeCommunity(t.server, t.ids.tenantA, "抄表测试社区", [{ area: "80.00" }, { area: "90.00" }, { area: "100.00" }, { area: "110.00" }]);
    water = await meterTypeId(t.server, t.admin);
  });

  const meter = async (body: Record<string, unknown>) =>
    (
      await ok(t.server, "POST", "/api/property/meters", t.admin, {
        communityId: fx.communityId,
        meterNo: `MT${++n}`,
        meterTypeId: water,
        scopeKind: 1,
        multiplier: "1",
        initialReading: "0",
        status: 1,
        ...body,
      })
    ).id as number;
  const read = (meterId: number, period: string, currentReading: string, extra: Record<string, unknown> = {}) =>
    ok(t.server, "POST", "/api/property/meterReadings", t.admin, { communityId: fx.communityId, meterId, period, currentReading, ...extra });

  it("seeds the built-in meter types for every tenant", async () => {
    for (const token of [t.admin, t.admin2]) {
      const page = await ok(t.server, "POST", "/api/property/meterTypes/actions/pageList", token, { pageSize: 50 });
      const builtIn = (page.list as { name: string; unit: string; builtIn: boolean }[]).filter((r) => r.builtIn).map((r) => `${r.name}/${r.unit}`);
      expect(builtIn).toEqual(["水/吨", "电/度", "燃气/立方米", "热/GJ"]);
    }
  });

  it("fills the previous reading from the last one, else the initial reading, and applies the multiplier", async () => {
    const m = await meter({ roomId: fx.rooms[0].id, initialReading: "10.50", multiplier: "2.50" });
    const first = await read(m, "2026-01", "20.75");
    expect(first).toMatchObject({ previousReading: "10.50", usage: "25.6250", anomaly: 1, status: 1, roomId: fx.rooms[0].id, meterTypeId: water });
    const second = await read(m, "2026-02", "30.00");
    expect(second).toMatchObject({ previousReading: "20.75", usage: "23.1250" });
  });

  it("rolls a meter with a maximum reading over, and flags one without it as negative use (not refused)", async () => {
    const rolls = await meter({ roomId: fx.rooms[1].id, initialReading: "9990.00", maxReading: "9999.99" });
    expect(await read(rolls, "2026-01", "12.00")).toMatchObject({ usage: "21.9900", rolledOver: true, anomaly: 1 });
    const back = await meter({ roomId: fx.rooms[1].id, initialReading: "50.00" });
    expect(await read(back, "2026-01", "40.00")).toMatchObject({ usage: "-10.0000", rolledOver: false, anomaly: 2 });
  });

  it("counts a replacement in the period: old meter's last stretch plus the new meter's first", async () => {
    const m = await meter({ roomId: fx.rooms[2].id, initialReading: "100.00" });
    await read(m, "2026-01", "150.00");
    await ok(t.server, "POST", "/api/property/meterReplacements", t.admin, {
      communityId: fx.communityId,
      meterId: m,
      replacedOn: "2026-02-10",
      oldFinalReading: "170.00",
      newInitialReading: "0.00",
      newMeterNo: "NEWMT1",
    });
    const detail = await ok(t.server, "GET", `/api/property/meters/${m}`, t.admin);
    expect(detail.meterNo).toBe("NEWMT1");
    // (170 − 150) + (5 − 0) = 25
    expect(await read(m, "2026-02", "5.00")).toMatchObject({ previousReading: "150.00", usage: "25.0000", replaced: true, anomaly: 1 });
    // The month after: from the new meter's reading.
    expect(await read(m, "2026-03", "30.00")).toMatchObject({ previousReading: "5.00", usage: "25.0000", replaced: false });
  });

  it("flags a use over 3 × the average of the last periods, which needs a review note to approve", async () => {
    const m = await meter({ roomId: fx.rooms[3].id, initialReading: "0" });
    await read(m, "2025-10", "10.00");
    await read(m, "2025-11", "20.00");
    const spike = await read(m, "2025-12", "60.00");
    expect(spike).toMatchObject({ usage: "40.0000", anomaly: 3 });
    const refused = await t.server.request("POST", `/api/property/meterReadings/${spike.id}/actions/approve`, { token: t.admin, body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 40020, message: "异常读数请填写复核说明后再审核" });
    const batch = await ok(t.server, "POST", "/api/property/meterReadings/actions/approveBatch", t.admin, { ids: [spike.id] });
    expect(batch).toEqual({ approved: 0, skipped: 1 });
    const approved = await ok(t.server, "POST", `/api/property/meterReadings/${spike.id}/actions/approve`, t.admin, { reviewNote: "住户装修用水已核实" });
    expect(approved).toMatchObject({ status: 2 });
  });

  it("shows a building's meters in the grid with previous readings and the missing ones, and saves it", async () => {
    const grid = await ok(t.server, "GET", `/api/property/meterReadings/actions/grid?communityId=${fx.communityId}&buildingId=${fx.buildingId}&meterTypeId=${water}&period=2026-04`, t.admin);
    expect(grid.missing).toBe(grid.rows.length);
    const row = grid.rows.find((r: { meterNo: string }) => r.meterNo === "NEWMT1");
    expect(row).toMatchObject({ previousReading: "30.00", readingId: null });
    const saved = await ok(t.server, "POST", "/api/property/meterReadings/actions/saveGrid", t.admin, {
      communityId: fx.communityId,
      period: "2026-04",
      readings: [{ meterId: row.meterId, currentReading: "41.00" }],
    });
    expect(saved).toEqual({ saved: 1, anomalies: 0 });
    const after = await ok(t.server, "GET", `/api/property/meterReadings/actions/grid?communityId=${fx.communityId}&buildingId=${fx.buildingId}&meterTypeId=${water}&period=2026-04`, t.admin);
    expect(after.missing).toBe(grid.missing - 1);
    expect(after.rows.find((r: { meterId: number }) => r.meterId === row.meterId)).toMatchObject({ currentReading: "41.00", usage: "11.0000", status: 1 });
  });

  it("bills only approved readings, marks them 已计费 and then refuses to change or delete them", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "抄表水价", pricingMethod: 3, unitPrice: "3.00", meterUnit: "吨" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "抄表水费", meterTypeId: water });
    const m = await meter({ roomId: fx.rooms[0].id, meterTypeId: water, initialReading: "0" });
    const r = await read(m, "2026-05", "7.00");
    const pending = await generate(t.server, t.admin, { period: "2026-05", paymentItemIds: [item] });
    expect(pending.batches[0].billCount).toBe(0);
    expect(await ok(t.server, "POST", "/api/property/meterReadings/actions/approveBatch", t.admin, { ids: [r.id] })).toEqual({ approved: 1, skipped: 0 });
    // The earlier meter of room 0 has no reading in 2026-05: only this one's use is billed.
    const run = await generate(t.server, t.admin, { period: "2026-05", paymentItemIds: [item] });
    expect(run.batches[0]).toMatchObject({ billCount: 1, totalAmount: "21.00" });
    const billed = await ok(t.server, "GET", `/api/property/meterReadings/${r.id}`, t.admin);
    expect(billed.status).toBe(3);
    expect(billed.billId).toBeTruthy();
    const edit = await t.server.request("PUT", `/api/property/meterReadings/${r.id}`, { token: t.admin, body: { communityId: fx.communityId, meterId: m, period: "2026-05", currentReading: "8.00" } });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ code: 40970, message: "该读数已计费，不能修改或删除；更正请对账单做减免或临时收费" });
    const del = await t.server.request("DELETE", `/api/property/meterReadings/${r.id}`, { token: t.admin });
    expect(del.body.code).toBe(40970);
    const grid = await t.server.request("POST", "/api/property/meterReadings/actions/saveGrid", {
      token: t.admin,
      body: { communityId: fx.communityId, period: "2026-05", readings: [{ meterId: m, currentReading: "9.00" }] },
    });
    expect(grid.body.code).toBe(40970);
  });

  it("a formula over 用量 bills approved readings and locks them as well", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "公式水价", pricingMethod: 5, formula: "用量*单价+附加费", unitPrice: "2.00", surcharge: "1.50" });
    // Without a meter type the formula's 用量 has no meters to read: refused as a metered item is.
    const typeless = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "无表类型公式水费" });
    const refusedRun = await t.server.request("POST", "/api/property/bills/actions/generate", { token: t.admin, body: { period: "2026-07", paymentItemIds: [typeless] } });
    expect(refusedRun.body).toMatchObject({ code: 40021, message: "缴费项目“无表类型公式水费”按抄表用量计价，请先选择表类型" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "公式水费", meterTypeId: water });
    const m = await meter({ roomId: fx.rooms[2].id, meterTypeId: water, initialReading: "0" });
    const r = await read(m, "2026-07", "10.00");
    await ok(t.server, "POST", "/api/property/meterReadings/actions/approveBatch", t.admin, { ids: [r.id] });
    const run = await generate(t.server, t.admin, { period: "2026-07", paymentItemIds: [item] });
    expect(run.batches[0]).toMatchObject({ billCount: 1, totalAmount: "21.50" });
    const billed = await ok(t.server, "GET", `/api/property/meterReadings/${r.id}`, t.admin);
    expect(billed).toMatchObject({ status: 3, period: "2026-07" });
    expect(billed.billId).toBeTruthy();
  });

  it("takes readings from a meter gateway (ingest): each settled as an entered one; a stopped meter's and a repeated one are refused alone", async () => {
    const m = await meter({ roomId: fx.rooms[3].id, initialReading: "100.00" });
    const stopped = await meter({ roomId: fx.rooms[3].id, status: 2 });
    const r = await t.server.request("POST", "/api/property/meterReadings/actions/ingest", {
      token: t.admin,
      body: {
        records: [
          { communityId: fx.communityId, meterId: m, period: "2026-08", currentReading: "112.50", readAt: "2026-08-28" },
          { communityId: fx.communityId, meterId: stopped, period: "2026-08", currentReading: "5.00" },
          { communityId: fx.communityId, meterId: m, period: "2026-08", currentReading: "113.00" },
        ],
      },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.accepted).toBe(1);
    expect(r.body.data.rejected).toMatchObject([
      { index: 1, message: "该仪表已停用，不能录入读数" },
      { index: 2, field: expect.any(String) },
    ]);
    const taken = await ok(t.server, "GET", `/api/property/meterReadings/${r.body.data.ids[0]}`, t.admin);
    expect(taken).toMatchObject({ meterId: m, period: "2026-08", previousReading: "100.00", currentReading: "112.50", usage: "12.5000", status: 1, anomaly: 1 });
    // Nothing of the refused records was kept.
    const { rows } = await t.server.db.query("select count(*)::int as n from meter_readings where tenant_id = $1 and meter_id = any($2::bigint[])", [t.ids.tenantA, [m, stopped]]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it("refuses a metered item without a meter type at generation", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "无表类型", pricingMethod: 3, unitPrice: "3.00", meterUnit: "吨" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "无表类型水费" });
    const r = await t.server.request("POST", "/api/property/bills/actions/generate", { token: t.admin, body: { period: "2026-06", paymentItemIds: [item] } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 40021, message: "缴费项目“无表类型水费”按抄表用量计价，请先选择表类型" });
  });

  it("imports readings from Excel, settled like the others, and reports the bad rows", async () => {
    const m = await meter({ roomId: fx.rooms[3].id, meterNo: "IMP1", initialReading: "5.00", maxReading: "99.99" });
    const tpl = await t.server.app.inject({ method: "GET", url: "/api/property/meterReadings/actions/importTemplate", headers: sessionHeaders(t.admin) });
    expect(tpl.statusCode).toBe(200);
    const wbIn = new ExcelJS.Workbook();
    await wbIn.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    const header = (wbIn.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
    const cell = (values: Record<string, string>) => header.map((h) => Object.entries(values).find(([k]) => h.startsWith(k))?.[1] ?? null);
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet("导入数据");
    sheet.addRow(header);
    sheet.addRow(cell({ 仪表: "IMP1", 账期: "2026-07", 本期读数: "60.00" }));
    sheet.addRow(cell({ 仪表: "IMP1", 账期: "2026-08", 本期读数: "3.00" }));
    sheet.addRow(cell({ 仪表: "NOSUCH", 账期: "2026-08", 本期读数: "3.00" }));
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await t.server.request("POST", `/api/property/meterReadings/actions/import?communityId=${fx.communityId}`, {
      token: t.admin,
      body: file,
      headers: { "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
    });
    expect(r.status, r.text).toBe(200);
    let task: { state: string; detail: { imported: number; rejected: unknown[] } } | undefined;
    for (let i = 0; i < 150 && task?.state !== "completed" && task?.state !== "failed"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      task = await ok(t.server, "GET", `/api/property/meterReadings/actions/task?id=${r.body.data.taskId}`, t.admin);
    }
    expect(task).toMatchObject({ state: "completed", detail: { imported: 2 } });
    expect(task!.detail.rejected).toHaveLength(1);
    const page = await ok(t.server, "POST", "/api/property/meterReadings/actions/pageList", t.admin, { communityId: fx.communityId, meterId: m, pageSize: 10 });
    const byPeriod = Object.fromEntries((page.list as { period: string; previousReading: string; usage: string; rolledOver: boolean }[]).map((x) => [x.period, x]));
    expect(byPeriod["2026-07"]).toMatchObject({ previousReading: "5.00", usage: "55.0000" });
    // 60.00 → 3.00 on a meter whose maximum is 99.99: rolled over, (99.99 − 60) + 3.
    expect(byPeriod["2026-08"]).toMatchObject({ previousReading: "60.00", usage: "42.9900", rolledOver: true });
  });

  it("keeps other tenants and users without the codes out", async () => {
    const m = await meter({ roomId: fx.rooms[2].id, meterNo: "SCOPE1" });
    const r = await read(m, "2026-01", "1.00");
    expect((await t.server.request("GET", `/api/property/meterReadings/${r.id}`, { token: t.admin2 })).status).toBe(404);
    const batch = await t.server.request("POST", "/api/property/meterReadings/actions/approveBatch", { token: t.admin2, body: { ids: [r.id] } });
    expect(batch.body.data?.approved ?? 0).toBe(0);
    const grid = await t.server.request("GET", `/api/property/meterReadings/actions/grid?communityId=${fx.communityId}&buildingId=${fx.buildingId}&meterTypeId=${water}&period=2026-01`, {
      token: t.admin2,
    });
    expect(grid.body.data?.rows ?? []).toEqual([]);
    const other = await t.server.request("POST", "/api/property/meterReadings", { token: t.admin2, body: { communityId: fx.communityId, meterId: m, period: "2026-09", currentReading: "1.00" } });
    expect(other.status).toBe(400);
    const staff = await t.server.request("POST", "/api/property/meterReadings/actions/approveBatch", { token: t.staff, body: { ids: [r.id] } });
    expect(staff.status).toBe(401);
    expect(staff.body.status).toBe(403);
    expect((await ok(t.server, "GET", `/api/property/meterReadings/${r.id}`, t.admin)).status).toBe(1);
  });
});
