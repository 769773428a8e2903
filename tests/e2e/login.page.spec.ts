// The staff login page in a real browser against the real server (issue 40: the login page loads no
// antd): its first load fetches none of antd's chunks; an empty form names the missing fields; a
// refused sign-in shows the server's words in the page's own alert (no antd message); a good one
// lands on the workbench, or on the redirect target; the bare error page answers a path without a
// page and leads back to the login page. Each under the page's Content-Security-Policy; axe finds no
// serious or critical violation on the login page (with its alert showing) or the error page.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { runAxe } from "./support/axe.ts";
import { DEMO_PASSWORD } from "./support/server.ts";
import { useJourney } from "./support/journey.ts";

const journey = useJourney({ user: null });

/** A page in a fresh context that records the app's script and style files it fetches. */
async function freshPage(): Promise<{ page: Page; assets: string[] }> {
  const page = await journey.openPage(null);
  const assets: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (/\/assets\/.+\.(js|css)$/.test(path)) assets.push(path.replace(/^.*\/assets\//, ""));
  });
  return { page, assets };
}

/** axe's serious and critical violations on the page (WCAG 2.1 AA, issue 17). */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await runAxe(page, { resultTypes: ["violations"] });
  return found.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} ×${v.nodes.length}`);
}

const antdChunks = (assets: string[]) => assets.filter((file) => /^(antd-|AppRoutes-)/.test(file));

describe("the login page", () => {
  test("loads no antd, names missing fields, and shows a refusal in its own alert", async () => {
    const { page, assets } = await freshPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(String(err)));
    await page.goto(journey.url("/login"));
    const submit = page.getByRole("button", { name: /登\s*录/ });
    await submit.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("username");

    await submit.click();
    await page.getByText("请输入用户名").waitFor();
    await page.getByText("请输入密码").waitFor();

    await page.getByPlaceholder("请输入用户名").fill("admin");
    await page.getByPlaceholder("请输入密码").fill(`${DEMO_PASSWORD}-wrong`);
    await submit.click();
    const refusal = page.locator("#login-refusal");
    await expect.poll(() => refusal.textContent()).toBe("用户名或密码错误");
    expect(await refusal.getAttribute("role")).toBe("alert");
    expect(await page.getByRole("button", { name: "登录", exact: true }).isEnabled()).toBe(true);
    expect(await page.locator(".ant-message").count()).toBe(0);
    expect(page.url()).toMatch(/#\/login$/);
    expect(await violations(page)).toEqual([]);

    // Neither the first load nor the refusal brought antd (nor the chunk of every other path).
    expect(antdChunks(assets)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("a good sign-in lands on the workbench; with a redirect, on its target", async () => {
    const { page, assets } = await freshPage();
    await page.goto(journey.url("/login"));
    await page.getByPlaceholder("请输入用户名").fill("admin");
    await page.getByPlaceholder("请输入密码").fill(DEMO_PASSWORD);
    await page.getByPlaceholder("请输入密码").press("Enter");
    await page.getByTestId("shell-menu").waitFor();
    expect(page.url()).toMatch(/#\/workbench\/benchlayout/);
    // Past the login page antd comes with the chunk of every other path, its styles applied.
    expect(antdChunks(assets).length).toBeGreaterThan(0);
    expect(
      await page
        .locator(".ant-btn")
        .first()
        .evaluate((el) => getComputedStyle(el).cursor),
    ).toBe("pointer");
    await page.close();

    const second = await freshPage();
    await second.page.goto(journey.url(`/login?redirect=${encodeURIComponent("/community/house")}`));
    await second.page.getByPlaceholder("请输入用户名").fill("admin");
    await second.page.getByPlaceholder("请输入密码").fill(DEMO_PASSWORD);
    await second.page.getByRole("button", { name: /登\s*录/ }).click();
    await second.page.waitForURL(/#\/community\/house/);
    await second.page.locator(".ant-table").first().waitFor();
    await second.page.close();
  });

  test("a path without a page answers with the bare 404 page, which leads to the login page", async () => {
    const { page, assets } = await freshPage();
    await page.goto(journey.url("/error/404"));
    const errorPage = page.getByTestId("error-page");
    await errorPage.getByRole("heading", { name: "404" }).waitFor();
    await errorPage.getByText("抱歉，您访问的页面不存在").waitFor();
    expect(antdChunks(assets)).toEqual([]);
    expect(await violations(page)).toEqual([]);
    await errorPage.getByRole("button", { name: "返回首页" }).click();
    await page.waitForURL(/#\/login$/);
    await page.getByPlaceholder("请输入用户名").waitFor();
    await page.close();
  });
});
