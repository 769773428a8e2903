// The app on a 390 × 844 phone, as `admin`: the workbench and three lists fit the width (nothing
// scrolls sideways but a table inside its card), the header's items sit side by side without
// overlapping (驾驶舱 and the other secondary entries are in 更多), the menu is a drawer behind
// 打开菜单 whose items navigate and close it, and the drawer and a list pass the accessibility check
// (serious and critical violations, as the route walk).
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { runAxe } from "./support/axe.ts";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";

const WIDTH = 390;
const journey = useJourney({ viewport: { width: WIDTH, height: 844 } });

/** How far the document, and the shell's page area, scroll sideways (0: they fit). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const doc = document.documentElement;
    // The page area: the nearest box around the page that scrolls sideways.
    let area = document.querySelector<HTMLElement>("[data-testid=shell-page]")?.parentElement ?? null;
    while (area && !/auto|scroll/.test(getComputedStyle(area).overflowX)) area = area.parentElement;
    return {
      document: Math.max(0, doc.scrollWidth - doc.clientWidth, doc.scrollWidth - window.innerWidth),
      pageArea: area ? Math.max(0, area.scrollWidth - area.clientWidth) : -1,
    };
  });

/** Pairs of visible header items whose boxes overlap, and items past the window's edges. */
const headerClashes = (page: Page) =>
  page.getByTestId("shell-header").evaluate((header, width) => {
    const items = [...header.querySelectorAll<HTMLElement>("button, [data-testid=shell-tenant-name], img")]
      .map((el) => ({ name: el.getAttribute("aria-label") || el.textContent?.trim() || el.tagName, box: el.getBoundingClientRect() }))
      .filter((i) => i.box.width > 0 && i.box.height > 0);
    const clashes: string[] = [];
    for (const [n, a] of items.entries()) {
      if (a.box.left < 0 || a.box.right > width) clashes.push(`${a.name} outside the window`);
      for (const b of items.slice(n + 1)) {
        const overlap = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const vertical = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (overlap > 0.5 && vertical > 0.5) clashes.push(`${a.name} / ${b.name}`);
      }
    }
    return { count: items.length, clashes };
  }, WIDTH);

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await runAxe(page, { resultTypes: ["violations"] });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} ×${v.nodes.length}: ${v.nodes[0]?.target.join(" ")}`);
}

describe("the shell at 390 px", () => {
  test("the workbench and the lists fit the width, the header's items do not overlap, the menu is a drawer", async () => {
    const { page } = journey;
    const header = page.getByTestId("shell-header");

    await page.goto(journey.url("/workbench/benchlayout"));
    await page.getByTestId("workbench").waitFor();
    await expect.poll(() => sidewaysOverflow(page), { timeout: 30_000 }).toEqual({ document: 0, pageArea: 0 });

    // The header: the community name shortened, the secondary entries in 更多, nothing overlapping.
    await header.getByRole("button", { name: "更多" }).waitFor();
    expect(await header.getByText("驾驶舱").count()).toBe(0);
    const picker = await page.getByTestId("community-picker-trigger").boundingBox();
    expect(picker!.width).toBeLessThanOrEqual(200);
    // 打开菜单, the community, 更多 and the user menu at least.
    await expect.poll(async () => (await headerClashes(page)).count, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    expect((await headerClashes(page)).clashes).toEqual([]);
    // The picker's panel narrows to the window.
    await page.getByTestId("community-picker-trigger").click();
    const panel = page.getByTestId("community-picker");
    await panel.getByRole("option").first().waitFor();
    const panelEdges = async () => {
      const box = await panel.boundingBox();
      return box && { left: box.x >= 0, right: box.x + box.width <= WIDTH };
    };
    await expect.poll(panelEdges, { timeout: 30_000 }).toEqual({ left: true, right: true });
    await panel.getByRole("button", { name: /取\s*消/ }).click();
    await panel.waitFor({ state: "hidden" });

    await header.getByRole("button", { name: "更多" }).click();
    const more = page.locator(".ant-dropdown:not(.ant-dropdown-hidden)");
    await more.getByText("驾驶舱").waitFor();
    for (const entry of ["全局看板", "任务中心", "使用引导", "帮助中心", "下载"]) await more.getByText(entry, { exact: true }).waitFor();
    const menuBox = await more.boundingBox();
    expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(WIDTH);
    await screenshot(page, "phone-01-workbench-more");
    await page.keyboard.press("Escape");
    await more.waitFor({ state: "hidden" });

    // The lists: their tables scroll inside the card, the page does not.
    for (const [route, row] of [
      ["/community/community", "阳光花园"],
      ["/community/house", null],
      ["/community/people", null],
    ] as const) {
      await page.goto(journey.url(route));
      const rows = page.getByRole("table").locator("tbody tr.ant-table-row");
      await (row ? rows.filter({ hasText: row }) : rows).first().waitFor();
      await expect.poll(() => sidewaysOverflow(page), { timeout: 30_000 }).toEqual({ document: 0, pageArea: 0 });
      expect((await headerClashes(page)).clashes, route).toEqual([]);
      // The table itself is wider than the phone and scrolls within its own box.
      const table = await page
        .locator(".ant-table-content, .ant-table-body")
        .first()
        .evaluate((el) => ({ scrolls: el.scrollWidth > el.clientWidth, right: el.getBoundingClientRect().right }));
      expect(table.scrolls, route).toBe(true);
      expect(table.right, route).toBeLessThanOrEqual(WIDTH);
    }
    await screenshot(page, "phone-02-list");
    expect(await seriousViolations(page)).toEqual([]);

    // The menu: no rail; 打开菜单 opens the drawer, an item navigates and closes it.
    expect(await page.locator(".ant-layout-sider").count()).toBe(0);
    await header.getByRole("button", { name: "打开菜单" }).click();
    const drawer = page.getByRole("dialog", { name: "菜单" });
    await drawer.waitFor();
    const item = drawer.getByRole("menuitem", { name: "房屋管理", exact: true });
    if (!(await item.isVisible())) await drawer.getByText("社区管理", { exact: true }).click();
    await screenshot(page, "phone-03-menu-drawer");
    expect(await seriousViolations(page)).toEqual([]);
    await item.click();
    await page.waitForURL(/#\/community\/house/);
    await drawer.waitFor({ state: "hidden" });
    await page.getByRole("table").locator("tbody tr.ant-table-row").first().waitFor();
    await expect.poll(() => sidewaysOverflow(page), { timeout: 30_000 }).toEqual({ document: 0, pageArea: 0 });
    expect(journey.pageErrors).toEqual([]);
  }, 120_000);
});
