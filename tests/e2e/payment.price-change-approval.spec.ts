// Four eyes on prices (rule 调价), in a real browser against the real server: the main account edits a
// pricing type's unit price in 缴费设置 and is told the change waits for approval; the price list still
// shows the old price; its own 通过 on 调价审核 is refused with the server's message; a second user
// holding 收费审核 signs in and approves it on the list, and the new price shows in 缴费设置.
import { expect, test } from "vitest";
import { screenshot } from "./support/browser.ts";
import { DEMO_PASSWORD } from "./support/server.ts";
import { useJourney } from "./support/journey.ts";
import { chooseFirstCommunity, openAfresh, openInApp } from "./support/payment.ts";

const journey = useJourney({ timeout: 60_000 });

test("a price change waits in 调价审核 until a second user approves it, then the new price shows", async () => {
  const { page } = journey;
  const c = await chooseFirstCommunity(journey);
  const stamp = Date.now() % 100000;
  const name = `调价旅程${stamp}`;
  await journey.api("post", "/api/property/priceTypes", { communityId: c.communityId, name, pricingMethod: 2, unitPrice: "30.00", billingCycle: 1, enabled: true });
  // A second user whose role holds every code the main account has, 收费审核 included.
  const codes = (await journey.api<{ authorities: { code: string }[] }>("get", "/api/system/homepage/user")).authorities.map((a) => a.code);
  expect(codes).toContain("PAYMENT_APPROVE");
  const role = await journey.api<{ id: number }>("post", "/api/system/characters", { name: `调价审核${stamp}`, authorities: codes });
  await journey.api("post", "/api/system/users", { username: `pricer${stamp}`, password: DEMO_PASSWORD, roleId: role.id });

  // 1. The unit price is edited in 缴费设置 → 计价类型: the save says it waits, the list keeps the old price.
  await openAfresh(journey, page, "/propertyPayment/paymentParamConfig?tab=second");
  const typeRow = page.getByRole("row").filter({ hasText: name });
  await typeRow.getByRole("button", { name: "编辑" }).click();
  const dialog = page.locator(".ant-modal").filter({ hasText: "编辑计价类型" });
  await dialog.locator("#unitPrice").fill("45.00");
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await page.getByText("调价已提交，待审核后生效").first().waitFor();
  await dialog.waitFor({ state: "hidden" });
  await typeRow.getByText("30.00").waitFor();
  expect(await typeRow.getByText("45.00").count()).toBe(0);
  await screenshot(page, "price-change-1-waiting");

  // 2. On 调价审核 the change waits; the applicant's own 通过 is refused with the server's message.
  await openInApp(journey, page, "/propertyPayment/priceChanges");
  const changeRow = page.locator(".ant-table-row").filter({ hasText: name });
  await changeRow.getByText("待审核").waitFor();
  await changeRow.getByRole("button", { name: "通过" }).click();
  await page
    .locator(".ant-modal-confirm")
    .getByRole("button", { name: /通\s*过/ })
    .click();
  await page.getByText("申请人不能审核自己的申请").first().waitFor();
  await changeRow.getByText("待审核").waitFor();

  // 3. The second user signs in (choosing its own password first) and approves it on the list.
  const second = await journey.openPage(`pricer${stamp}`, {}, "page");
  const gate = second.getByRole("dialog", { name: "请修改初始密码" });
  await gate.getByLabel("原密码").fill(DEMO_PASSWORD);
  await gate.getByLabel("新密码", { exact: true }).fill("Pricer-Own-2026");
  await gate.getByLabel("确认新密码").fill("Pricer-Own-2026");
  await gate.getByRole("button", { name: /确\s*定/ }).click();
  await second.getByText("密码已修改").waitFor();
  await chooseFirstCommunity(journey, second);
  await openAfresh(journey, second, "/propertyPayment/priceChanges");
  const theirs = second.locator(".ant-table-row").filter({ hasText: name });
  await theirs.getByText("待审核").waitFor();
  await theirs.getByRole("button", { name: "通过" }).click();
  await second
    .locator(".ant-modal-confirm")
    .getByRole("button", { name: /通\s*过/ })
    .click();
  await second.getByText("调价已审核通过，新价格已生效").first().waitFor();
  await theirs.getByText("已通过").waitFor();
  await screenshot(second, "price-change-2-approved-by-another");

  // 4. 缴费设置 shows the new price.
  await openInApp(journey, page, "/propertyPayment/paymentParamConfig?tab=second");
  await page.getByRole("row").filter({ hasText: name }).getByText("45.00").waitFor();
  expect(journey.pageErrors).toEqual([]);
}, 300_000);
