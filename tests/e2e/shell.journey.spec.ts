// A new user's first visit, in a real browser against the real server (issue "Web"): log in, see
// the workbench, open the community list, create a community (an invalid name first), switch
// community in the picker, open three tabs and close the middle one, narrow the window until the
// menu collapses, log out; then as `staff`, see only the permitted menu and be refused a route whose
// code the role lacks (the 403 page), and open a second tab that resumes the session; as `admin`, a
// list's state-flow row action and its Excel export.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";

// Signing in is part of the journey: the journey's own page starts on a blank tab.
const journey = useJourney({ user: null });

const menu = (page: Page) => page.getByTestId("shell-menu");

/** Clicks a menu item, opening its group first when the group is folded. */
async function openMenuItem(page: Page, group: string, item: string) {
  const entry = menu(page).getByRole("menuitem", { name: item, exact: true });
  if (!(await entry.isVisible())) await menu(page).getByText(group, { exact: true }).click();
  await entry.click();
}
const tabs = (page: Page) => page.getByTestId("shell-tabs").getByRole("tab");

describe("shell journey", () => {
  test("admin: workbench, community list and form, picker, tabs, collapse, logout", async () => {
    const { page } = journey;
    await journey.logIn(page, "admin");
    await page.waitForURL(/#\/workbench\/benchlayout/);
    await expect.poll(() => tabs(page).first().textContent()).toContain("工作台");
    await screenshot(page, "01-workbench");

    // Open the community list from the menu.
    await openMenuItem(page, "社区管理", "社区信息");
    await page.waitForURL(/#\/community\/community/);
    await page.getByRole("table").getByText("阳光花园").waitFor();
    await screenshot(page, "02-community-list");

    // An invalid name shows the spec's exact message; nothing is saved.
    await page.getByRole("button", { name: /新\s*增/ }).click();
    await page.waitForURL(/#\/community\/community\/create/);
    // The create form (not the list's filter form); its inputs carry the schema's field names as ids.
    await page.getByText("新增社区").waitFor();
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: /保\s*存/ }) });
    const name = form.locator("input#name");
    await name.fill("花园$");
    await name.blur();
    await form.getByText("内容不能含有特殊字符").waitFor();
    await screenshot(page, "03-invalid-name");

    // A valid one is saved and found in the list.
    await name.fill("测试新社区");
    await form.locator("input#areaId").click();
    await page.locator(".ant-select-dropdown").getByText("杭州片区", { exact: true }).click();
    await form.getByRole("button", { name: /保\s*存/ }).click();
    await page.getByText("保存成功").waitFor();
    await page.waitForURL(/#\/community\/community(\?|$)/);
    const search = page.getByPlaceholder("请输入社区名称").first();
    await search.fill("  测试新社区  ");
    await search.press("Enter");
    await page.getByRole("table").getByText("测试新社区").waitFor();
    await screenshot(page, "04-created");

    // Three tabs; closing the middle one keeps its neighbours.
    await openMenuItem(page, "社区管理", "房屋管理");
    await page.waitForURL(/#\/community\/house/);
    await expect.poll(() => tabs(page).allTextContents()).toContain("房屋管理");
    await openMenuItem(page, "社区管理", "住户管理");
    await page.waitForURL(/#\/community\/people/);
    await expect.poll(() => tabs(page).allTextContents()).toContain("住户管理");
    await openMenuItem(page, "社区管理", "卡片管理");
    await page.waitForURL(/#\/community\/card/);
    await expect.poll(() => tabs(page).allTextContents()).toContain("卡片管理");
    await expect.poll(() => tabs(page).allTextContents()).toEqual(expect.arrayContaining(["房屋管理", "住户管理", "卡片管理"]));
    const before = await tabs(page).allTextContents();
    await page.getByLabel("关闭住户管理").click();
    await expect.poll(() => tabs(page).allTextContents()).not.toContain("住户管理");
    const after = await tabs(page).allTextContents();
    expect(after).toEqual(expect.arrayContaining(["房屋管理", "卡片管理"]));
    expect(after.length).toBe(before.length - 1);
    await screenshot(page, "06-tabs");

    // Switch community in the picker; it shows in the header and in the recent list.
    await page.getByTestId("community-picker-trigger").click();
    const picker = page.getByTestId("community-picker");
    await picker.getByRole("option", { name: "翠湖苑" }).click();
    await picker.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => page.getByTestId("community-picker-trigger").textContent()).toContain("翠湖苑");
    await page.getByTestId("community-picker-trigger").click();
    await expect.poll(() => page.getByTestId("community-picker").locator(".ant-tag-checkable").allTextContents()).toContain("翠湖苑");
    await screenshot(page, "05-picker-recent");
    await page
      .getByTestId("community-picker")
      .getByRole("button", { name: /取\s*消/ })
      .click();

    // Under 1280 px the menu collapses to 60 px.
    const menuWidth = () => menu(page).evaluate((el) => Math.round(el.getBoundingClientRect().width));
    expect(await menuWidth()).toBe(240);
    await page.setViewportSize({ width: 1279, height: 900 });
    await expect.poll(menuWidth).toBe(60);
    await screenshot(page, "07-collapsed");

    // Log out: confirm, 已登出, back to the login page.
    await page.getByTestId("shell-user-menu").click();
    await page.getByText("退出", { exact: true }).click();
    await page
      .locator(".ant-modal-confirm")
      .getByRole("button", { name: /确\s*定/ })
      .click();
    await page.getByText("已登出").waitFor();
    await page.waitForURL(/#\/login/);
    await page.getByPlaceholder("请输入用户名").waitFor();
    await screenshot(page, "08-logged-out");
    await page.close();
  });

  test("staff sees only the community module", async () => {
    const page = await journey.openPage("staff", {}, "page");
    const items = await menu(page).locator(".ant-menu-title-content").allTextContents();
    expect(items).toEqual(expect.arrayContaining(["社区信息", "房屋管理", "住户管理"]));
    for (const forbidden of ["卡片管理", "用户管理", "收银台", "工作台"]) expect(items).not.toContain(forbidden);
    await screenshot(page, "09-staff-menu");
    // A route outside the role is refused, with the 403 page's message; a permitted one still opens.
    await page.goto(journey.url("/system/user"));
    await page.waitForURL(/#\/error\/403/);
    await page.locator(".ant-result-403").waitFor();
    await page.getByText("您没有该功能模块权限，请联系管理员").waitFor();
    await page.goto(journey.url("/community/house"));
    await page.locator(".ant-table").first().waitFor();

    // A second tab of the same browser, opened from the address bar, resumes the session (the
    // signature is kept per tab): the same user's menu, no login page.
    const second = await page.context().newPage();
    await second.goto(journey.url("/community/house"));
    await second.locator(".ant-table").first().waitFor();
    expect(second.url()).not.toMatch(/#\/login/);
    expect(await menu(second).locator(".ant-menu-title-content").allTextContents()).toEqual(items);
    await second.close();
    await page.close();
  });

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
    await page.locator(".ant-message").getByText("已驳回").waitFor();
    await page.getByRole("row").filter({ hasText: "资料不全，请补充" }).getByText("已驳回").waitFor();

    const download = page.waitForEvent("download", { timeout: 30_000 });
    await page.getByRole("button", { name: /导\s*出/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^入住申请_\d{14}\.xlsx$/);
    await screenshot(page, "10-row-action");
    await page.close();
  }, 90_000);

  test("rooms are named in full in a picker; the house form offers only the chosen building's units", async () => {
    const page = await journey.openPage("admin");
    // Two units of one building both have a 302: the resident form's picker tells them apart.
    await page.goto(journey.url("/community/people/create"));
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: /保\s*存/ }) });
    await form.locator("input#roomId").click();
    await form.locator("input#roomId").fill("302");
    const options = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option");
    await expect.poll(() => options.allTextContents(), { timeout: 30_000 }).toEqual(expect.arrayContaining(["1栋-1单元-302", "1栋-2单元-302"]));
    for (const text of await options.allTextContents()) expect(text).toMatch(/^.+-.+-.*302.*$/);
    await screenshot(page, "11-room-picker");

    // The house form: units are those of the building picked, and change with it.
    await page.goto(journey.url("/community/house/create"));
    const house = page.locator("form").filter({ has: page.getByRole("button", { name: /保\s*存/ }) });
    const pick = async (id: string, text: string) => {
      await house.locator(`input#${id}`).click();
      await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)").getByText(text, { exact: true }).click();
    };
    await pick("buildingId", "2栋");
    // Both buildings have a 1单元: only 2栋's is offered, so the room saves under it (the server
    // refuses another building's unit).
    await house.locator("input#unitId").click();
    await expect.poll(async () => (await options.allTextContents()).sort(), { timeout: 30_000 }).toEqual(["1单元", "2单元"]);
    await options.getByText("1单元", { exact: true }).click();
    await house.locator("input#roomNo").fill("909");
    await house.getByRole("button", { name: /保\s*存/ }).click();
    await page.getByText("保存成功").first().waitFor();
    await page.waitForURL(/#\/community\/house(\?|$)/);
    const search = page.getByPlaceholder("请输入房号").first();
    await search.fill("909");
    await search.press("Enter");
    const row = page.getByRole("row").filter({ hasText: "909" });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/2栋\s+1单元\s+909/);

    // 一户一档: a resident's room opens with its residents, bills, deposits … under its details.
    const resident = await page.evaluate(async () => {
      const res = await fetch("/api/system/inhabitants/actions/pageList", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest", signature: sessionStorage.getItem("signature") ?? "" },
        body: JSON.stringify({ pageNo: 1, pageSize: 1 }),
      });
      return ((await res.json()) as { data: { list: { roomId: number; roomIdLabel: string }[] } }).data.list[0];
    });
    await page.goto(journey.url(`/community/house/show/${resident.roomId}`));
    const file = page.getByTestId("related-rows");
    await file.getByText("房屋档案").waitFor();
    for (const tab of ["业主与住户", "账单", "缴费记录", "押金", "预存款账户", "预存款流水", "报修", "通知"]) await file.getByRole("tab", { name: tab }).waitFor();
    await expect.poll(() => file.locator(".ant-table-row").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await file.getByRole("tab", { name: "账单" }).click();
    await file.locator(".ant-tabs-tabpane-active .ant-table").waitFor();
    await screenshot(page, "12-household-file");
    await page.close();
  }, 90_000);

  test("a signed-in page opened afresh loads the route table, the shell, the page and the user side by side", async () => {
    const page = await journey.openPage("admin");
    await page.goto(journey.url("/community/house"));
    await page.getByRole("table").waitFor();
    // When each request started, a chunk by its name; when the session check (the user's call) answered.
    const started = new Map<string, number>();
    let userAnswered = Infinity;
    let userCalls = 0;
    page.on("request", (req) => {
      const name = /\/assets\/(AppRoutes|Shell|ListPage)-[^/]+\.js$/.exec(new URL(req.url()).pathname)?.[1];
      if (name && !started.has(name)) started.set(name, performance.now());
    });
    page.on("response", (res) => {
      if (new URL(res.url()).pathname !== "/api/system/homepage/user") return;
      userCalls += 1;
      userAnswered = Math.min(userAnswered, performance.now());
    });
    // The same address as a new document (the tab's session stays), with the cache off so that every
    // chunk is asked for again (a chunk from the browser's memory cache raises no request event).
    await (await page.context().newCDPSession(page)).send("Network.setCacheDisabled", { cacheDisabled: true });
    await page.reload();
    await page.getByRole("table").waitFor();
    expect([...started.keys()].sort()).toEqual(["AppRoutes", "ListPage", "Shell"]);
    expect(userCalls, "the session check and the early start share one call").toBe(1);
    // Neither the shell nor the page waits for the session check's answer (nor the page for the shell).
    expect(started.get("Shell")!).toBeLessThan(userAnswered);
    expect(started.get("ListPage")!).toBeLessThan(userAnswered);
    await page.close();
  }, 90_000);
});
