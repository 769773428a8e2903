// Refunds of online payments in a real browser against the real server and its sandbox gateway: a
// bill paid through WeChat Pay on the sandbox's page is refunded from 实收管理 (申请退款, 冲正), approved
// on 退款审核, which says the money goes back through the gateway (退款中); the gateway's refund
// callback completes it (已退款 with its voucher) and 在线支付 → 支付退款 lists it 退款成功. An order
// paid after the desk had taken its bill is listed on 实收管理 → 多缴待退, and 退回多缴 sends its money
// back after a confirmation.
import { expect, test } from "vitest";
import dayjs from "dayjs";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { billRooms, chooseFirstCommunity, openAfresh, openInApp, setFourEyes } from "./support/payment.ts";
import { formItem } from "./support/forms.ts";

const journey = useJourney({ timeout: 90_000 });

interface Order {
  id: number;
  outTradeNo: string;
  amount: string;
  payUrl: string;
  receiptNo: string | null;
}

test("a WeChat payment refunded back through the gateway, and an order's 多缴待退 money sent back", async () => {
  const { page } = journey;
  const c = await chooseFirstCommunity(journey);
  // About the gateway, not four eyes: one person applies and approves.
  await setFourEyes(journey, false);
  const rooms = (await journey.api<{ list: { id: number }[] }>("post", "/api/system/rooms/actions/pageListSimpleRooms", { communityId: c.communityId, keyword: "", pageNo: 1, pageSize: 100 })).list;
  const stamp = Date.now() % 100000;
  const chosen = rooms.slice(3, 5).map((r) => r.id);
  const itemId = await billRooms(journey, {
    communityId: c.communityId,
    priceTypeName: `线上退款${stamp}`,
    itemName: `线上退款费${stamp}`,
    unitPrice: "66.60",
    period: dayjs().add(10, "month").format("YYYY-MM"),
    roomIds: chosen,
  });
  const bills = (await journey.api<{ list: { id: number; roomId: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 10 })).list;
  await journey.api("post", "/api/property/bills/actions/approve", { ids: bills.map((b) => b.id) });
  const billOf = (roomId: number) => bills.find((b) => b.roomId === roomId)!.id;
  const order = (roomId: number) => journey.api<Order>("post", "/api/pay/onlinePayments/actions/create", { roomId, billIds: [billOf(roomId)], channel: 1 });
  const payer = await journey.openPage(null, { viewport: { width: 390, height: 844 } });
  const pay = async (o: Order) => {
    await payer.goto(o.payUrl, { waitUntil: "domcontentloaded" });
    await payer.getByRole("button", { name: "确认支付" }).click();
    await payer.getByRole("status").filter({ hasText: "支付成功" }).waitFor();
  };

  // 1. Paid through WeChat Pay: a receipt of its own.
  const first = await order(chosen[0]);
  await pay(first);
  const receiptNo = (await journey.api<Order>("get", `/api/pay/onlinePayments/actions/get?id=${first.id}`)).receiptNo!;

  // 2. 申请退款 from its charge on 实收记录 (the refund method is the payment's own: 微信).
  await openAfresh(journey, page, "/propertyPayment/receivedManagement");
  await page.getByPlaceholder("流水号 / 票据号 / 缴费人").fill(receiptNo);
  await page.getByRole("button", { name: /查\s*询/ }).click();
  await expect.poll(() => page.locator(".ant-table-row").count(), { timeout: 30_000 }).toBe(1);
  await page
    .locator(".ant-table-row")
    .getByRole("button", { name: /退\s*款/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "申请退款" });
  await dialog.getByText("可退金额").waitFor();
  await dialog.getByRole("radio", { name: "冲正" }).check();
  await formItem(dialog, "退款金额").locator("input").fill("16.60");
  await formItem(dialog, "退款原因").locator("textarea").fill("线上多收退还");
  await dialog.getByRole("button", { name: /提\s*交/ }).click();
  await page.getByText("退款申请已提交，审核通过后退款").first().waitFor();

  // 3. 通过 on 退款审核: the money goes back through the gateway (退款中), then the gateway's callback completes it.
  await openInApp(journey, page, "/propertyPayment/receivedManagement?tab=refunds");
  const row = page.locator(".ant-table-row").filter({ hasText: "16.60" });
  await row.getByRole("button", { name: /通\s*过/ }).click();
  const confirm = page.locator(".ant-modal-confirm").filter({ hasText: "确认冲正 ¥16.60" });
  await confirm.getByRole("button", { name: "确认退款" }).click();
  await page.getByText("已通过审核，正在通过原支付渠道退款，支付平台确认后自动完成").first().waitFor();
  await row.waitFor({ state: "detached" });
  await screenshot(page, "online-refund-1-sent");
  await expect
    .poll(
      async () =>
        (
          await journey.api<{ list: { amount: string; status: number }[] }>("post", "/api/property/refunds/actions/pageList", { communityId: c.communityId, pageNo: 1, pageSize: 50, status: 2 })
        ).list.some((r) => r.amount === "16.60"),
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.locator("label").filter({ hasText: "已退款" }).click();
  const done = page.locator(".ant-table-row").filter({ hasText: "16.60" });
  await done
    .locator("td")
    .filter({ hasText: /^TK\d{6}-\d{6}$/ })
    .waitFor();
  await done.getByRole("button", { name: "打印凭证" }).waitFor();

  // 4. 在线支付 → 支付退款: the gateway refund, 退款成功.
  await openInApp(journey, page, "/onlinePayment/refunds");
  const refundRow = page.locator(".ant-table-row").filter({ hasText: first.outTradeNo });
  await refundRow.getByText("退款成功").waitFor();
  await refundRow.getByText("16.60").waitFor();
  await screenshot(page, "online-refund-2-list");

  // 5. The desk takes room B's bill while its payer pays: the order's money is 多缴待退, sent back from 实收管理.
  const second = await order(chosen[1]);
  await journey.api("post", "/api/property/bills/actions/pay", { billIds: [billOf(chosen[1])], payMethod: 5, payerName: "业主" });
  await pay(second);
  await openInApp(journey, page, "/propertyPayment/receivedManagement?tab=overpaid");
  const overpaid = page.locator(".ant-table-row").filter({ hasText: second.outTradeNo });
  await overpaid.getByRole("button", { name: "退回多缴" }).click();
  const ask = page.locator(".ant-modal-confirm").filter({ hasText: `确认退回多缴 ¥${second.amount}` });
  await ask.getByText(`把订单 ${second.outTradeNo} 多缴的金额退回给付款人`).waitFor();
  await screenshot(page, "online-refund-3-overpaid");
  await ask.getByRole("button", { name: /确\s*定|OK/ }).click();
  await page.getByText("已提交支付平台退款").first().waitFor();
  await expect
    .poll(
      async () =>
        (
          await journey.api<{ list: { id: number; flag: number | null }[] }>("post", "/api/pay/onlinePaymentOrders/actions/pageList", { communityId: c.communityId, pageNo: 1, pageSize: 50 })
        ).list.find((o) => o.id === second.id)?.flag,
      {
        timeout: 30_000,
      },
    )
    .toBe(4);
});
