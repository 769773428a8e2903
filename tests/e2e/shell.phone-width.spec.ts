// The app on a 390 × 844 phone, as `admin`: the workbench and three lists fit the width (nothing
// scrolls sideways but a table inside its card), the header's items sit side by side without
// overlapping (驾驶舱 and the other secondary entries are in 更多), the menu is a drawer behind
// 打开菜单 whose items navigate and close it, and the drawer and a list pass the accessibility check
// (serious and critical violations, as the route walk). The newer pages — 楼栋管理, 单元管理, a room's
// detail with its 一户一档 tabs, the workbench's 收费概况, the cashier, arrears, reconciliation and the
// 日结单 print sheet — fit the width too, without a page error or a CSP violation.
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

    // A form: each label above its input, every input the form's full width (所属区域's select too).
    await page.goto(journey.url("/community/community/create"));
    await page.locator("#areaId").waitFor({ state: "attached" });
    const items = await page.locator("form .ant-form-item").evaluateAll((els) =>
      els
        .map((el) => ({ label: el.querySelector<HTMLElement>(".ant-form-item-label"), control: el.querySelector<HTMLElement>(".ant-form-item-control") }))
        .filter((x): x is { label: HTMLElement; control: HTMLElement } => !!x.label && !!x.control && x.control.offsetParent !== null)
        .map(({ label, control }) => ({
          text: label.innerText.trim(),
          above: label.getBoundingClientRect().bottom <= control.getBoundingClientRect().top + 1,
          width: Math.round(control.getBoundingClientRect().width),
        })),
    );
    expect(items.length).toBeGreaterThan(5);
    const full = Math.max(...items.map((i) => i.width));
    expect(items.filter((i) => !i.above || i.width < full).map((i) => i.text)).toEqual([]);
    expect(full).toBeLessThanOrEqual(WIDTH);
    await expect.poll(() => sidewaysOverflow(page), { timeout: 30_000 }).toEqual({ document: 0, pageArea: 0 });

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

  test("the newer pages fit the width: buildings, units, a room's file, 收费概况, the payment pages and the 日结单", async () => {
    const { page } = journey;
    const fits = async (what: string) => {
      await expect.poll(() => sidewaysOverflow(page), { timeout: 30_000, message: what }).toEqual({ document: 0, pageArea: 0 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(WIDTH);
    };
    const rows = page.getByRole("table").locator("tbody tr.ant-table-row");

    // 收费概况 on the workbench (the demo layout shows it).
    await page.goto(journey.url("/workbench/benchlayout"));
    await page.getByTestId("fee-overview-stats").waitFor();
    await fits("收费概况");
    const stats = await page.getByTestId("fee-overview-stats").evaluate((el) => ({ right: el.getBoundingClientRect().right, scrolls: el.scrollWidth > el.clientWidth }));
    expect(stats.right).toBeLessThanOrEqual(WIDTH);
    expect(stats.scrolls).toBe(false);
    await screenshot(page, "phone-04-fee-overview");
    // Its to-dos open the list where the waiting ones are: 退款审核 the tab of that name, 押金退还审核
    // the deposits filtered to 退款待审核.
    const todos = page.getByTestId("fee-overview-todos");
    await todos.getByRole("button", { name: /退款审核/ }).click();
    await expect.poll(() => page.getByTestId("shell-page").locator(".ant-tabs-tab-active").first().textContent(), { timeout: 30_000 }).toBe("退款审核");
    await page.goto(journey.url("/workbench/benchlayout"));
    await todos.getByRole("button", { name: /押金退还审核/ }).click();
    await expect.poll(() => decodeURIComponent(page.url()), { timeout: 30_000 }).toContain("/propertyPayment/deposits?status=2");
    await rows.first().waitFor();

    for (const route of ["/community/building", "/community/unit"]) {
      await page.goto(journey.url(route));
      await rows.first().waitFor();
      await fits(route);
    }

    // A room's detail page with its 一户一档 tabs.
    const roomId = await page.evaluate(async () => {
      const res = await fetch("/api/system/inhabitants/actions/pageList", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest", signature: sessionStorage.getItem("signature") ?? "" },
        body: JSON.stringify({ pageNo: 1, pageSize: 1 }),
      });
      return ((await res.json()) as { data: { list: { roomId: number }[] } }).data.list[0].roomId;
    });
    await page.goto(journey.url(`/community/house/show/${roomId}`));
    const file = page.getByTestId("related-rows");
    await file.getByRole("tab", { name: "业主与住户" }).waitFor();
    await expect.poll(() => file.locator(".ant-table-row").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await fits("room file");
    await file.getByRole("tab", { name: "账单" }).click();
    await file.locator(".ant-tabs-tabpane-active .ant-table").waitFor();
    await fits("room file: 账单");
    await screenshot(page, "phone-05-room-file");

    // A handled suggestion's detail shows its timeline (who, when, what), like a repair's.
    const suggestionId = await page.evaluate(async () => {
      const res = await fetch("/api/property/suggestions/actions/pageList", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest", signature: sessionStorage.getItem("signature") ?? "" },
        body: JSON.stringify({ pageNo: 1, pageSize: 1, status: 3 }),
      });
      return ((await res.json()) as { data: { list: { id: number }[] } }).data.list[0].id;
    });
    await page.goto(journey.url(`/property/suggestCenter/show/${suggestionId}`));
    const timeline = page.locator(".ant-timeline");
    await timeline.getByText("回复", { exact: true }).waitFor();
    expect(await timeline.innerText()).toMatch(/受理[\s\S]*待处理 → 处理中[\s\S]*回复[\s\S]*回复内容：/);
    await fits("suggestion timeline");
    await screenshot(page, "phone-05b-suggestion-timeline");

    // 派单 offers the staff by their 姓名, not their login names.
    await page.goto(journey.url("/property/reportRepair"));
    await rows.first().waitFor();
    await page
      .getByRole("button", { name: "派 单" })
      .or(page.getByRole("button", { name: "派单" }))
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "派单" });
    await dialog.locator(".ant-select").click();
    await page.locator(".ant-select-item-option", { hasText: "李娜" }).first().waitFor();
    expect(await page.locator(".ant-select-item-option", { hasText: /^(admin|staff)$/ }).count()).toBe(0);
    await fits("派单");
    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: "hidden" });

    // The hand-written payment pages.
    for (const [route, ready] of [
      [`/propertyPayment/cashier?roomId=${roomId}`, page.locator(".ant-card-head-title", { hasText: "收银台" })],
      ["/propertyPayment/arrears", rows.first()],
      ["/propertyPayment/reconciliation", page.getByRole("tab", { name: "日结对账" })],
    ] as const) {
      await page.goto(journey.url(route));
      await ready.first().waitFor();
      await page.waitForLoadState("networkidle");
      await fits(route);
      await screenshot(page, `phone-06-${route.split("/")[2].split("?")[0]}`);
    }

    // The 日结单 of a day with payments (the demo's cashier took them two days ago, China time).
    const day = new Date(Date.now() + 8 * 3600_000 - 2 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(journey.url(`/propertyPayment/reconciliation/print/${day}`));
    await page.locator(".neptune-print").waitFor();
    await page.locator(".neptune-print .ant-table-row").first().waitFor();
    await fits("日结单");
    // The sheet's table scrolls inside the sheet rather than running past it.
    const sheet = await page.locator(".neptune-print").evaluate((el) => {
      const box = el.getBoundingClientRect();
      const table = el.querySelector(".ant-table-wrapper")!.getBoundingClientRect();
      return { sheet: box.right <= 390, table: table.right <= box.right };
    });
    expect(sheet).toEqual({ sheet: true, table: true });
    await screenshot(page, "phone-07-daily-closing-print");

    expect(journey.pageErrors).toEqual([]);
  }, 120_000);

  test("the payment guide takes its own place: it never covers a table's 编辑 / 删除, at 1440 px or at 390 px", async () => {
    /** Row actions (编辑, 删除) of the page's tables that a box covers. */
    const covered = (page: Page, testId: string) =>
      page.evaluate((id) => {
        const guide = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
        if (!guide) return null;
        const actions = [...document.querySelectorAll<HTMLElement>(".ant-table-row a, .ant-table-row button")].filter((el) => /编辑|删除/.test(el.textContent ?? ""));
        const hits = actions
          .map((el) => el.getBoundingClientRect())
          .filter((b) => b.width > 0 && Math.min(b.right, guide.right) > Math.max(b.left, guide.left) && Math.min(b.bottom, guide.bottom) > Math.max(b.top, guide.top));
        return { actions: actions.length, covered: hits.length };
      }, testId);

    // 1440 px, a fresh browser: the guide opens expanded, above the page.
    const wide = await journey.openPage("admin", { viewport: { width: 1440, height: 900 } });
    await wide.goto(journey.url("/propertyPayment/paymentParamConfig?tab=second"));
    await wide.getByTestId("payment-guide").waitFor();
    await wide.locator(".ant-table-row").first().waitFor();
    await expect.poll(() => covered(wide, "payment-guide"), { timeout: 30_000 }).toMatchObject({ covered: 0 });
    expect((await covered(wide, "payment-guide"))!.actions).toBeGreaterThan(0);
    await screenshot(wide, "guide-01-docked-1440");
    // Collapsed, it is a narrow button in a strip of its own.
    await wide.getByRole("button", { name: "收起引导" }).click();
    await wide.getByTestId("payment-guide-entrance").waitFor();
    await expect.poll(() => covered(wide, "payment-guide-entrance"), { timeout: 30_000 }).toMatchObject({ covered: 0 });
    await screenshot(wide, "guide-02-collapsed-1440");
    await wide.close();

    // 390 px: the guide waits to be asked (the header's 使用引导 under 更多), with no tab over the page.
    const { page } = journey;
    await page.goto(journey.url("/propertyPayment/paymentParamConfig?tab=second"));
    await page.locator(".ant-table-row").first().waitFor();
    expect(await page.getByTestId("payment-guide").count()).toBe(0);
    expect(await page.getByTestId("payment-guide-entrance").count()).toBe(0);
    await expect.poll(() => sidewaysOverflow(page), { timeout: 30_000 }).toEqual({ document: 0, pageArea: 0 });
    await screenshot(page, "guide-03-phone");
    expect(journey.pageErrors).toEqual([]);
  }, 120_000);
});
