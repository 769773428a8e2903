// The guides, tours, questionnaire, workbench, adverts, tracking and edge flow in a real browser
// against the real server (issue "Guides, questionnaire, tours, workbench, adverts, tracking and the
// edge flow"), as `admin` on the demo data (whose payment set-up is complete: all five steps done).
import { beforeAll, describe, expect, test } from "vitest";
import { gunzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";

const journey = useJourney(); // signed in as admin
let page: Page;
beforeAll(() => {
  page = journey.page;
});

const go = (path: string) => page.goto(journey.url(path));

describe("guides and workbench in the browser", () => {
  test("the workbench shows the advert banner and the cards, hides the banner while editing, and keeps a saved layout", async () => {
    await go("/workbench/benchlayout");
    await page.getByTestId("advert-banner").waitFor();
    await page.getByTestId("community-profile-stats").waitFor();
    await page.getByTestId("workbench-edit").click();
    expect(await page.getByTestId("advert-banner").count()).toBe(0);
    await page.getByTestId("workbench-add").click();
    const add = page.locator('[data-testid^="workbench-add-"]').first();
    const moduleId = ((await add.getAttribute("data-testid")) ?? "").replace("workbench-add-", "");
    await add.click();
    await page.getByTestId("workbench-save").click();
    await page.getByText("保存成功").waitFor();
    await page.reload();
    await page.getByTestId(`workbench-module-${moduleId}`).waitFor();
    await page.getByTestId("advert-banner").waitFor();
    await screenshot(page, "guides-workbench");
  });

  test("click tracking sends gzip batches at 50 records and the report counts them", async () => {
    const sent = page.waitForRequest((r) => r.url().endsWith("/pick/pickInfo"));
    await page.evaluate(() => {
      for (let i = 0; i < 50; i++) window.dispatchEvent(new CustomEvent("neptune:track", { detail: { lc: "e2e_tracking_code" } }));
    });
    const request = await sent;
    expect(request.headers()["content-encoding"]).toBe("gzip");
    expect((await request.response())?.status()).toBe(200);
    // The batch is the first 50 queued: route codes queued before the events come first.
    const batch = JSON.parse(gunzipSync(request.postDataBuffer()!).toString("utf8")) as { dataList: { lc: string }[] };
    expect(batch.dataList).toHaveLength(50);
    const ours = batch.dataList.filter((r) => r.lc === "e2e_tracking_code").length;
    await go("/system/clickReport");
    await page.getByPlaceholder("埋点编码").fill("e2e_tracking_code");
    await page.getByPlaceholder("埋点编码").press("Enter");
    await page.locator(".ant-table-row", { hasText: "e2e_tracking_code" }).getByText(String(ours), { exact: true }).waitFor();
  });

  test("the edge link asks for authorisation, says 授权成功！ and, with remote access off, 进入智慧平台失败", async () => {
    await go("/workbench/benchlayout");
    await page.getByTestId("edge-service-link").click();
    await page.getByRole("button", { name: /授\s*权/ }).click();
    await page.getByText("授权成功！").waitFor();
    await page.getByText(/进入智慧平台失败/).waitFor();
    const failed = page.locator(".ant-modal-confirm-warning");
    await failed.locator(".ant-modal-confirm-title", { hasText: "提示" }).waitFor();
    await failed.locator(".ant-modal-confirm-btns button").click();
    await page.locator(".ant-modal-confirm").first().waitFor({ state: "detached" });
  });

  test("the payment guide: welcome, start configuring, five done steps, the satisfaction dialog, then hidden until the guide button", async () => {
    await go("/propertyPayment/cashier");
    await page.getByTestId("payment-guide-welcome").waitFor();
    await page.getByTestId("payment-guide-start").click();
    await page.waitForURL(/propertyPayment\/paymentParamConfig/);
    await page.getByTestId("questionnaire-dialog").waitFor();
    expect(await page.locator('[data-testid^="payment-guide-step-"][data-done="true"]').count()).toBe(5);
    await page.getByTestId("questionnaire-submit").click();
    await page.getByText("请选择满意度").first().waitFor();
    await page.getByTestId("questionnaire-star-4").click();
    await page.getByTestId("questionnaire-star-4").click();
    expect(await page.getByTestId("questionnaire-star-4").getAttribute("aria-checked")).toBe("false");
    await page.getByTestId("questionnaire-star-5").click();
    await page.getByTestId("questionnaire-submit").click();
    await page.getByText("问卷提交成功").waitFor();
    await page.getByTestId("payment-guide").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "使用引导" }).click();
    await page.getByTestId("payment-guide").waitFor();
  });

  test("the payment set-up tour walks the settings tabs with next and previous, and quits", async () => {
    await page.getByTestId("payment-guide").getByRole("button", { name: "操作演示" }).click();
    const indicator = page.getByTestId("tour-indicator");
    await expect.poll(() => indicator.innerText(), { timeout: 10_000 }).toBe("1/7");
    await page.getByRole("button", { name: "下一步" }).click();
    await expect.poll(() => indicator.innerText(), { timeout: 10_000 }).toBe("2/7");
    await page.waitForURL(/tab=second/); // the tour moves the address after its own step
    await page.getByRole("button", { name: "下一步" }).click();
    await expect.poll(() => indicator.innerText(), { timeout: 10_000 }).toBe("3/7");
    await page.waitForURL(/tab=first/); // the tour moves the address after its own step
    await page.getByRole("button", { name: "上一步" }).click();
    await expect.poll(() => indicator.innerText(), { timeout: 10_000 }).toBe("2/7");
    await page.waitForURL(/tab=second/); // the tour moves the address after its own step
    await page.locator(".ant-tabs-tab-active[data-node-key=second]").waitFor();
    await screenshot(page, "guides-payment-tour");
    await page.locator(".ant-tour-close").click();
    await indicator.waitFor({ state: "detached" });
  });

  test("the smart-home guide greets the user, lists its steps, minimises to a button and opens again", async () => {
    await go("/intelligence/smartRoom");
    const panel = page.getByTestId("smart-home-guide");
    await panel.waitFor();
    await panel.getByText("智能家居使用引导").waitFor();
    await panel.getByText(/您好，/).waitFor();
    expect(await page.locator('[data-testid^="smart-home-step-"]').count()).toBeGreaterThanOrEqual(8);
    await page.getByRole("button", { name: "最小化智能家居引导" }).click();
    await page.getByTestId("smart-home-guide-button").click();
    await panel.waitFor();
  });
});
