// Parking paid like any bill, in a real browser against the real server (issue 38's parking items):
// a monthly parking card — a place 出租 by a rent item (the place form asks for the item only once 出租
// is chosen), its monthly bills paid at the cashier desk — moves the place's 月租缴至 in 车位管理 to the
// end of the month paid; a temporary stay priced by a day and night rule with a daily cap is quoted at
// the booth (临停出场收费) with its breakdown and paid in cash at exit, then found in 实收记录 and in the
// day's 日结. The booth page and 车牌管理 fit a 390 px phone. No page error, no serious or critical accessibility
// violation.
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { runAxe } from "./support/axe.ts";
import { screenshot } from "./support/browser.ts";
import { chooseOption, formItem } from "./support/forms.ts";
import { useJourney } from "./support/journey.ts";
import { chooseFirstCommunity, openAfresh, openInApp, sidewaysOverflow } from "./support/payment.ts";

const journey = useJourney({ timeout: 60_000 });

async function expectAccessible(page: Page) {
  const { violations } = await runAxe(page, { resultTypes: ["violations"] });
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);
}

/** Today in China time ("YYYY-MM-DD"): the server books by it. */
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
/** The last day of the month of `day`. */
const monthEnd = (day: string) => {
  const [y, m] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

interface Place {
  id: number;
  placeNo: string;
  roomId: number;
  paidUntil: string | null;
}

test("a monthly parking card paid at the desk moves the place's paid-until date shown in the list, and its car's", async () => {
  const { page } = journey;
  const c = await chooseFirstCommunity(journey, page);
  const places = await journey.api<{ list: Place[] }>("post", "/api/vehicle/parkingPlaces/actions/pageList", { communityId: c.communityId, placeNo: "YZ03", pageNo: 1, pageSize: 10 });
  const place = places.list.find((p) => p.placeNo === "YZ03")!;
  expect(place.paidUntil ?? null).toBeNull();

  // The place form asks for the rent item only once the place is 出租.
  await openAfresh(journey, page, "/newParkManage/parkingPlaceManagement/create");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: /保\s*存/ }) });
  await formItem(form, "车位状态").waitFor();
  expect(await formItem(form, "月租缴费项目").count()).toBe(0);
  await chooseOption(form, "车位状态", "出租");
  await formItem(form, "月租缴费项目").waitFor();
  await expectAccessible(page);

  // The list: YZ03 rented, not paid yet.
  await openInApp(journey, page, "/newParkManage/parkingPlaceManagement");
  const row = page.locator(".ant-table-row").filter({ hasText: "YZ03" });
  await row.waitFor();
  expect(await row.innerText()).toContain("地库车位月租");
  expect(await row.innerText()).not.toContain(monthEnd(chinaToday()));

  // The cashier desk: the room's bills, the two months of rent among them, paid in cash.
  const bills = await journey.api<{ list: { roomLabel: string; itemName?: string }[] }>("post", "/api/property/bills/actions/query", {
    communityId: c.communityId,
    roomId: place.roomId,
    status: [2],
    pageNo: 1,
    pageSize: 50,
  });
  const roomLabel = bills.list[0].roomLabel;
  await openInApp(journey, page, "/propertyPayment/cashier");
  const search = page.getByRole("combobox", { name: "搜索房屋" });
  await search.fill(roomLabel.split(" ").pop()!);
  await page.locator(".ant-select-dropdown").getByText(roomLabel, { exact: true }).first().click();
  await page.getByText("合计（").waitFor();
  await page.getByRole("cell", { name: "地库车位月租" }).first().waitFor();
  await page.getByRole("button", { name: /收款 ¥/ }).click();
  const dialog = page.locator(".ant-modal").filter({ hasText: "确认收款" });
  await dialog.locator("#receivedAmount").fill("100000.00");
  await dialog.getByText(/找零：¥\d+\.\d\d/).waitFor();
  await dialog.getByRole("button", { name: /确认收款/ }).click();
  await page.waitForURL(/#\/propertyPayment\/receipt\/\d+/);
  await page.getByText(/票据号：SJ\d{10}/).waitFor();

  // Back in 车位管理: paid until the end of this month.
  await openInApp(journey, page, "/newParkManage/parkingPlaceManagement");
  const paid = page.locator(".ant-table-row").filter({ hasText: "YZ03" });
  await expect.poll(async () => paid.innerText(), { timeout: 30_000 }).toContain(monthEnd(chinaToday()));
  await screenshot(page, "parking-rent-paid-until");
  await expectAccessible(page);
  // 车牌管理: the renter's car bound to YZ03 shows the same date.
  await openInApp(journey, page, "/newParkManage/licencePlateManagement");
  await page.getByRole("columnheader", { name: "月租缴至" }).waitFor();
  const car = page.locator(".ant-table-row").filter({ hasText: "YZ03" });
  await expect.poll(async () => car.innerText(), { timeout: 30_000 }).toContain(monthEnd(chinaToday()));
  await screenshot(page, "parking-rent-vehicle-paid-until");
  expect(journey.pageErrors).toEqual([]);
}, 180_000);

async function fillStay(page: Page, plate: string, enteredAt: string, leftAt: string) {
  const form = page.locator("form");
  await chooseOption(form, "车场", "地面停车场");
  await page.locator("#stay-plate").fill(plate);
  await page.locator("#stay-entered").fill(enteredAt);
  await page.locator("#stay-left").fill(leftAt);
  await page.getByRole("button", { name: /计\s*费/ }).click();
}

test("a stay priced by a day and night rule with a cap is paid at exit, then seen in the payments and the day's settlement", async () => {
  const { page } = journey;
  const c = await chooseFirstCommunity(journey, page);
  await openAfresh(journey, page, "/newParkManage/parkingStayCheckout");
  // 08:00–23:00: 首段 5.00 + 20 day blocks 40.00 + 6 night blocks 6.00 = 51.00, capped at 30.00 a day.
  await fillStay(page, "浙A8J6Q3", "2026-11-20T08:00", "2026-11-20T23:00");
  await page.getByText("¥30.00").waitFor();
  expect(await page.locator(".ant-table-row").allInnerTexts()).toEqual(["首段 120 分钟\t5.00", "白天 20 段 × 2.00 元\t40.00", "夜间 6 段 × 1.00 元\t6.00", "每日封顶 30.00 元（减免）\t-21.00"]);
  await page.getByText("昼夜分时计费").waitFor();
  await expectAccessible(page);
  await page.locator("#stay-received").fill("50");
  await page.getByRole("button", { name: /^收\s*费$/ }).click();
  const done = page.getByRole("alert").filter({ hasText: /已收费，票据号 SJ\d{10}/ });
  await done.waitFor();
  await done.getByText("找零 20.00 元").waitFor();
  const receiptNo = /SJ\d{10}/.exec(await done.innerText())![0];
  await screenshot(page, "parking-stay-paid");

  // 实收记录: the charge under its receipt number.
  await openInApp(journey, page, "/propertyPayment/receivedManagement");
  await page.getByPlaceholder("流水号 / 票据号 / 缴费人").fill(receiptNo);
  await page.getByRole("button", { name: /查\s*询/ }).click();
  await expect.poll(() => page.locator(".ant-table-row").count(), { timeout: 30_000 }).toBe(1);
  expect(await page.locator(".ant-table-row").innerText()).toContain("30.00");

  // 日结: today's cash line of this cashier holds it.
  const day = await journey.api<{ rows: { payMethod: number; cashierName: string; recordedAmount: string }[] }>(
    "get",
    `/api/property/reconciliations/actions/day?communityId=${c.communityId}&day=${chinaToday()}`,
  );
  const cash = day.rows.find((r) => r.payMethod === 5)!;
  expect(Number(cash.recordedAmount)).toBeGreaterThanOrEqual(30);
  await openInApp(journey, page, "/propertyPayment/reconciliation");
  if (chinaToday() === new Date().toISOString().slice(0, 10)) {
    await page.locator(".ant-table-row").filter({ hasText: cash.cashierName }).filter({ hasText: cash.recordedAmount }).first().waitFor();
  }
  await screenshot(page, "parking-stay-settlement");

  // The stay's 停车缴费 row names its receipt.
  await openInApp(journey, page, "/newParkManage/newParkPayment");
  await page.locator(".ant-table-row").filter({ hasText: receiptNo }).waitFor();
  expect(journey.pageErrors).toEqual([]);
}, 180_000);

test("the booth and 车牌管理 fit a 390 px phone, and a free stay is let out without payment", async () => {
  const phone = await journey.openPage("admin", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await chooseFirstCommunity(journey, phone);
  await openAfresh(journey, phone, "/newParkManage/parkingStayCheckout");
  await fillStay(phone, "浙A1B2C3", "2026-11-21T10:00", "2026-11-21T10:10");
  await phone.getByText("¥0.00").waitFor();
  await phone.getByRole("button", { name: /免费放行/ }).click();
  await phone.getByRole("alert").filter({ hasText: "免费放行，已记录" }).waitFor();
  expect(await sidewaysOverflow(phone)).toBe(0);
  await expectAccessible(phone);
  await screenshot(phone, "parking-stay-phone");
  // 车牌管理 on the phone: the cars with their owner and 月租缴至, the table scrolling inside its card.
  await openInApp(journey, phone, "/newParkManage/licencePlateManagement");
  await phone.getByRole("columnheader", { name: "月租缴至" }).waitFor();
  // The plates are masked in the list (浙****01): the row is found by its place.
  await phone.locator(".ant-table-row").filter({ hasText: "YZ01" }).waitFor();
  expect(await sidewaysOverflow(phone)).toBe(0);
  await expectAccessible(phone);
  await screenshot(phone, "parking-vehicles-phone");
}, 120_000);
