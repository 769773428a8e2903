// 公摊 through the UI (issue 38, Deliver 4): a building's shared amount split by area — the preview's
// shares add up exactly to the total, 确认分摊 (confirmed) stores the sheet, whose print page lists the
// same shares, and the bills appear in 账单审核; a building meter's approved reading chosen as the use,
// which the 公摊 bills (已计费). The page and the sheet pass axe; the page keeps to a 390 px screen.
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { runAxe } from "./support/axe.ts";
import { screenshot } from "./support/browser.ts";
import { chooseOption, formItem } from "./support/forms.ts";
import { useJourney } from "./support/journey.ts";
import { chooseFirstCommunity, openAfresh, sidewaysOverflow } from "./support/payment.ts";

// A step that stalls fails at 45 s with its locator named, well inside the test's 120 s.
const journey = useJourney({ timeout: 45_000 });

const seriousAxe = async (page: Page) => {
  const { violations } = await runAxe(page, { resultTypes: ["violations"] });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`);
};
const fen = (yuan: string) => Math.round(Number(yuan.replace(/,/g, "")) * 100);

test("a building's shared amount is split by area to the fen, allocated, printed and sent to 账单审核", async () => {
  const { page } = journey;
  await page.goto(journey.url("/propertyPayment/shareAllocation"));
  const community = await chooseFirstCommunity(journey);
  const priceType = await journey.api<{ id: number }>("post", "/api/property/priceTypes", { communityId: community.communityId, name: "公摊手工", pricingMethod: 4, billingCycle: 1, enabled: true });
  await journey.api("post", "/api/property/paymentItems", { communityId: community.communityId, priceTypeId: priceType.id, name: "楼栋公摊电费", dueDay: 15, paymentType: 2 });
  await openAfresh(journey, page, "/propertyPayment/shareAllocation");

  const form = page.locator("form").first();
  await chooseOption(form, "缴费项目", "楼栋公摊电费");
  // A month no bill of the item has: typed into the month picker.
  const period = formItem(form, "账期").locator("input");
  await period.click();
  await period.fill("2031-03");
  await page.keyboard.press("Tab");
  await expect.poll(() => period.inputValue()).toBe("2031-03");
  const building = formItem(form, "楼栋");
  await building.locator(".ant-select").click();
  await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option").first().click();
  await formItem(form, "金额").locator("input").fill("1000.01");
  await page.getByRole("button", { name: "预览分摊" }).click();

  const sheet = page.locator(".ant-card").filter({ hasText: "分摊预览" });
  await sheet.locator(".ant-table-row").first().waitFor();
  await expect.poll(() => sheet.getByTestId("share-total").innerText()).toBe("1000.01");
  // The footer's sum is the total, and so is the sum of every share (all pages of the sheet).
  expect(await sheet.getByTestId("share-sum").innerText()).toBe("1000.01");
  const rooms = Number(/（(\d+)户）/.exec(await sheet.locator(".ant-table-summary").innerText())?.[1]);
  expect(rooms).toBeGreaterThan(1);
  await screenshot(page, "share-allocation-preview");
  expect(await seriousAxe(page)).toEqual([]);

  await sheet.getByRole("button", { name: "确认分摊" }).click();
  await page.locator(".ant-popover").getByRole("button", { name: "确认分摊" }).click();
  await page.locator(".ant-message").filter({ hasText: "已分摊" }).waitFor();
  const record = page.locator(".ant-table-row").filter({ hasText: "楼栋公摊电费" }).first();
  await record.waitFor();
  expect(await record.innerText()).toMatch(/1,?000\.01/);

  // The printable sheet: every share listed once, adding up to the total.
  await record.getByRole("button").first().click();
  await page.waitForURL(/#\/propertyPayment\/shareAllocation\/print\/\d+/);
  await page.getByRole("heading", { name: "公摊分摊单" }).waitFor();
  const amounts = await page.locator(".neptune-share-sheet .ant-table-row td:last-child").allInnerTexts();
  expect(amounts).toHaveLength(rooms);
  expect(amounts.reduce((s, a) => s + fen(a), 0)).toBe(100001);
  await screenshot(page, "share-allocation-print");
  expect(await seriousAxe(page)).toEqual([]);

  // The bills wait in 账单审核 as 草稿, of the item and month.
  const bills = await journey.api<{ list: { amountDue: string; statusLabel?: string; status: number }[]; total: number }>("post", "/api/property/bills/actions/query", {
    communityId: community.communityId,
    period: "2031-03",
    status: 1,
    pageNo: 1,
    pageSize: 500,
  });
  expect(bills.list.reduce((s, b) => s + fen(b.amountDue), 0)).toBe(100001);
  await page.goto(journey.url("/propertyPayment/billapproval"));
  await page.locator(".ant-table-row").filter({ hasText: "楼栋公摊电费" }).first().waitFor({ timeout: 30_000 });
});

test("a building meter's approved reading is chosen as the 公摊用量: its use × the price is split, and the reading becomes 已计费", async () => {
  const { page } = journey;
  await page.goto(journey.url("/propertyPayment/shareAllocation"));
  const community = await chooseFirstCommunity(journey);
  const { communityId } = community;
  const priceType = await journey.api<{ id: number }>("post", "/api/property/priceTypes", { communityId, name: "公摊读数手工", pricingMethod: 4, billingCycle: 1, enabled: true });
  await journey.api("post", "/api/property/paymentItems", { communityId, priceTypeId: priceType.id, name: "楼栋公摊水费", dueDay: 15, paymentType: 2 });
  const [building] = await journey.api<{ id: number; name: string }[]>("post", "/api/system/buildings/actions/listByCommunityId", { communityId });
  const water = (await journey.api<{ list: { id: number; name: string }[] }>("post", "/api/property/meterTypes/actions/pageList", { name: "水", pageSize: 50 })).list.find((m) => m.name === "水")!;
  const meterNo = `GTW${Date.now() % 100000}`;
  const meter = await journey.api<{ id: number }>("post", "/api/property/meters", {
    communityId,
    meterNo,
    meterTypeId: water.id,
    scopeKind: 2,
    buildingId: building.id,
    multiplier: "1",
    initialReading: "500",
    status: 1,
  });
  const reading = await journey.api<{ id: number }>("post", "/api/property/meterReadings", { communityId, meterId: meter.id, period: "2031-04", currentReading: "562.5" });
  await journey.api("post", "/api/property/meterReadings/actions/approveBatch", { ids: [reading.id] });
  await openAfresh(journey, page, "/propertyPayment/shareAllocation");

  const form = page.locator("form").first();
  await chooseOption(form, "缴费项目", "楼栋公摊水费");
  const period = formItem(form, "账期").locator("input");
  await period.click();
  await period.fill("2031-04");
  await page.keyboard.press("Tab");
  await expect.poll(() => period.inputValue()).toBe("2031-04");
  await chooseOption(form, "楼栋", building.name);
  await form.getByText("按用量×单价").click();
  // 62.5 吨 (562.5 − 500) comes with the reading; × 2.00 = 125.00.
  await chooseOption(form, "公摊表读数", `${meterNo}（用量 62.5000）`);
  await expect.poll(() => formItem(form, "公摊用量").locator("input").inputValue()).toBe("62.5000");
  await formItem(form, "单价").locator("input").fill("2.00");
  await page.getByRole("button", { name: "预览分摊" }).click();
  const sheet = page.locator(".ant-card").filter({ hasText: "分摊预览" });
  await expect.poll(() => sheet.getByTestId("share-total").innerText()).toBe("125.00");
  expect(await sheet.getByTestId("share-sum").innerText()).toBe("125.00");
  expect(await seriousAxe(page)).toEqual([]);
  await sheet.getByRole("button", { name: "确认分摊" }).click();
  await page.locator(".ant-popover").getByRole("button", { name: "确认分摊" }).click();
  await page.locator(".ant-message").filter({ hasText: "已分摊" }).waitFor();
  expect((await journey.api<{ status: number }>("get", `/api/property/meterReadings/${reading.id}`)).status).toBe(3);
});

test("at 390 px the 公摊 page keeps to the screen", async () => {
  const { page } = journey;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await openAfresh(journey, page, "/propertyPayment/shareAllocation");
    await page.getByRole("button", { name: "预览分摊" }).waitFor();
    await page.waitForLoadState("networkidle");
    await expect.poll(() => sidewaysOverflow(page), { timeout: 30_000 }).toBe(0);
    await screenshot(page, "phone-share-allocation");
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
});
