// The money desk's dialogs and the receipt settings on a 390 × 844 phone (emulated), as `admin`, against the real
// server: the refund dialog (with a kind chosen and explained), the 作废 dialog of a receipt, the
// cashier's 预缴 dialog with its months priced, and 票据与发票 in the payment settings. Each keeps to the
// window — the dialog inside it, every field inside the dialog, nothing scrolling sideways — and has no
// serious or critical accessibility violation; closing a dialog changes nothing.
import { expect, test } from "vitest";
import type { Locator, Page } from "playwright-core";
import dayjs from "dayjs";
import { runAxe } from "./support/axe.ts";
import { screenshot } from "./support/browser.ts";
import { formItem } from "./support/forms.ts";
import { useJourney } from "./support/journey.ts";
import { billRooms, chooseFirstCommunity, openAfresh, sidewaysOverflow } from "./support/payment.ts";

const WIDTH = 390;
// A phone as antd sees one (its user agent and touch): there a tab bar too long for the screen scrolls
// by touch, where in a narrow desktop window antd puts a 更多 button inside the tab list.
const journey = useJourney({ device: "iPhone 13", timeout: 60_000 });

const open = (page: Page, path: string) => openAfresh(journey, page, path);

/** The dialog's edges in the window, and the controls of it that run past its right edge. */
const dialogFit = (dialog: Locator) =>
  dialog.evaluate((el, width) => {
    const box = el.getBoundingClientRect();
    const past = [...el.querySelectorAll<HTMLElement>("input, textarea, button, .ant-select, .ant-radio-wrapper, .ant-table-wrapper, .ant-input-number")]
      .filter((c) => c.getBoundingClientRect().width > 0 && c.getBoundingClientRect().right > box.right + 0.5)
      .map((c) => c.getAttribute("aria-label") || c.textContent?.trim().slice(0, 20) || c.className);
    return { inWindow: box.left >= 0 && box.right <= width, past };
  }, WIDTH);

async function expectFits(page: Page, dialog: Locator, what: string) {
  await expect.poll(() => dialogFit(dialog), { timeout: 30_000, message: what }).toEqual({ inWindow: true, past: [] });
  expect(await sidewaysOverflow(page), what).toBe(0);
  const { violations } = await runAxe(page, { resultTypes: ["violations"] });
  expect(
    violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")} ${v.nodes[0]?.html} ${v.nodes[0]?.failureSummary}`),
    what,
  ).toEqual([]);
}

test("at 390 px the refund, 作废 and 预缴 dialogs and 票据与发票 keep to the screen", async () => {
  const { page } = journey;
  // The first demo community, current; a room of it billed 100.00 for a month ahead, approved and paid.
  const c = await chooseFirstCommunity(journey);
  const room = (
    await journey.api<{ list: { id: number; roomName: string }[] }>("post", "/api/system/rooms/actions/pageListSimpleRooms", { communityId: c.communityId, keyword: "", pageNo: 1, pageSize: 1 })
  ).list[0];
  const stamp = Date.now() % 100000;
  const itemName = `窄屏服务费${stamp}`;
  const itemId = await billRooms(journey, {
    communityId: c.communityId,
    priceTypeName: `窄屏对话框${stamp}`,
    itemName,
    unitPrice: "100.00",
    period: dayjs().add(11, "month").format("YYYY-MM"),
    roomIds: [room.id],
  });
  const bills = (await journey.api<{ list: { id: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 10 })).list;
  await journey.api("post", "/api/property/bills/actions/approve", { ids: bills.map((b) => b.id) });
  const paid = await journey.api<{ receiptNo: string }>("post", "/api/property/bills/actions/pay", { billIds: [bills[0].id], payMethod: 1, payerName: "业主" });

  // 1. The refund dialog from the charge on 实收记录, a kind chosen and explained; 取消 asks nothing of the server.
  await open(page, "/propertyPayment/receivedManagement");
  await page.getByPlaceholder("流水号 / 票据号 / 缴费人").fill(paid.receiptNo);
  await page.getByRole("button", { name: /查\s*询/ }).click();
  await expect.poll(() => page.locator(".ant-table-row").count(), { timeout: 30_000 }).toBe(1);
  await page
    .locator(".ant-table-row")
    .getByRole("button", { name: /退\s*款/ })
    .click();
  const refund = page.getByRole("dialog", { name: "申请退款" });
  await refund.getByText("可退金额").waitFor();
  await refund.getByRole("radio", { name: "冲正" }).check();
  await expect.poll(async () => (await refund.getByTestId("refund-kind-explained").textContent()) ?? "").toMatch(/恢复为部分缴费或未缴费/);
  await formItem(refund, "退款原因").locator("textarea").fill("窄屏检查");
  await expectFits(page, refund, "申请退款");
  await screenshot(page, "phone-dialog-refund");
  await refund.getByRole("button", { name: /取\s*消/ }).click();
  await refund.waitFor({ state: "hidden" });

  // 2. The 作废 dialog of the receipt.
  await open(page, "/propertyPayment/receivedManagement?tab=receipts");
  await page.getByPlaceholder("票据号 / 缴费人").fill(paid.receiptNo);
  await page.getByRole("button", { name: /查\s*询/ }).click();
  const receiptRow = page.locator(".ant-table-row").filter({ hasText: paid.receiptNo });
  await receiptRow.getByRole("button", { name: /作\s*废/ }).click();
  const voiding = page.getByRole("dialog", { name: `作废票据 ${paid.receiptNo}` });
  await voiding.getByPlaceholder("请输入作废原因").fill("窄屏检查");
  await expectFits(page, voiding, "作废票据");
  await screenshot(page, "phone-dialog-void");
  await voiding.getByRole("button", { name: /取\s*消/ }).click();
  await voiding.waitFor({ state: "hidden" });
  await receiptRow.getByText("已开具").waitFor();

  // 3. The cashier's 预缴 dialog: the item chosen, 3 months priced in its table.
  await open(page, "/propertyPayment/cashier");
  const search = page.getByRole("combobox", { name: "搜索房屋" });
  await search.fill(room.roomName.split("-").pop()!);
  await page.locator(".ant-select-dropdown").getByText(room.roomName, { exact: true }).first().click();
  await page.getByText("最近票据").waitFor();
  await page.getByRole("button", { name: /^预\s*缴$/ }).click();
  const prepay = page.getByRole("dialog").filter({ hasText: "预缴项目" });
  await formItem(prepay, "预缴项目").locator(".ant-select").click();
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${itemName}"]`).click();
  await prepay.getByRole("spinbutton", { name: "预缴月数" }).fill("3");
  await prepay.getByText("¥300.00").waitFor();
  await expectFits(page, prepay, "预缴");
  await screenshot(page, "phone-dialog-prepay");
  await prepay.getByRole("button", { name: /取\s*消/ }).click();
  await prepay.waitFor({ state: "hidden" });
  const after = await journey.api<{ list: unknown[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 10 });
  expect(after.list).toHaveLength(1);

  // 4. 票据与发票 in the payment settings: its fields in the page, nothing sideways.
  await open(page, "/propertyPayment/paymentParamConfig?tab=invoiceSet");
  const form = page.locator(".ant-tabs-tabpane-active form");
  await formItem(form, "收款单位").locator("input").waitFor();
  await expectFits(page, page.getByTestId("shell-page"), "票据与发票");
  await screenshot(page, "phone-settings-invoice");
  expect(journey.pageErrors).toEqual([]);
}, 300_000);
