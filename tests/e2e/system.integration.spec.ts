// 系统管理's integration screens through the browser (docs/api.md), on one product.
// 应用令牌: the main account makes a token for a machine,
// sees it once in a dialog that says so, and the list shows the token by its prefix only; a machine
// calls the API with it (Authorization: Bearer, no cookie, signature or marker); 撤销 with its
// confirmation ends it, and the next call is refused. No page error, no serious or critical
// accessibility violation.
// 事件推送: the main account registers an endpoint (an internal one, allowed), sees its signing secret
// once, and the event of a resident added waits in 推送记录; both lists read at 390 px.
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

test("an administrator registers a webhook, copies its secret once, and an event waits in 推送记录", async () => {
  const { page } = journey;
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err?.stack ?? err)));
  await page.goto(journey.url("/system/webhookSubscriptions"));
  await page.locator(".ant-table-row").filter({ hasText: "财务系统" }).waitFor(); // the demo's, 停用
  await page.getByRole("button", { name: /新\s*增/ }).click();
  await page.waitForURL(/#\/system\/webhookSubscriptions\/create/);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: /保\s*存/ }) });
  await form.locator("#name").fill("物业ERP");
  await form.locator("#url").fill("http://10.0.8.20:8080/neptune/hooks");
  await form.locator("#events").click();
  for (const event of ["账单已缴清", "新增住户"]) await page.locator(".ant-select-item-option").filter({ hasText: event }).click();
  await page.keyboard.press("Escape");

  // An internal address without 允许内网地址: refused with its message, nothing saved.
  await form.getByRole("button", { name: /保\s*存/ }).click();
  await page.getByText("推送地址是内网或本机地址，需由主账号开启「允许内网地址」").first().waitFor();
  await form.locator("#allowPrivateNetwork").click();
  await form.getByRole("button", { name: /保\s*存/ }).click();

  const dialog = page.getByRole("dialog").filter({ hasText: "以下内容只显示这一次" });
  await dialog.waitFor();
  const secret = (await dialog.locator("code").innerText()).trim();
  expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
  const { violations } = await runAxe(page, { resultTypes: ["violations"] });
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);
  await screenshot(page, "webhook-secret-shown-once");
  await dialog.getByRole("button", { name: /我已保存/ }).click();
  await page.waitForURL(/#\/system\/webhookSubscriptions$/);
  const row = page.locator(".ant-table-row").filter({ hasText: "物业ERP" });
  await expect.poll(() => row.innerText()).toContain("新增住户");
  expect(await page.locator("body").innerText()).not.toContain(secret);

  // A resident added: its event waits in 推送记录 (sent by the server's job queue).
  const [room] = (await journey.api<{ list: { id: number; communityId: number }[] }>("post", "/api/system/rooms/actions/pageList", { pageNo: 1, pageSize: 1 })).list;
  await journey.api("post", "/api/system/inhabitants", { name: "推送测试", phone: "13912340001", roomId: room.id, communityId: room.communityId });
  await page.goto(journey.url("/system/webhookDeliveries"));
  const delivery = page.locator(".ant-table-row").filter({ hasText: "新增住户" });
  await expect.poll(() => delivery.innerText()).toContain("待推送");
  expect(await delivery.innerText()).toContain("物业ERP");

  // At 390 px both lists read.
  const phone = await journey.openPage("admin", { viewport: { width: 390, height: 844 } });
  for (const path of ["/system/webhookSubscriptions", "/system/webhookDeliveries"]) {
    await phone.goto(journey.url(path));
    await phone.getByText("物业ERP").first().waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await screenshot(phone, "webhook-deliveries-phone");
  await phone.close();
  expect(errors).toEqual([]);
});
