// 催缴记录 from the arrears list (issue 28, Deliver 8): a room's row opens its records, and 新增 there
// starts a record for that room (the list's filter); saved, it shows on the arrears row as the room's
// latest follow-up. At 390 px the arrears page, the records list and 巡更完成情况 keep to the screen's width.
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { chooseOption, formItem } from "./support/forms.ts";

const journey = useJourney({ timeout: 60_000 });

/** How far the page's content reaches past the window's width (0: nothing sticks out). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("a room in arrears gets a 催缴记录 started on its room, and the arrears row shows it", async () => {
  const { page } = journey;
  await page.goto(journey.url("/propertyPayment/arrears"));
  const row = page.locator(".ant-table-row").first();
  await row.waitFor();
  const room = (await row.locator("td").first().innerText()).trim();
  expect(room).not.toBe("");

  await row.getByRole("button", { name: "催缴记录" }).click();
  await page.waitForURL(/#\/propertyPayment\/dunningRecords\?roomId=\d+/);
  await page.getByRole("button", { name: /新\s*增/ }).click();
  await page.waitForURL(/#\/propertyPayment\/dunningRecords\/create/);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: /保\s*存/ }) });
  // The room is the one the list was filtered by, shown by its name.
  await expect.poll(async () => (await formItem(form, "房屋").locator(".ant-select-selection-item").innerText()).trim(), { timeout: 30_000 }).toBe(room);
  await chooseOption(form, "催缴方式", "上门");
  await chooseOption(form, "催缴结果", "承诺缴费");
  // Today in China time, typed into the picker (the first click loads it in place, open).
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const dunnedAt = formItem(form, "催缴日期");
  await dunnedAt.locator("input").click();
  await page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)").waitFor();
  await dunnedAt.locator("input").fill(day);
  // Tab, not Enter: Enter in the picker would also submit the form.
  await page.keyboard.press("Tab");
  await expect.poll(() => dunnedAt.locator("input").inputValue(), { timeout: 30_000 }).toBe(day);
  await formItem(form, "备注").locator("input").fill("业主承诺月底前缴清");
  await screenshot(page, "dunning-record-form");
  await form.getByRole("button", { name: /保\s*存/ }).click();

  // Back on the room's records: the new one is listed.
  await page.waitForURL(/#\/propertyPayment\/dunningRecords\?roomId=\d+$/);
  await page.locator(".ant-table-row").filter({ hasText: "业主承诺月底前缴清" }).waitFor();

  await page.goto(journey.url("/propertyPayment/arrears"));
  const same = page.locator(".ant-table-row").filter({ hasText: room }).first();
  await expect.poll(async () => await same.innerText(), { timeout: 30_000 }).toContain(`${day} 承诺缴费`);
});

test("at 390 px the arrears page, the records list and 巡更完成情况 keep to the screen", async () => {
  const { page } = journey;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    for (const path of ["/propertyPayment/arrears", "/propertyPayment/dunningRecords", "/patrolManage/patrolCheckIns"]) {
      await page.goto(journey.url(path));
      await page.locator(".ant-table").first().waitFor();
      await page.waitForLoadState("networkidle");
      await expect.poll(() => overflow(page), { timeout: 30_000 }).toBeLessThanOrEqual(0);
      await screenshot(page, `phone${path.replaceAll("/", "-")}`);
    }
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
});
