// Every route of generated/routes.ts opens a working screen (issue "Every route live"): as `admin`
// (every authority), each route — the Iframe variants with their :type, the pages outside the
// frame — renders real content (a table, a form, a board, cards or descriptions), never the
// under-construction page, an error page or an error message; a state-flow row action and the
// Excel export work in the list; and as `staff` a route whose code the role lacks is refused (the
// 403 page). One browser, one route after another.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { constants } from "../../generated/constants.ts";
import { routes } from "../../generated/routes.ts";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { BROKEN, CONTENT, concretePath } from "./support/routes.ts";

// The journey's own page signs in inside the first test, once it listens for script errors.
const journey = useJourney({ user: null });

/** Waits until the page shows content and nothing loads any more; returns what is wrong, if anything. */
async function problemsOf(page: Page): Promise<string[]> {
  await page
    .waitForFunction(([content]) => !!document.querySelector(content) && !document.querySelector(".ant-spin-spinning, [aria-busy=true]"), [CONTENT], { timeout: 10_000 })
    .catch(() => undefined);
  return page.evaluate(
    ([content, broken]) => {
      const out: string[] = [];
      const text = document.body.innerText;
      if (text.includes("该页面正在建设中")) out.push("under construction");
      if (text.includes("页面配置有误")) out.push("page misconfigured");
      if (!document.querySelector(content)) out.push("no content");
      if (document.querySelector(broken)) out.push(`error result: ${document.querySelector(broken)!.textContent?.slice(0, 60)}`);
      for (const m of document.querySelectorAll(".ant-message-error")) out.push(`error message: ${m.textContent}`);
      return out;
    },
    [CONTENT, BROKEN],
  );
}

describe("every route", () => {
  test(
    "admin opens every route and sees a working screen",
    async () => {
      const { page } = journey;
      const crashes: string[] = [];
      page.on("pageerror", (e) => crashes.push(e.message));
      await journey.logIn(page, "admin");
      const signature = (await page.evaluate((key) => sessionStorage.getItem(key), constants.sessionKeys.signature)) ?? "";

      const failures: string[] = [];
      const visited: string[] = [];
      // The login and error routes are the app's own (the shell journey covers them); the rest, in order.
      for (const route of routes.filter((r) => r.path !== "/login" && !r.path.startsWith("/error"))) {
        const path = await concretePath(route, journey.product.baseUrl, signature);
        const started = Date.now();
        crashes.length = 0;
        await page.goto(journey.url(path));
        await page.waitForFunction((p) => decodeURIComponent(location.hash).startsWith(`#${p}`), path, { timeout: 10_000 }).catch(() => undefined);
        const hash = decodeURIComponent(await page.evaluate(() => location.hash));
        const problems = await problemsOf(page);
        if (!hash.startsWith(`#${path}`)) problems.push(`redirected to ${hash}`);
        if (crashes.length) problems.push(`script error: ${crashes.join("; ")}`);
        if (route.outsideFrame && (await page.getByTestId("shell-menu").count())) problems.push("outside-frame page inside the shell");
        if (problems.length) {
          failures.push(`${path}: ${problems.join(", ")}`);
          await screenshot(page, `every-route-failed${path.replace(/[^A-Za-z0-9]+/g, "-")}`);
        }
        visited.push(path);
        if (process.env.EVERY_ROUTE_LOG) console.log(`${path} ${Date.now() - started}ms ${problems.join(", ")}`);
      }
      expect(failures).toEqual([]);
      expect(visited.length).toBe(routes.length - 2);
      await page.close();
    },
    Number(process.env.EVERY_ROUTE_TIMEOUT ?? 600_000),
  );

  test("a row action asks for its input and moves the row on; the list exports to Excel", async () => {
    const page = await journey.openPage("admin", { acceptDownloads: true });
    await page.goto(journey.url("/property/roomAudit"));
    const pending = page.getByRole("row").filter({ hasText: "待审核" }).first();
    await pending.getByRole("button", { name: "驳回" }).click();
    const dialog = page.locator(".ant-modal").filter({ hasText: "驳回原因" });
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await dialog.getByText("请输入驳回原因").waitFor();
    await dialog.locator("input").fill("资料不全，请补充");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await page.getByText("驳回成功").waitFor();
    await page.getByRole("row").filter({ hasText: "资料不全，请补充" }).getByText("已驳回").waitFor();

    const download = page.waitForEvent("download", { timeout: 30_000 });
    await page.getByRole("button", { name: /导\s*出/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^入住申请_\d{14}\.xlsx$/);
    await screenshot(page, "every-route-row-action");
    await page.close();
  }, 90_000);

  test("staff is refused a route whose code its role lacks", async () => {
    const page = await journey.openPage("staff");
    await page.goto(journey.url("/property/roomAudit"));
    await page.waitForURL(/#\/error\/403/);
    await page.locator(".ant-result-403").waitFor();
    await page.getByText("您没有该功能模块权限，请联系管理员").waitFor();
    // A permitted one still opens.
    await page.goto(journey.url("/community/house"));
    await page.locator(".ant-table").first().waitFor();
    await screenshot(page, "every-route-staff");
    await page.close();
  }, 60_000);
});
