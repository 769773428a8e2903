// Refunds of two kinds, their vouchers and voiding a receipt, in a real browser against the real
// server: on 实收管理 a 退费 and a 冲正 are asked for from two charges (the dialog says what each kind
// does), approved on 退款审核 after their confirmations, and each approved refund prints its voucher
// (退费凭证 / 冲正凭证 with its number); on the receipts tab an untouched receipt's void is applied for
// with a reason after a confirmation and approved, and it shows 已作废. One person does all of it: the
// four-eyes rules are off here (payment.four-eyes-journey.spec.ts has them on).
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import dayjs from "dayjs";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { billRooms, chooseFirstCommunity, openAfresh, setFourEyes } from "./support/payment.ts";
import { formItem } from "./support/forms.ts";

const journey = useJourney({ timeout: 60_000 });

const open = (page: Page, path: string) => openAfresh(journey, page, path);

interface Paid {
  receiptId: number;
  receiptNo: string;
  paymentIds: number[];
}

test("a 退费 and a 冲正 are asked for, approved and printed as vouchers, and a receipt is voided", async () => {
  const { page } = journey;
  // The first demo community, current; three of its rooms billed 100.00 each for a month of their own, approved and paid.
  const c = await chooseFirstCommunity(journey);
  await setFourEyes(journey, false);
  const rooms = (await journey.api<{ list: { id: number }[] }>("post", "/api/system/rooms/actions/pageListSimpleRooms", { communityId: c.communityId, keyword: "", pageNo: 1, pageSize: 100 })).list;
  const stamp = Date.now() % 100000;
  const chosen = rooms.slice(0, 3).map((r) => r.id);
  const itemId = await billRooms(journey, {
    communityId: c.communityId,
    priceTypeName: `退款旅程${stamp}`,
    itemName: `退款旅程费${stamp}`,
    unitPrice: "100.00",
    period: dayjs().add(9, "month").format("YYYY-MM"),
    roomIds: chosen,
  });
  const bills = (await journey.api<{ list: { id: number; roomId: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 10 })).list;
  await journey.api("post", "/api/property/bills/actions/approve", { ids: bills.map((b) => b.id) });
  const paid: Paid[] = [];
  for (const b of bills) paid.push(await journey.api<Paid>("post", "/api/property/bills/actions/pay", { billIds: [b.id], payMethod: 1, payerName: "业主" }));
  const [reduced, reversed, voided] = paid;

  // 1. A 退费 and a 冲正 from their charges on 实收记录: the dialog explains the chosen kind.
  await open(page, "/propertyPayment/receivedManagement");
  const ask = async (p: Paid, kind: "退费" | "冲正", amount: string, explained: RegExp) => {
    await page.getByPlaceholder("流水号 / 票据号 / 缴费人").fill(p.receiptNo);
    await page.getByRole("button", { name: /查\s*询/ }).click();
    const row = page.locator(".ant-table-row").filter({ hasText: "收费" }).filter({ hasText: "100.00" });
    await expect.poll(() => page.locator(".ant-table-row").count(), { timeout: 30_000 }).toBe(1);
    await row.getByRole("button", { name: /退\s*款/ }).click();
    const dialog = page.getByRole("dialog", { name: "申请退款" });
    await dialog.getByText("可退金额").waitFor();
    // No kind chosen: refused with its message.
    await dialog.getByRole("button", { name: /提\s*交/ }).click();
    await dialog.getByText("请选择退款类型").waitFor();
    await dialog.getByRole("radio", { name: kind }).check();
    await expect.poll(async () => (await dialog.getByTestId("refund-kind-explained").textContent()) ?? "").toMatch(explained);
    await formItem(dialog, "退款金额").locator("input").fill(amount);
    await formItem(dialog, "退款原因")
      .locator("textarea")
      .fill(kind === "退费" ? "空置期减收" : "重复缴费冲正");
    await dialog.getByRole("button", { name: /提\s*交/ }).click();
    await page.getByText("退款申请已提交，审核通过后退款").first().waitFor();
    await dialog.waitFor({ state: "hidden" });
  };
  await ask(reduced, "退费", "31.17", /账单保持已缴状态/);
  await screenshot(page, "refund-kinds-1-applied");
  await ask(reversed, "冲正", "42.23", /恢复为部分缴费或未缴费/);

  // 2. Both approved on 退款审核 after their confirmations.
  await open(page, "/propertyPayment/receivedManagement?tab=refunds");
  for (const [amount, kind] of [
    ["31.17", "退费"],
    ["42.23", "冲正"],
  ] as const) {
    const row = page.locator(".ant-table-row").filter({ hasText: amount });
    await row.getByRole("button", { name: /通\s*过/ }).click();
    const confirm = page.locator(".ant-modal-confirm").filter({ hasText: `确认${kind} ¥${amount}` });
    await confirm.getByRole("button", { name: "确认退款" }).click();
    await confirm.waitFor({ state: "hidden" });
    await row.waitFor({ state: "detached" });
  }
  const bill = async (billId: number) =>
    (
      await journey.api<{ list: { id: number; status: number; amountPaid: string; amountReduced: string }[] }>("post", "/api/property/bills/actions/query", {
        paymentItemId: itemId,
        pageNo: 1,
        pageSize: 10,
      })
    ).list.find((b) => b.id === billId)!;
  expect(await bill(bills[0].id)).toMatchObject({ status: 4, amountPaid: "68.83", amountReduced: "31.17" });
  expect(await bill(bills[1].id)).toMatchObject({ status: 5, amountPaid: "57.77", amountReduced: "0.00" });

  // 3. Each prints its voucher: its title and number.
  await page.locator("label").filter({ hasText: "已退款" }).click();
  for (const [amount, title] of [
    ["31.17", "退费凭证"],
    ["42.23", "冲正凭证"],
  ] as const) {
    // The first of the rows with this amount: a retry on CI (the same product) also lists the first try's.
    const row = page.locator(".ant-table-row").filter({ hasText: amount }).first();
    const voucherNo = (await row
      .locator("td")
      .filter({ hasText: /^TK\d{6}-\d{6}$/ })
      .textContent())!;
    await row.getByRole("button", { name: "打印凭证" }).click();
    await page.waitForURL(/#\/propertyPayment\/refundVoucher\/\d+/);
    await page.getByRole("heading", { name: title }).waitFor();
    await page.getByTestId("voucher-no").getByText(`凭证号：${voucherNo}`).waitFor();
    await page.getByText(/合计（大写）：.+/).waitFor();
    await page.getByText("领款人签字：__________").waitFor();
    await screenshot(page, `refund-kinds-2-${title}`);
    // On a 390 px phone the voucher keeps to the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { timeout: 30_000 }).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole("button", { name: /返\s*回/ }).click();
    await page.locator(".ant-tabs-tab-active").getByText("退款审核").waitFor();
    await page.locator("label").filter({ hasText: "已退款" }).click();
  }

  // 4. The untouched receipt's void is applied for with a reason, after a confirmation, then approved.
  await open(page, "/propertyPayment/receivedManagement?tab=receipts");
  await page.getByPlaceholder("票据号 / 缴费人").fill(voided.receiptNo);
  await page.getByRole("button", { name: /查\s*询/ }).click();
  const row = page.locator(".ant-table-row").filter({ hasText: voided.receiptNo });
  await row.getByRole("button", { name: /作\s*废/ }).click();
  const dialog = page.getByRole("dialog", { name: `作废票据 ${voided.receiptNo}` });
  await dialog.getByRole("button", { name: /确\s*定/ }).click();
  await dialog.getByText("请输入作废原因").waitFor();
  await dialog.getByPlaceholder("请输入作废原因").fill("缴费人信息填错");
  await dialog.getByRole("button", { name: /确\s*定/ }).click();
  await page
    .locator(".ant-modal-confirm")
    .filter({ hasText: `确认提交作废票据 ${voided.receiptNo} 的申请` })
    .getByRole("button", { name: "提交申请" })
    .click();
  await page.getByText("作废申请已提交").first().waitFor();
  await row.getByText("作废待审核").waitFor();
  await row.getByRole("button", { name: "作废审核通过" }).click();
  const confirm = page.locator(".ant-modal-confirm").filter({ hasText: `确认作废票据 ${voided.receiptNo}` });
  await confirm.getByRole("button", { name: "确认作废" }).click();
  await page.getByText("票据已作废").first().waitFor();
  await row.getByText("已作废").waitFor();
  await row.getByText("缴费人信息填错").waitFor();
  await screenshot(page, "refund-kinds-3-voided");
  expect(await bill(bills[2].id)).toMatchObject({ status: 2, amountPaid: "0.00" });
  // The receipt with a 冲正 cannot be voided: the server's reason is shown and nothing changes.
  await page.getByPlaceholder("票据号 / 缴费人").fill(reversed.receiptNo);
  await page.getByRole("button", { name: /查\s*询/ }).click();
  const refused = page.locator(".ant-table-row").filter({ hasText: reversed.receiptNo });
  await refused.getByText("42.23").waitFor();
  await refused.getByRole("button", { name: /作\s*废/ }).click();
  const again = page.getByRole("dialog", { name: `作废票据 ${reversed.receiptNo}` });
  await again.getByPlaceholder("请输入作废原因").fill("误操作");
  await again.getByRole("button", { name: /确\s*定/ }).click();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: "提交申请" }).click();
  await page.getByText("票据已有退款且未全额冲正，不能作废").first().waitFor();
  await refused.getByText("已开具").waitFor();

  // 5. The original receipts say what happened to them: the refunded one its 已退 amount and voucher,
  // the voided one its reason.
  await page.goto(journey.url(`/propertyPayment/receipt/${reversed.receiptId}`));
  await page
    .locator(".neptune-receipt-refunds")
    .getByText(/^已退金额：¥42\.23（冲正 ¥42\.23 凭证号 TK\d{6}-\d{6}）$/)
    .waitFor();
  await page.goto(journey.url(`/propertyPayment/receipt/${voided.receiptId}`));
  await page
    .locator(".neptune-receipt-void")
    .getByText(/^本票据已作废：缴费人信息填错（.+）$/)
    .waitFor();
  await screenshot(page, "refund-kinds-4-voided-receipt");
  expect(journey.pageErrors).toEqual([]);
}, 300_000);
