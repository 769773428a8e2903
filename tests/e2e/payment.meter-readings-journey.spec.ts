// A month of water readings for a building (issue 38 journey 1), in a real browser against the real
// server: on 抄表录入 the building's water meters of a month the demo data has not read, previous
// readings filled in; three current readings typed and saved at once, one far above the meter's usual
// use (flagged 用量超过近6期均值3倍, not refused); 批量审核 approves the two normal ones and skips the
// anomaly, which is then reviewed with a note and approved on its row; the water item's bills of that
// month are generated from the approved readings, approved, and one is paid at the cashier desk (收银台).
// The grid has no serious accessibility violation and keeps to a 390 px window.
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import dayjs from "dayjs";
import { runAxe } from "./support/axe.ts";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { chooseFirstCommunity, hideGuidePanels, openAfresh, sidewaysOverflow } from "./support/payment.ts";

const journey = useJourney({ timeout: 60_000 });
// Two months ahead: the demo data reads and bills the last three months only.
const PERIOD = dayjs().add(2, "month").format("YYYY-MM");

interface GridRow {
  meterId: number;
  meterNo: string;
  roomId: number | null;
  roomName: string | null;
  previousReading: string;
  readingId: number | null;
}

/** "123.45" + n as a reading with two decimals (exact: hundredths). */
const plus = (reading: string, hundredths: number) => {
  const v = Math.round(Number(reading) * 100) + hundredths;
  return `${Math.trunc(v / 100)}.${String(v % 100).padStart(2, "0")}`;
};

async function pickMonth(page: Page, month: string) {
  const panel = page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)");
  await panel.waitFor();
  const cell = panel.locator(`td[title="${month}"]`);
  for (let i = 0; i < 6 && !(await cell.isVisible()); i++) {
    const shown = Number((await panel.locator(".ant-picker-year-btn").first().innerText()).slice(0, 4));
    await panel
      .locator(Number(month.slice(0, 4)) > shown ? ".ant-picker-header-super-next-btn:visible" : ".ant-picker-header-super-prev-btn:visible")
      .first()
      .click();
  }
  await cell.click();
  await panel.waitFor({ state: "hidden" });
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  const lists = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");
  await lists.locator(`.ant-select-item-option[title="${option}"]`).click();
  await expect.poll(() => lists.count(), { timeout: 30_000 }).toBe(0);
}

test("a building's water readings are entered, reviewed, approved, billed and paid at the desk", async () => {
  const { page } = journey;
  await page.goto(journey.url("/propertyPayment/cashier"));
  await page.getByTestId("shell-menu").waitFor();
  const community = await chooseFirstCommunity(journey);
  const buildings = await journey.api<{ id: number; name: string }[]>("post", "/api/system/buildings/actions/listByCommunityId", { communityId: community.communityId });
  const types = await journey.api<{ list: { id: number; name: string }[] }>("post", "/api/property/meterTypes/actions/pageList", { pageSize: 50 });
  const water = types.list.find((t) => t.name === "水")!.id;
  let building = buildings[0];
  let rows: GridRow[] = [];
  for (const b of buildings) {
    const grid = await journey.api<{ rows: GridRow[] }>(
      "get",
      `/api/property/meterReadings/actions/grid?communityId=${community.communityId}&buildingId=${b.id}&meterTypeId=${water}&period=${PERIOD}`,
    );
    if (grid.rows.filter((r) => r.roomId).length >= 3) {
      building = b;
      rows = grid.rows.filter((r) => r.roomId);
      break;
    }
  }
  expect(rows.length).toBeGreaterThanOrEqual(3);
  const [a, b, c] = rows;

  // 抄表录入: the building, 水 and the month.
  await openAfresh(journey, page, "/propertyPayment/meterReadingGrid");
  await page.getByText("请选择楼栋和表类型").waitFor();
  await chooseOption(page, "楼栋", building.name);
  await chooseOption(page, "表类型", "水");
  await page.locator("#meter-grid-period").click();
  await pickMonth(page, PERIOD);
  await page.getByText(`本账期还有${rows.length}块表未抄`).waitFor();
  // The previous readings are filled in.
  await page.getByRole("row").filter({ hasText: a.meterNo }).getByText(a.previousReading, { exact: true }).waitFor();

  await page.getByLabel(`${a.meterNo} 本期读数`).fill(plus(a.previousReading, 1250));
  await page.getByLabel(`${b.meterNo} 本期读数`).fill(plus(b.previousReading, 800));
  await page.getByLabel(`${c.meterNo} 本期读数`).fill("abc");
  await page.getByRole("alert").filter({ hasText: "本期读数应为非负数，最多两位小数" }).waitFor();
  // 500 tons in a month, far above the meter's usual use: flagged for review, not refused.
  await page.getByLabel(`${c.meterNo} 本期读数`).fill(plus(c.previousReading, 50000));
  await page.getByRole("button", { name: "保存读数" }).click();
  await page.getByText("已保存3条，其中1条异常待复核").waitFor();
  const rowOf = (meterNo: string) => page.getByRole("row").filter({ hasText: meterNo });
  await expect.poll(() => rowOf(c.meterNo).innerText(), { timeout: 30_000 }).toContain("用量超过近6期均值3倍");
  await expect.poll(() => rowOf(a.meterNo).innerText(), { timeout: 30_000 }).toContain("12.5000");
  if (rows.length > 3) await page.getByText(`本账期还有${rows.length - 3}块表未抄`).waitFor();

  const { violations } = await runAxe(page, { resultTypes: ["violations"] });
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")} ${v.nodes[0]?.failureSummary}`)).toEqual([]);

  // 批量审核: the anomaly is skipped.
  await page.getByRole("button", { name: "批量审核" }).click();
  await page
    .locator(".ant-popconfirm")
    .getByRole("button", { name: /确\s*定/ })
    .click();
  await page.getByText("已审核2条，跳过1条（异常读数请在抄表读数中逐条复核）").waitFor();
  await rowOf(a.meterNo).getByText("已审核").waitFor();

  // The anomaly reviewed: approving it without a note is refused, with one it is approved.
  await rowOf(c.meterNo).getByRole("button", { name: "审核通过" }).click();
  const dialog = page.locator(".ant-modal").filter({ hasText: "复核说明" });
  await dialog.getByRole("textbox").first().fill("住户水管漏水已现场核实");
  await dialog
    .getByRole("button", { name: /确\s*定|审核通过/ })
    .last()
    .click();
  await rowOf(c.meterNo).getByText("已审核").waitFor();
  await screenshot(page, "meter-reading-grid");

  // A phone-width window: the grid scrolls inside itself, not the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => sidewaysOverflow(page), { timeout: 10_000 }).toBe(0);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The water item's bills of the month for these rooms, from the approved readings.
  const items = await journey.api<{ list: { id: number; name: string }[] }>("post", "/api/property/paymentItems/actions/pageList", { communityId: community.communityId, name: "水费", pageSize: 10 });
  const item = items.list.find((i) => i.name === "水费")!.id;
  const started = await journey.api<{ taskId: number }>("post", "/api/property/bills/actions/generate", { period: PERIOD, paymentItemIds: [item], roomIds: [a.roomId, b.roomId, c.roomId] });
  let task: { state: string; batches: { id: number; billCount: number; skippedCount: number }[] } = { state: "", batches: [] };
  await expect
    .poll(
      async () => {
        task = await journey.api("get", `/api/property/bills/actions/generationTask?id=${started.taskId}`);
        return task.state;
      },
      { timeout: 60_000 },
    )
    .toBe("completed");
  expect(task.batches[0]).toMatchObject({ billCount: 3, skippedCount: 0 });
  await journey.api("post", "/api/property/bills/actions/approve", { batchId: task.batches[0].id });

  // 收银台: room a's water bill of the month paid in cash.
  await page.goto(journey.url("/propertyPayment/cashier"));
  await page.getByRole("combobox", { name: "搜索房屋" }).waitFor();
  await hideGuidePanels(page);
  const label = a.roomName!;
  await page.getByRole("combobox", { name: "搜索房屋" }).fill(label.split("-").pop()!);
  await page.locator(".ant-select-dropdown").getByText(label, { exact: false }).first().click();
  await page.getByText("合计（").waitFor();
  await page.getByRole("button", { name: /收款 ¥/ }).click();
  const pay = page.locator(".ant-modal").filter({ hasText: "确认收款" });
  await pay.locator("#receivedAmount").fill("100000.00");
  await pay.getByRole("button", { name: /确认收款/ }).click();
  await page.waitForURL(/#\/propertyPayment\/receipt\/\d+/);
  await page.getByText(/票据号：SJ\d{10}/).waitFor();
  const bills = await journey.api<{ list: { roomId: number; period: string; paymentItemId: number; status: number; amountPaid: string }[] }>("post", "/api/property/bills/actions/query", {
    communityId: community.communityId,
    period: PERIOD,
    pageNo: 1,
    pageSize: 20,
  });
  const paid = bills.list.find((x) => x.roomId === a.roomId && x.paymentItemId === item)!;
  expect(paid.status).toBe(4);
}, 240_000);
