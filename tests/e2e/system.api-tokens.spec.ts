// 应用令牌 (系统管理, docs/api.md) through the browser: the main account makes a token for a machine,
// sees it once in a dialog that says so, and the list shows the token by its prefix only; a machine
// calls the API with it (Authorization: Bearer, no cookie, signature or marker); 撤销 with its
// confirmation ends it, and the next call is refused. No page error, no serious or critical
// accessibility violation.
import { expect, test } from "vitest";
import { runAxe } from "./support/axe.ts";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";

const journey = useJourney({ timeout: 60_000 });

test("an administrator makes a token, copies it once, a machine calls with it, and 撤销 ends it", async () => {
  const { page } = journey;
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err?.stack ?? err)));
  await page.goto(journey.url("/system/apiTokens"));
  await page.locator("#api-token-name").fill("停车场系统"); // the list's filter has a 令牌名称 too
  await page
    .getByRole("button", { name: "全 选" })
    .or(page.getByRole("button", { name: "全选" }))
    .first()
    .click();
  await page.getByRole("button", { name: "创建令牌" }).click();

  const dialog = page.getByRole("dialog").filter({ hasText: "关闭后无法再次查看该令牌" });
  await dialog.waitFor();
  const token = (await dialog.locator("code").innerText()).trim();
  expect(token).toMatch(/^npt_[\w-]{43}$/);
  const { violations } = await runAxe(page, { resultTypes: ["violations"] });
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);
  await screenshot(page, "api-token-shown-once");
  await dialog.getByRole("button", { name: /我已保存/ }).click();
  await dialog.waitFor({ state: "hidden" });

  // The list: the token by its prefix, never the token itself.
  const row = page.locator(".ant-table-row").filter({ hasText: "停车场系统" });
  await row.waitFor();
  await expect.poll(() => row.innerText()).toContain(token.slice(0, 8));
  expect(await page.locator("body").innerText()).not.toContain(token);

  // A machine's call: the token alone.
  const call = () =>
    fetch(`${journey.product.baseUrl}/api/system/communities/actions/pageList`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ pageNo: 1, pageSize: 5 }),
    });
  const answered = await call();
  expect(answered.status).toBe(200);
  expect(((await answered.json()) as { data: { total: number } }).data.total).toBeGreaterThan(0);

  // 撤销, confirmed: the list says 已撤销 and the next call is refused.
  await row.getByRole("button", { name: /撤\s*销/ }).click();
  const confirm = page.locator(".ant-modal-confirm").filter({ hasText: "撤销后使用该令牌的调用立即失效，确定撤销吗？" });
  await confirm.getByRole("button", { name: /撤\s*销/ }).click();
  await page.getByText("令牌已撤销").first().waitFor();
  await expect.poll(() => row.innerText()).toContain("已撤销");
  expect((await call()).status).toBe(401);
  expect(errors).toEqual([]);
});
