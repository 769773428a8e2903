// The money desk's reports in a real browser against the real server: a bill of the first demo
// community paid at once, then 缴费报表's tabs one by one — 收费日报 (today's row shows what the server
// counts, the chart's tooltip for today, the Excel export holds the same figure), 收费月报, 楼栋收缴,
// 项目收缴, 预存款台账, 押金台账 — each with its figures and its chart; and the page at 390 px.
import ExcelJS from "exceljs";
import { chinaDay } from "../../src/common/china-time.ts";
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
  const counted = await journey.api<{ rows: { collected: string; arrearsCollected: string }[] }>("post", "/api/property/reports/actions/charges", {
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
  // 日期, 应收, 其中滞纳金, 实收, 其中本期, 其中清欠, …
  const cells = await row.locator("td").allInnerTexts();
  expect(cells[3]).toBe(collected);
  expect(cells[5]).toBe(counted.rows[0].arrearsCollected);
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
  await page.getByText(`实收：¥${collected}`).waitFor();
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
