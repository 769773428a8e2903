// 临停收费规则 through the browser: an office adds a new version of a lot's rule with day and night
// rates and a daily cap on the generic form (the night fields appear once a night mode is chosen),
// then checks it in 临停计费测试: a stay across midnight is priced at the night rate, a stay over 24 h
// is capped with the cap's line shown, and an exit before the entry is refused with its message. The
// tester also works on a 390 px phone. No page error, no serious or critical accessibility violation.
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { runAxe } from "./support/axe.ts";
import { screenshot } from "./support/browser.ts";
import { chooseOption, formItem } from "./support/forms.ts";
import { useJourney } from "./support/journey.ts";

const journey = useJourney({ timeout: 60_000 });
const RULE = "夜间优惠九月版";

async function expectAccessible(page: Page) {
  const { violations } = await runAxe(page, { resultTypes: ["violations"] });
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);
}

async function quote(page: Page, enteredAt: string, leftAt: string) {
  await page.locator("#fee-tester-entered").fill(enteredAt);
  await page.locator("#fee-tester-left").fill(leftAt);
  await page.getByRole("button", { name: /计算费用/ }).click();
}

const shownLines = (page: Page) => page.locator(".ant-table-row").allInnerTexts();

test("a rule with day and night rates and a cap is added, then priced in the tester across midnight and over 24 h", async () => {
  const { page } = journey;
  await page.goto(journey.url("/newParkManage/parkingFeeRules"));
  await page.locator(".ant-table-row").filter({ hasText: "昼夜分时计费" }).first().waitFor();
  await page.getByRole("button", { name: /新\s*增/ }).click();
  await page.waitForURL(/parkingFeeRules\/create/);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: /保\s*存/ }) });
  await chooseOption(form, "所属车场", "地面停车场");
  await form.locator("#name").fill(RULE);
  await form.locator("#effectiveFrom").click();
  await form.locator("#effectiveFrom").fill("2026-09-01");
  await form.locator("#effectiveFrom").press("Enter");
  await form.locator("#firstMinutes").fill("120");
  await form.locator("#firstFee").fill("5");
  await form.locator("#dayBlockFee").fill("2");
  // the night window and price are asked for only once a night mode is chosen
  expect(await form.locator("#nightStart").count()).toBe(0);
  await chooseOption(form, "夜间计费", "夜间按单位计费");
  await form.locator("#nightStart").fill("20:00");
  await form.locator("#nightEnd").fill("08:00");
  await form.locator("#nightBlockFee").fill("1");
  await form.locator("#dailyCap").fill("30");
  expect(await formItem(form, "夜间包夜金额(元)").count()).toBe(0);
  await expectAccessible(page);
  await screenshot(page, "parking-fee-rule-form");
  await form.getByRole("button", { name: /保\s*存/ }).click();
  await page.waitForURL(/parkingFeeRules(\?|$)/);
  const row = page.locator(".ant-table-row").filter({ hasText: RULE });
  await row.waitFor();
  expect(await row.innerText()).toContain("2026-09-01");

  await page.goto(journey.url("/newParkManage/parkingFeeTester"));
  const tester = page.locator("form");
  await chooseOption(tester, "收费规则", RULE);
  await quote(page, "2026-09-05T19:00", "2026-09-06T01:00");
  await page.getByText("¥13.00").waitFor();
  expect(await shownLines(page)).toEqual(["首段 120 分钟\t5.00", "夜间 8 段 × 1.00 元\t8.00"]);
  await expectAccessible(page);
  await screenshot(page, "parking-fee-tester-midnight");

  await quote(page, "2026-09-05T08:00", "2026-09-06T10:00");
  await page.getByText("¥38.00").waitFor();
  expect(await shownLines(page)).toEqual([
    "第 1 天 · 首段 120 分钟\t5.00",
    "第 1 天 · 白天 20 段 × 2.00 元\t40.00",
    "第 1 天 · 夜间 24 段 × 1.00 元\t24.00",
    "第 1 天 · 每日封顶 30.00 元（减免）\t-39.00",
    "第 2 天 · 白天 4 段 × 2.00 元\t8.00",
  ]);

  await quote(page, "2026-09-05T08:00", "2026-09-05T07:00");
  await page.getByRole("alert").filter({ hasText: "出场时间不能早于入场时间" }).waitFor();
  expect(await page.getByText("¥38.00").count()).toBe(0);
  expect(journey.pageErrors).toEqual([]);
});

test("the tester fits a 390 px phone", async () => {
  const phone = await journey.openPage("admin", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.goto(journey.url("/newParkManage/parkingFeeTester"));
  await chooseOption(phone.locator("form"), "收费规则", RULE);
  await quote(phone, "2026-09-05T19:00", "2026-09-06T01:00");
  await phone.getByText("¥13.00").waitFor();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(phone);
  await screenshot(phone, "parking-fee-tester-phone");
});
