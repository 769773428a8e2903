// A receipt printed in each template (票据与发票 → 票据模板, or chosen on the receipt for one print): an
// overdue bill paid at the counter, its receipt titled 物业服务费收据 with the late fee on a line of its
// own, the amount in capitals, 收款单位, the seal box and the signature lines; A4, half an A4 page
// (148.5 mm high) and the 241 mm continuous form of three parts (存根联 / 客户联 / 记账联, with its
// @page); and in print, nothing but the receipt: no watermark, menu, header, tabs, toolbar or buttons.
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";

const journey = useJourney({ timeout: 60_000 });

/** Chooses a template above the receipt (the radio button's label: antd keeps its input out of sight). */
const chooseTemplate = (page: Page, name: string) => page.locator(".neptune-print-toolbar label").filter({ hasText: name }).click();

/** Watermark layers antd paints (a div with the image as its background) that are displayed. */
const watermarks = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll("div")].filter((el) => getComputedStyle(el).backgroundImage.startsWith('url("data:image/png') && getComputedStyle(el).display !== "none").length);

test("a receipt prints in each template with its late fee apart, and nothing but the receipt prints", async () => {
  const { page } = journey;
  // An overdue bill (period 2020-01, a late fee of 1‰ a day) for a room of the first community, approved and paid in cash.
  const community = (await journey.api<{ communityId: number; communityName: string }[]>("get", "/api/system/communities?areaId=1"))[0];
  const communityId = community.communityId;
  const rooms = await journey.api<{ list: { id: number; roomName: string }[] }>("post", "/api/system/rooms/actions/pageListSimpleRooms", { communityId, keyword: "", pageNo: 1, pageSize: 1 });
  const room = rooms.list[0];
  const priceType = await journey.api<{ id: number }>("post", "/api/property/priceTypes", { communityId, name: "模板面积计价", pricingMethod: 2, unitPrice: "88.00", billingCycle: 1, enabled: true });
  const item = await journey.api<{ id: number }>("post", "/api/property/paymentItems", {
    communityId,
    priceTypeId: priceType.id,
    name: "模板物业费",
    dueDay: 15,
    paymentType: 1,
    occupancyStatuses: [],
    lateFeeEnabled: true,
    lateFeeRate: "1.00",
    lateFeeGraceDays: 0,
  });
  const started = await journey.api<{ taskId: number }>("post", "/api/property/bills/actions/generate", { period: "2020-01", paymentItemIds: [item.id], roomIds: [room.id] });
  await expect
    .poll(async () => (await journey.api<{ state: string }>("get", `/api/property/bills/actions/generationTask?id=${started.taskId}`)).state, { timeout: 45_000, interval: 300 })
    .toBe("completed");
  const bills = await journey.api<{ list: { id: number }[] }>("post", "/api/property/bills/actions/query", { roomId: room.id, paymentItemId: item.id, pageNo: 1, pageSize: 10 });
  expect(bills.list).toHaveLength(1);
  await journey.api("post", "/api/property/bills/actions/approve", { ids: [bills.list[0].id] });
  const owed = await journey.api<{ bills: { id: number; lateFee: string; outstanding: string }[] }>("get", `/api/property/bills/actions/roomBills?roomId=${room.id}`);
  const bill = owed.bills.find((b) => b.id === bills.list[0].id)!;
  expect(Number(bill.lateFee)).toBeGreaterThan(0);
  const settings = await journey.api<{ receiptPrefix: string | null }>("get", `/api/property/paymentSettings/actions/get?communityId=${communityId}`);
  await journey.api("post", "/api/property/paymentSettings/actions/save", {
    communityId,
    section: "receipt",
    receiptPrefix: settings.receiptPrefix || "SJ",
    receiptTemplate: 1,
    payeeName: "阳光物业服务有限公司",
    sealEnabled: true,
    sealText: "财务专用章",
  });
  const paid = await journey.api<{ receiptId: number }>("post", "/api/property/bills/actions/pay", { billIds: [bill.id], payMethod: 5, payerName: "赵六" });
  const users = await journey.api<{ username: string; realName: string | null }[]>("get", "/api/system/user/queryList?serviceType=hbl");
  const me = users.find((u) => u.username === "admin")!;

  await page.goto(journey.url(`/propertyPayment/receipt/${paid.receiptId}`));
  const sheet = page.locator(".neptune-receipt");
  await sheet.getByRole("heading", { name: "物业服务费收据" }).waitFor();

  // A4, the community's template: every part of a receipt.
  expect(await sheet.getAttribute("class")).toContain("neptune-print-a4");
  await sheet.getByText("收款单位：阳光物业服务有限公司").waitFor();
  await sheet.getByText(`房屋：${community.communityName} ${room.roomName}`).waitFor();
  await sheet.getByText("缴费人：赵六").waitFor();
  await sheet.getByText(/^日期：\d{4}-\d{2}-\d{2}$/).waitFor();
  await sheet.getByRole("columnheader", { name: "单价 × 数量" }).waitFor();
  await sheet.locator(".ant-table-row").filter({ hasText: "模板物业费" }).filter({ hasText: "88.00 × 1月" }).filter({ hasText: "88.00" }).waitFor();
  const lateRow = sheet.locator(".ant-table-row").filter({ hasText: "滞纳金" });
  await lateRow.filter({ hasText: "2020-01" }).filter({ hasText: bill.lateFee }).waitFor();
  await sheet.getByText(`¥${bill.outstanding}`, { exact: true }).waitFor();
  await sheet.getByText(/^合计（大写）：.+[元角分整]$/).waitFor();
  await sheet.getByText("支付方式：现金").waitFor();
  await sheet.getByText(`收款人：${me.realName || me.username}`).waitFor();
  await sheet.getByText("经手人：________").waitFor();
  await sheet.getByText("交款人：________").waitFor();
  await sheet.locator(".neptune-receipt-seal").getByText("收款单位(盖章)").waitFor();
  await sheet.locator(".neptune-receipt-seal").getByText("财务专用章").waitFor();
  await screenshot(page, "receipt-template-a4");

  // A4 二等分: half an A4 page, 148.5 mm high.
  await chooseTemplate(page, "A4 二等分");
  await page.waitForURL(/template=2/);
  await expect.poll(() => sheet.getAttribute("class")).toContain("neptune-print-a4-half");
  const half = await sheet.boundingBox();
  expect(Math.abs(half!.height - (148.5 * 96) / 25.4)).toBeLessThan(2);
  await sheet.locator(".ant-table-row").filter({ hasText: "滞纳金" }).waitFor();
  await screenshot(page, "receipt-template-a4-half");

  // 针式 241 mm 三联: three parts, each labelled, on 241 × 140 mm pages.
  await chooseTemplate(page, "针式打印 241 mm 三联");
  const parts = sheet.locator("section.neptune-print-page");
  await expect.poll(() => parts.count()).toBe(3);
  for (const [i, label] of ["存根联", "客户联", "记账联"].entries()) {
    await parts
      .nth(i)
      .getByText(new RegExp(`^第.联 ${label}$`))
      .waitFor();
    await parts.nth(i).locator(".ant-table-row").filter({ hasText: "滞纳金" }).waitFor();
    await parts
      .nth(i)
      .getByText(/^合计（大写）：/)
      .waitFor();
  }
  const pageRules = await page.evaluate(() =>
    [...document.styleSheets].flatMap((s) => [...s.cssRules]).flatMap((r) => (r instanceof CSSPageRule ? [`${r.selectorText} ${r.style.getPropertyValue("size")}`] : [])),
  );
  expect(pageRules).toContain("neptune-print-continuous-241 241mm 140mm");
  await screenshot(page, "receipt-template-continuous-241");

  // In print: the receipt alone, each part a page of the continuous form.
  expect(await watermarks(page)).toBeGreaterThan(0);
  await page.emulateMedia({ media: "print" });
  expect(await watermarks(page)).toBe(0);
  for (const id of ["shell-menu", "shell-header", "shell-tabs", "shell-breadcrumb"]) expect(await page.getByTestId(id).isVisible(), id).toBe(false);
  expect(await page.getByRole("radio", { name: "A4 二等分" }).isVisible()).toBe(false);
  expect(await page.getByRole("button", { name: /打\s*印/ }).isVisible()).toBe(false);
  expect(await page.getByRole("button", { name: /返\s*回/ }).isVisible()).toBe(false);
  expect(await page.locator('[data-testid*="guide"], section[aria-label*="引导"]').filter({ visible: true }).count()).toBe(0);
  expect(await sheet.evaluate((el) => getComputedStyle(el).page)).toBe("neptune-print-continuous-241");
  expect(await parts.evaluateAll((els) => els.map((el) => [getComputedStyle(el).display, getComputedStyle(el).breakAfter]))).toEqual([
    ["block", "page"],
    ["block", "page"],
    ["block", "auto"],
  ]);
  await parts.nth(2).getByText("第三联 记账联").waitFor();
  await parts.nth(0).locator(".ant-table-row").filter({ hasText: "滞纳金" }).waitFor();
  await screenshot(page, "receipt-template-continuous-241-print");

  // The other templates print alone too, on their own pages.
  await page.emulateMedia({ media: "screen" });
  await chooseTemplate(page, "A4 整页");
  await expect.poll(() => sheet.getAttribute("class")).toContain("neptune-print-a4");
  await page.emulateMedia({ media: "print" });
  expect(await watermarks(page)).toBe(0);
  expect(await page.getByTestId("shell-menu").isVisible()).toBe(false);
  expect(await sheet.evaluate((el) => getComputedStyle(el).page)).toBe("neptune-print");
  await sheet.getByText(/^合计（大写）：/).waitFor();
  await page.emulateMedia({ media: "screen" });
  await chooseTemplate(page, "A4 二等分");
  await expect.poll(() => sheet.getAttribute("class")).toContain("neptune-print-a4-half");
  await page.emulateMedia({ media: "print" });
  expect(await watermarks(page)).toBe(0);
  expect(await sheet.evaluate((el) => getComputedStyle(el).page)).toBe("neptune-print-a4-half");
  expect(Math.abs((await sheet.boundingBox())!.height - (148.5 * 96) / 25.4)).toBeLessThan(2);
  await page.emulateMedia({ media: "screen" });

  // On a 390 px phone the page keeps to the screen: the template choice wraps, the sheet scrolls in its own box.
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await chooseTemplate(page, "A4 整页");
    await sheet.getByText(/^合计（大写）：/).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { timeout: 30_000 }).toBeLessThanOrEqual(0);
    await screenshot(page, "receipt-template-phone");
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
}, 240_000);
