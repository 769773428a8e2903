// Community scope in the browser. The main account creates a user limited to one community through
// 用户管理's form (登录密码, 角色, 管理范围 picked in the area tree) and sees the scope in the list;
// that user signs in with the password it was given, is asked to choose its own, sees only that community in the header's
// picker, reads a resident's full phone with 查看 (查看明文) on the detail page, and a detail URL of
// another community's resident answers 数据不存在或已被删除; managing roles, it is offered no change to a
// role an account beyond its reach holds. The form also works at 390 px. No page error on the way.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { DEMO_PASSWORD } from "./support/server.ts";
import { useJourney } from "./support/journey.ts";
import { formItem } from "./support/forms.ts";

const journey = useJourney({ user: "admin" });

/** The main account's API session from Node: cookie and signature, as the web app sends them. */
async function adminApi(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ username: "admin", password: DEMO_PASSWORD }),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const { data } = (await login.json()) as { data: { signature: string } };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", cookie, signature: data.signature },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await r.json()) as { data: T; message: string };
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${answer.message}`);
    return answer.data;
  };
}

const openDropdown = (page: Page) => page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");

describe("a user limited to one community", () => {
  let allowed: { communityId: number; communityName: string };
  let others: { communityId: number; communityName: string }[];
  let otherResident: number;
  let ownResident: { id: number; phone: string };
  const roleName = "单社区物业员";

  beforeAll(async () => {
    const api = await adminApi(journey.product.baseUrl);
    const communities = await api<{ communityId: number; communityName: string }[]>("GET", "/api/system/communities?areaId=1");
    [allowed, ...others] = communities;
    const me = await api<{ authorities: { code: string }[] }>("GET", "/api/system/homepage/user");
    await api("POST", "/api/system/characters", { name: roleName, authorities: me.authorities.map((a) => a.code) });
    const theirs = await api<{ list: { id: number }[] }>("POST", "/api/system/inhabitants/actions/pageList", { pageNo: 1, pageSize: 1, communityId: others[0].communityId });
    otherResident = theirs.list[0].id;
    const mine = await api<{ list: { id: number }[] }>("POST", "/api/system/inhabitants/actions/pageList", { pageNo: 1, pageSize: 1, communityId: allowed.communityId });
    const plain = await api<{ value: string }>("POST", `/api/system/inhabitants/${mine.list[0].id}/actions/plainText`, { field: "phone" });
    ownResident = { id: mine.list[0].id, phone: plain.value };
  });

  test("the main account creates it in 用户管理 with a password, a role and one community", async () => {
    const { page } = journey;
    await page.goto(journey.url("/system/user"));
    await page
      .getByRole("button", { name: /新\s*增/ })
      .first()
      .click();
    // The create form alone, once the list (its filter form has a 用户名 too) has left.
    await page.getByText("新增用户").waitFor();
    await expect.poll(() => page.getByPlaceholder("请输入用户名").count(), { timeout: 30_000 }).toBe(1);
    const form = page.getByTestId("shell-page").locator("form");
    await formItem(form, "用户名").locator("input").fill("scopede2e");
    // Saving without a password is refused on the form: the account could never sign in.
    await page.getByRole("button", { name: /保\s*存/ }).click();
    await formItem(form, "登录密码").getByText("请输入登录密码").waitFor();
    await formItem(form, "登录密码").locator("input").fill(DEMO_PASSWORD);
    await formItem(form, "角色").locator(".ant-select").click();
    await openDropdown(page).getByText(roleName, { exact: true }).click();
    await formItem(form, "管理范围").locator(".ant-select").click();
    await page.keyboard.type(allowed.communityName);
    await page.locator(".ant-select-tree").getByTitle(allowed.communityName, { exact: true }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /保\s*存/ }).click();
    await page.getByText("保存成功").first().waitFor();
    await page.goto(journey.url("/system/user"));
    const row = page.getByRole("table").locator("tbody tr.ant-table-row").filter({ hasText: "scopede2e" });
    await row.waitFor();
    expect(await row.textContent()).toContain(allowed.communityName);
    // The main account offers no 删除 and cannot be picked for 批量删除 (the server refuses both).
    const main = page
      .getByRole("table")
      .locator("tbody tr.ant-table-row")
      .filter({ has: page.getByRole("cell", { name: "admin", exact: true }) });
    expect(await main.getByRole("button", { name: /删\s*除/ }).count()).toBe(0);
    expect(await main.getByRole("checkbox").isDisabled()).toBe(true);
    expect(await row.getByRole("button", { name: /删\s*除/ }).count()).toBe(1);
    expect(journey.pageErrors).toEqual([]);
  });

  test("it signs in with that password, picks only its community, reads a full phone, and cannot open another community's resident", async () => {
    const page = await journey.openPage("scopede2e", {}, "page");
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(String(err)));
    // The server answers a session that must change its password nothing but the gate's own calls;
    // the gate asks for nothing else, so no call is refused.
    const refused: string[] = [];
    page.on("response", (r) => void (r.status() === 403 && refused.push(r.url())));
    // The password was set by the main account: the user chooses its own before going on, on a
    // page of its own (the shell is not drawn yet); the dialog's other button signs out.
    const dialog = page.getByRole("dialog", { name: "请修改初始密码" });
    await dialog.waitFor();
    await page.getByTestId("password-gate").waitFor();
    expect(await page.getByTestId("shell").count()).toBe(0);
    await dialog.getByRole("button", { name: "退出登录" }).waitFor();
    await dialog.getByLabel("原密码").fill(DEMO_PASSWORD);
    await dialog.getByLabel("新密码", { exact: true }).fill("Scoped-Own-2026");
    await dialog.getByLabel("确认新密码").fill("Scoped-Own-2026");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await page.getByText("密码已修改").waitFor();
    await dialog.waitFor({ state: "hidden" });
    expect(refused).toEqual([]);
    const trigger = page.getByTestId("community-picker-trigger");
    await expect.poll(() => trigger.textContent(), { timeout: 30_000 }).toContain(allowed.communityName);
    await trigger.click();
    const picker = page.getByTestId("community-picker");
    await picker.getByRole("option", { name: allowed.communityName }).waitFor();
    for (const other of others) expect(await picker.getByRole("option", { name: other.communityName, exact: true }).count()).toBe(0);
    await picker.getByRole("button", { name: /取\s*消/ }).click();

    await page.goto(journey.url("/community/people"));
    await page.getByRole("table").locator("tbody tr.ant-table-row").first().waitFor();
    expect(await page.getByRole("table").textContent()).not.toContain(ownResident.phone);

    await page.goto(journey.url(`/community/people/show/${ownResident.id}`));
    const shown = page.getByTestId("shell-page");
    await shown.getByRole("button", { name: "查看完整手机号" }).waitFor();
    expect(await shown.textContent()).not.toContain(ownResident.phone);
    await shown.getByRole("button", { name: "查看完整手机号" }).click();
    await shown.getByText(ownResident.phone, { exact: true }).waitFor();

    await page.goto(journey.url(`/community/people/show/${otherResident}`));
    // The page shows the 404 result (the request wrapper may also toast the same message).
    await page.getByTestId("shell-page").locator(".ant-result-title", { hasText: "数据不存在或已被删除" }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  test("as a role manager it is offered no 编辑, 删除 or selection of a role an account beyond its reach holds", async () => {
    // Signed in afresh with the password it chose above.
    const page = await journey.openPage(null);
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(String(err)));
    await page.goto(journey.url("/login"));
    await page.getByPlaceholder("请输入用户名").fill("scopede2e");
    await page.getByPlaceholder("请输入密码").fill("Scoped-Own-2026");
    await page.getByRole("button", { name: /登\s*录/ }).click();
    await page.getByTestId("shell-menu").waitFor();
    await page.goto(journey.url("/system/character"));
    const rows = page.getByRole("table").locator("tbody tr.ant-table-row");
    // 社区管理员 is staff's role, and staff sees every community: the server would refuse a change.
    const wider = rows.filter({ has: page.getByRole("cell", { name: "社区管理员", exact: true }) });
    const own = rows.filter({ has: page.getByRole("cell", { name: roleName, exact: true }) });
    await wider.waitFor();
    await own.waitFor();
    expect(await wider.getByRole("button", { name: /编\s*辑/ }).count()).toBe(0);
    expect(await wider.getByRole("button", { name: /删\s*除/ }).count()).toBe(0);
    expect(await wider.getByRole("checkbox").isDisabled()).toBe(true);
    expect(await own.getByRole("button", { name: /编\s*辑/ }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("the user form fits a 390 px phone: every field and 保存 within the width", async () => {
    const page = await journey.openPage("admin", { viewport: { width: 390, height: 844 } });
    await page.goto(journey.url("/system/user/create"));
    const form = page.getByTestId("shell-page").locator("form");
    await formItem(form, "管理范围").waitFor();
    for (const label of ["用户名", "登录密码", "管理范围"]) {
      // The scope picker draws its input once its options are in: measured when it is on screen.
      // It may be drawn again between two looks (a null box): measured again until it holds.
      const input = formItem(form, label).locator("input").first();
      await expect
        .poll(
          async () => {
            const box = await input.boundingBox();
            return box ? box.x + box.width : Number.POSITIVE_INFINITY;
          },
          { message: label },
        )
        .toBeLessThanOrEqual(390);
    }
    const save = await page.getByRole("button", { name: /保\s*存/ }).boundingBox();
    expect(save!.x + save!.width).toBeLessThanOrEqual(390);
    await page.close();
  });
});
