// A tenant that has configured nothing yet, in a real browser against the real server (issue
// "Guides, questionnaire, tours, workbench, adverts, tracking and the edge flow"): its main account
// signs in with an empty local storage, meets the payment guide's welcome view, starts configuring,
// creates a pricing type and a payment item through the payment settings page's own forms, sees
// steps 1 and 2 done and steps 3 to 5 enabled, closes the guide with fewer than 5 steps done and is
// offered the satisfaction questionnaire. Its workbench statistics change when a resident is added.
// The tenant is made by support/new-tenant.ts (the product has no API that creates a tenant).
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Locator, Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { NEW_TENANT_ADMIN, NEW_TENANT_COMMUNITY, seedDemoAndNewTenant } from "./support/new-tenant.ts";

// The journey's page is in a fresh context: nothing in local storage, as on the first visit of a new
// tenant's admin. These machines are shared and at times slow: patient waits, the assertions stay
// the same.
const journey = useJourney({ prepare: seedDemoAndNewTenant, user: NEW_TENANT_ADMIN, signIn: "page", timeout: 60_000 });
let page: Page;
beforeAll(() => {
  page = journey.page;
});

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    await screenshot(page, `guides-new-tenant-failed-${task.name.slice(0, 24).replace(/\W+/g, "-")}`);
    // Uncaught errors of the page, shown with a failed test.
    if (journey.pageErrors.length) console.error(`page errors:\n${journey.pageErrors.join("\n")}`);
  });
});

const go = (path: string) => page.goto(journey.url(path));
const step = (n: number) => page.getByTestId(`payment-guide-step-${n}`);
const stepState = async (n: number) => ({ done: await step(n).getAttribute("data-done"), disabled: await step(n).getAttribute("aria-disabled") });
/** The open dialog with this title (the settings page's add dialogs). */
const dialog = (title: string): Locator => page.locator(".ant-modal").filter({ has: page.locator(".ant-modal-title", { hasText: title }) });
const openDropdown = () => page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");
/** A guide flag of the signed-in account (kept per account: the spec's key, then @tenant.user). */
const accountFlag = (key: string) => page.evaluate((k) => Object.entries(localStorage).find(([name]) => name.startsWith(`${k}@`))?.[1] ?? null, key);

describe("a new tenant's admin", () => {
  test("starts with an empty local storage and the new tenant's community", async () => {
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("Hbl_payment") || k.startsWith("payTopBubbleHideFlag")))).toEqual([]);
    await page.getByText(NEW_TENANT_COMMUNITY).first().waitFor();
  });

  test("the payment guide: welcome, start configuring, pricing and items through the real forms, steps 1–2 done and 3–5 enabled, close offers the questionnaire", async () => {
    await go("/propertyPayment/cashier");
    const guide = page.getByTestId("payment-guide");
    const welcome = page.getByTestId("payment-guide-welcome");
    await welcome.waitFor();
    // Six feature icons with their titles, and the start-configuring button.
    for (const title of ["账单自动计价", "线上缴费", "小额减免与退款", "收据与发票", "每日结算", "统计报表"]) await welcome.getByText(title, { exact: true }).waitFor();
    expect(await welcome.getByRole("img").count()).toBe(6);
    await screenshot(page, "guides-new-tenant-welcome");
    await page.getByTestId("payment-guide-start").click();

    // The payment settings page, tab 计价类型; the guide now lists the five steps, none done.
    await page.waitForURL(/#\/propertyPayment\/paymentParamConfig/);
    await page.locator(".ant-tabs-tab-active[data-node-key=second]").waitFor();
    await page.getByTestId("payment-guide-steps").waitFor();
    await expect.poll(() => guide.getByText(/已完成 \d\/5 步/).innerText()).toContain("已完成 0/5 步");
    expect(await stepState(1)).toEqual({ done: "false", disabled: "false" });
    for (const n of [2, 3, 4, 5]) expect(await stepState(n)).toEqual({ done: "false", disabled: "true" });
    expect(await accountFlag("Hbl_payment_welcome")).toBe("true");

    // Step 1: a pricing type through the tab's add dialog.
    await page.getByRole("button", { name: /新增计价类型/ }).click();
    const pricing = dialog("新增计价类型");
    await pricing.locator("input#name").fill("物业服务费");
    await pricing.locator("input#unitPrice").fill("2.50");
    await pricing.getByRole("button", { name: /保\s*存/ }).click();
    await page.getByText("保存成功").first().waitFor();
    await pricing.waitFor({ state: "hidden" });
    await page.locator(".ant-table-row", { hasText: "物业服务费" }).waitFor();

    // Back on the guide (no navigation since the save): step 1 done, step 2 open; step 2 opens the
    // payment items tab.
    await guide.hover();
    await expect.poll(async () => (await stepState(1)).done, { timeout: 30_000 }).toBe("true");
    await expect.poll(async () => (await stepState(2)).disabled, { timeout: 30_000 }).toBe("false");
    for (const n of [3, 4, 5]) expect((await stepState(n)).disabled).toBe("true");
    await step(2).click();
    await page.waitForURL(/tab=first/);
    await page.locator(".ant-tabs-tab-active[data-node-key=first]").waitFor();

    // Step 2: a payment item billed by that pricing type.
    await page.getByRole("button", { name: /新增缴费项目/ }).click();
    const item = dialog("新增缴费项目");
    await item.locator("input#name").fill("物业费");
    await item.locator("input#priceTypeId").click();
    await openDropdown().getByText("物业服务费", { exact: true }).click();
    await item.getByRole("button", { name: /保\s*存/ }).click();
    await item.waitFor({ state: "hidden" });
    await page.locator(".ant-table-row", { hasText: "物业费" }).waitFor();

    // Back on the guide: steps 1 and 2 done; 3, 4 and 5 enabled and not done.
    await guide.hover();
    await expect.poll(async () => (await stepState(2)).done, { timeout: 30_000 }).toBe("true");
    expect(await stepState(1)).toEqual({ done: "true", disabled: "false" });
    for (const n of [3, 4, 5]) expect(await stepState(n)).toEqual({ done: "false", disabled: "false" });
    await expect.poll(() => guide.getByText(/已完成 \d\/5 步/).innerText()).toContain("已完成 2/5 步");
    await screenshot(page, "guides-new-tenant-two-steps");
    // Step 3 is really enabled: it opens the payment parameters tab.
    await step(3).click();
    await page.waitForURL(/tab=four/);
    await page.locator(".ant-tabs-tab-active[data-node-key=four]").waitFor();
    expect(await accountFlag("payTopBubbleHideFlag")).toBeNull();

    // Closing with 2 of 5 steps done and the bubble-hidden flag unset offers the questionnaire.
    await guide.getByRole("button", { name: "关闭引导" }).click();
    const questionnaire = page.getByTestId("questionnaire-dialog");
    await questionnaire.waitFor();
    await questionnaire.getByText("非常满意").waitFor();
    await page.getByTestId("questionnaire-submit").click();
    await page.getByText("请选择满意度").first().waitFor();
    await screenshot(page, "guides-new-tenant-questionnaire");

    // Closed without an answer: the guide hides, the one-time hint points at the guide button.
    await page
      .locator(".ant-modal")
      .filter({ has: questionnaire })
      .getByRole("button", { name: /取\s*消/ })
      .click();
    await questionnaire.waitFor({ state: "detached" });
    await guide.waitFor({ state: "detached" });
    const hint = page.getByTestId("payment-guide-hint");
    await hint.waitFor();
    const hintShownAt = Date.now();
    expect(await accountFlag("payTopBubbleHideFlag")).toBe("true");
    await screenshot(page, "guides-new-tenant-hint");
    // The hint closes itself after a few seconds (8 s), also while the user keeps opening pages (each
    // navigation renders the guide again; that must not restart the hint's timer).
    for (let i = 0; (await hint.count()) > 0 && Date.now() - hintShownAt < 30_000; i++) {
      await go(i % 2 === 0 ? "/workbench/benchlayout" : "/propertyPayment/cashier");
      await page.waitForTimeout(1000);
    }
    expect(await hint.count()).toBe(0);
    // Not answered: the server has no sheet of this user.
    const answered = await page.evaluate(async () => {
      const res = await fetch("/tenantApi/crain/help/web/questionnaire/user/hbl-payment-guide-satisfaction", {
        headers: { "X-Requested-With": "XMLHttpRequest", signature: sessionStorage.getItem("signature") ?? "" },
        credentials: "include",
      });
      return ((await res.json()) as { data: { answered: boolean } }).data.answered;
    });
    expect(answered).toBe(false);
  }, 300_000);

  test("the workbench statistics count a resident added through the residents page", async () => {
    await go("/workbench/benchlayout");
    const profile = page.getByTestId("community-profile-stats");
    const residents = profile.locator(".ant-statistic").filter({ hasText: "住户" });
    await residents.waitFor();
    await page.getByText(NEW_TENANT_COMMUNITY).first().waitFor();
    expect(await residents.locator(".ant-statistic-content-value").innerText()).toBe("0");
    expect(await page.getByTestId("household-total").innerText()).toBe("住户 0 人，本月新增 0 人");
    await screenshot(page, "guides-new-tenant-workbench-before");

    await go("/community/people/create");
    await page.getByText("新增住户").first().waitFor();
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: /保\s*存/ }) });
    await form.locator("input#name").fill("林晓");
    await form.locator("input#phone").fill("13712345678");
    await form.locator("input#roomId").click();
    await openDropdown().getByText(/-101$/).first().click();
    await form.getByRole("button", { name: /保\s*存/ }).click();
    await page.getByText("保存成功").first().waitFor();
    await page.waitForURL(/#\/community\/people(\?|$)/);

    await go("/workbench/benchlayout");
    await expect.poll(() => page.getByTestId("household-total").innerText(), { timeout: 30_000 }).toBe("住户 1 人，本月新增 1 人");
    expect(await residents.locator(".ant-statistic-content-value").innerText()).toBe("1");
    const occupied = profile.locator(".ant-statistic").filter({ hasText: "已入住房屋" });
    expect(await occupied.locator(".ant-statistic-content-value").innerText()).toBe("1");
    await screenshot(page, "guides-new-tenant-workbench-after");
  }, 180_000);
});
