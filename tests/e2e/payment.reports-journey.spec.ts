// The money desk's reports in a real browser against the real server: a bill of the first demo
// community paid at once, then 缴费报表's tabs one by one — 收费日报 (today's row shows what the server
// counts, the chart's tooltip for today, the Excel export holds the same figure), 收费月报, 楼栋收缴,
// 项目收缴, 预存款台账, 押金台账 — each with its figures and its chart; and the page at 390 px.
import ExcelJS from "exceljs";
import { chinaDay } from "../../src/common/china-time.ts";
import { addMonths } from "../../src/common/payment/period.ts";
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { downloadedFile, screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { chooseFirstCommunity, hideGuidePanels, openAfresh } from "./support/payment.ts";
import { runAxe } from "./support/axe.ts";

const journey = useJourney({ timeout: 60_000 });

const open = (page: Page, path: string) => openAfresh(journey, page, path);

/** The first demo community made current, with one of its approved bills paid now. */
async function payABill(page: Page) {
  const c = await chooseFirstCommunity(journey, page);
  const bills = await journey.api<{ list: { id: number; roomId: number }[] }>("post", "/api/property/bills/actions/query", { communityId: c.communityId, status: [2], pageNo: 1, pageSize: 1 });
  const bill = bills.list[0];
  const room = await journey.api<{ payMethods: number[] }>("get", `/api/property/bills/actions/roomBills?roomId=${bill.roomId}`);
  const payMethod = room.payMethods.find((m) => m !== 5) ?? 5;
  const paid = await journey.api<{ accountingDay: string }>("post", "/api/property/bills/actions/pay", { billIds: [bill.id], payMethod, ...(payMethod === 5 ? { receivedAmount: "100000.00" } : {}) });
  return { ...c, day: paid.accountingDay };
}

const chart = (page: Page, name: string) => page.getByRole("img", { name });

/** The tab's serious and critical accessibility violations (as the route walk counts them). */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await runAxe(page, { resultTypes: ["violations"] });
  return found.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} ×${v.nodes.length}`);
}

test("收费日报 shows today's collections as the server counts them, with a chart and an export; every other tab has its figures and chart", async () => {
  const { page } = journey;
  const c = await payABill(page);
  // The payment's business day: today in China time (the page's default range is this month so far).
  const today = c.day;
  expect(today).toBe(chinaDay());
  const monthStart = `${today.slice(0, 8)}01`;
  const dayOfMonth = Number(today.slice(8));
  const counted = await journey.api<{ rows: { collected: string; arrearsCollected: string; net: string }[] }>("post", "/api/property/reports/actions/charges", {
    communityId: c.communityId,
    granularity: "day",
    start: today,
    end: today,
  });
  const collected = counted.rows[0].collected;
  expect(Number(collected)).toBeGreaterThan(0);

  await open(page, "/propertyPayment/paymentReport?tab=daily");
  await page.getByRole("tab", { name: "收费日报", selected: true }).waitFor();
  const row = page.locator(".ant-table-row").filter({ hasText: today });
  await row.waitFor();
  // 日期, 应收, 其中滞纳金, 收款, 其中本期, 其中清欠, 减免, 退款, 实收, 预存充值, 押金
  const cells = await row.locator("td").allInnerTexts();
  expect(cells[3]).toBe(collected);
  expect(cells[5]).toBe(counted.rows[0].arrearsCollected);
  expect(cells[8]).toBe(counted.rows[0].net);
  // Every day of the month so far has a row (days without payments at zero).
  await expect
    .poll(() =>
      page
        .locator(".ant-table-row")
        .filter({ hasText: today.slice(0, 8) })
        .count(),
    )
    .toBeGreaterThanOrEqual(dayOfMonth);
  const daily = chart(page, "每日应收与实收");
  await daily.waitFor();
  await daily
    .locator('rect[fill="transparent"]')
    .nth(dayOfMonth - 1)
    .hover();
  await page.getByText(`实收：¥${counted.rows[0].net}`).waitFor();
  await screenshot(page, "payment-reports-daily");
  expect(await violations(page), "收费日报").toEqual([]);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /导出Excel/ }).click()]);
  expect(download.suggestedFilename()).toBe(`收费日报_${monthStart}_${today}.xlsx`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await downloadedFile(download));
  const ws = wb.worksheets[0];
  const line = ws.getRows(1, ws.rowCount)!.find((r) => r.getCell(1).value === today)!;
  expect(line.getCell(4).value).toBe(Number(collected));

  const tabs: [string, string][] = [
    ["收费月报", "每月应收与实收"],
    ["楼栋收缴", "各楼栋的应收、实收与收缴率"],
    ["项目收缴", "各收费项目的应收、实收与收缴率"],
    ["预存款台账", "各账户的充值、抵扣、退款与期末余额"],
    ["押金台账", "各押金的收取、退还、扣除与在押金额"],
  ];
  for (const [tab, name] of tabs) {
    await page.getByRole("tab", { name: tab }).click();
    await chart(page, name).waitFor();
    await expect.poll(() => page.locator(".ant-table-row").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.locator(".ant-statistic").first().waitFor();
    expect(page.url()).toContain("tab=");
    expect(await violations(page), tab).toEqual([]);
  }
  await screenshot(page, "payment-reports-deposits");
  expect(journey.pageErrors).toEqual([]);
}, 240_000);

test("实收 is one figure: the workbench, 收费日报, 收费月报, 社区汇总 and 日结 show the same for today and this month", async () => {
  const { page } = journey;
  const c = await payABill(page);
  const today = c.day;
  const month = today.slice(0, 7);
  type Totals = { totals: { net: string; recharged: string; deposits: string } };
  const charges = (granularity: string, start: string, end: string) => journey.api<Totals>("post", "/api/property/reports/actions/charges", { communityId: c.communityId, granularity, start, end });
  const monthTotals = (await charges("month", month, month)).totals;
  const dayTotals = (await charges("day", today, today)).totals;
  expect(Number(dayTotals.net)).toBeGreaterThan(0);
  const statOf = (title: string) => page.locator(".ant-statistic").filter({ hasText: title }).locator(".ant-statistic-content");
  // antd's Statistic groups thousands: 18,070.47.
  const plain = async (figure: ReturnType<typeof statOf>) => (await figure.innerText()).replace(/,/g, "");

  // The workbench: 本月实收, with the top-ups and deposits named beside it.
  await open(page, "/workbench/benchlayout");
  const card = page.getByTestId("fee-overview-stats");
  await card.waitFor();
  await expect.poll(() => plain(card.locator(".ant-statistic").filter({ hasText: "本月实收" }).locator(".ant-statistic-content"))).toBe(monthTotals.net);
  await page.getByText(`本月另收预存款充值 ${monthTotals.recharged} 元、押金 ${monthTotals.deposits} 元，不计入实收`).waitFor();

  // 收费月报: this month's row, 实收 in its column and in the totals.
  await open(page, "/propertyPayment/paymentReport?tab=monthly");
  const monthRow = page.locator(".ant-table-row").filter({ hasText: month }).first();
  await monthRow.waitFor();
  expect((await monthRow.locator("td").allInnerTexts())[8]).toBe(monthTotals.net);
  // Its totals are the range's, the last six months by default: on the first days of a month the demo's
  // earlier collections fall in the range but not in this month.
  const rangeTotals = (await charges("month", addMonths(month, -5), month)).totals;
  await expect.poll(() => plain(statOf("实收(元)").first())).toBe(rangeTotals.net);

  // 社区汇总 for the current community: the month's 实收 beside the period's bills.
  await open(page, "/propertyPayment/paymentReport?tab=summary");
  // 社区, 账期, 应收, 账单收款, 账单退款, 减免, 欠费, 收缴率, 计费户数, 缴清户数, 户收缴率, 当月实收, 当月预存充值, 当月押金
  const summaryRow = page.locator(".ant-table-row").filter({ hasText: month }).first();
  await summaryRow.waitFor();
  expect((await summaryRow.locator("td").allInnerTexts()).slice(11)).toEqual([monthTotals.net, monthTotals.recharged, monthTotals.deposits]);
  await statOf("预存充值(元)").waitFor();
  await screenshot(page, "payment-one-income-summary");

  // 日结 of today: what its total is made of, 实收 first.
  await open(page, "/propertyPayment/reconciliation");
  const breakdown = page.getByTestId("day-breakdown");
  await breakdown.waitFor();
  expect(await breakdown.innerText()).toContain(`= 实收 ${dayTotals.net} 元（收费收入，同收费日报）`);
  await screenshot(page, "payment-one-income-day");
  expect(await violations(page), "日结").toEqual([]);
  expect(journey.pageErrors).toEqual([]);
}, 240_000);

test("the report page fits a 390 px phone: tabs, the range and the export within the width", async () => {
  const page = await journey.openPage("admin", { viewport: { width: 390, height: 844 } });
  const communities = await journey.api<{ communityId: number; communityName: string }[]>("get", "/api/system/communities?areaId=1");
  await page.evaluate((v) => localStorage.setItem("Hbl_current_community", JSON.stringify(v)), communities[0]);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(journey.url("/propertyPayment/paymentReport?tab=monthly"), { waitUntil: "domcontentloaded" });
  await page.reload({ waitUntil: "domcontentloaded" });
  await hideGuidePanels(page);
  await chart(page, "每月应收与实收").waitFor();
  for (const target of [page.getByRole("button", { name: /导出Excel/ }), page.locator(".date-field").first(), chart(page, "每月应收与实收")]) {
    const box = await target.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "payment-reports-phone");
  expect(errors).toEqual([]);
  await page.close();
}, 120_000);
