// Paying from the residents' app (docs/residents.md "Paying from the app") on a 390 × 844 phone
// (emulated), against the real server and its sandbox gateway: a demo owner signs in by SMS code (the
// code read from the built-in provider's outbox), sees its arrears on 账单 (a bill staff made and
// approved for the test), 去缴费 → 微信支付, pays on the sandbox's page, comes back to the app by
// 返回商户页面 and sees 支付成功, opens the receipt, and finds it in the room's 票据; then prepays 3 months
// of that item on 预缴 (支付宝), the months' bills made only once paid, and staff read the order's frozen
// terms on its 支付订单 detail (desktop). No page error, no sideways scrolling, no serious or critical
// accessibility violation, nothing against the CSP.
import { expect, test } from "vitest";
import dayjs from "dayjs";
import { screenshot } from "./support/browser.ts";
import { useJourney, VIEWPORT } from "./support/journey.ts";
import { expectSound } from "./support/phone-page.ts";
import { billRooms } from "./support/payment.ts";

// A step that stalls fails at 45 s with its locator named, well inside the test's 120 s.
const journey = useJourney({ device: "iPhone 13", timeout: 45_000 });

// The owner of the first room of the demo tenant's first community (src/server/seed/inhabitants.ts, n = 1).
const PHONE = "13100007919";

interface MyRooms {
  list: { roomId: number; roomName: string | null; communityId: number; communityName: string }[];
}

test("a resident sees its arrears, pays them in the sandbox, comes back to 支付成功 and opens the receipt", async () => {
  const base = journey.product.baseUrl;
  const { tenantId } = await journey.api<{ tenantId: number }>("get", "/api/system/homepage/user");
  const page = await journey.openPage(null);
  page.setDefaultTimeout(60_000);
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err?.stack ?? err)));

  // 登录 with the code from the outbox (staff API, as admin).
  await page.goto(`${base}/neptune/h5/?tenant=${tenantId}`);
  await page.getByRole("heading", { name: "云物业住户" }).waitFor();
  await page.getByRole("textbox", { name: "手机号" }).fill(PHONE);
  await page.getByRole("button", { name: "获取验证码" }).click();
  let code = "";
  await expect
    .poll(
      async () => {
        const { list } = await journey.api<{ list: { content: string }[] }>("get", `/api/system/smsOutbox/actions/latest?phone=${PHONE}`);
        code = list[0]?.content.match(/\d{6}/)?.[0] ?? "";
        return code;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\d{6}$/);
  await page.getByRole("textbox", { name: "验证码" }).fill(code);
  await page.getByRole("button", { name: "登录" }).click();
  await page.getByText("已绑定的房屋").waitFor();
  const rooms = (await (await page.request.get(`${base}/api/h5/rooms`)).json()) as { data: MyRooms };
  const room = rooms.data.list[0];
  expect(room, "a room bound by match").toBeTruthy();

  // Arrears: a bill staff made and approved for the room.
  const stamp = Date.now() % 100000;
  const itemName = `住户缴费${stamp}`;
  const itemId = await billRooms(journey, {
    communityId: room.communityId,
    priceTypeName: `住户缴费${stamp}`,
    itemName,
    unitPrice: "66.60",
    period: dayjs().add(11, "month").format("YYYY-MM"),
    roomIds: [room.roomId],
  });
  const bills = (await journey.api<{ list: { id: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 10 })).list;
  await journey.api("post", "/api/property/bills/actions/approve", { ids: bills.map((b) => b.id) });
  const owed = (await (await page.request.get(`${base}/api/h5/rooms/${room.roomId}/bills`)).json()) as { data: { totalOwed: string } };
  expect(Number(owed.data.totalOwed)).toBeGreaterThanOrEqual(66.6);

  // 账单: the total owed and 去缴费; both channels offered, 微信支付 chosen.
  await page.goto(`${base}/neptune/h5/bills?room=${room.roomId}`);
  await page.getByText(itemName).waitFor();
  expect(await page.getByTestId("total-owed").textContent()).toBe(`¥${owed.data.totalOwed}`);
  const payButton = page.getByRole("button", { name: `去缴费 ¥${owed.data.totalOwed}` });
  await expect.poll(() => payButton.isEnabled()).toBe(true);
  await expectSound(page, "账单");
  await screenshot(page, "h5-pay-bills");
  await payButton.click();
  await page.getByText("选择支付方式").waitFor();
  const sheet = page.getByRole("dialog", { name: "选择支付方式" });
  await sheet.getByRole("button", { name: "支付宝" }).waitFor();
  await expectSound(page, "选择支付方式");
  await sheet.getByRole("button", { name: "微信支付" }).click();

  // The sandbox's pay page: the amount, 确认支付, then 支付成功 and 返回商户页面.
  await page.waitForURL(/\/sandbox\/pay\/[0-9a-f]{24}/);
  await page.getByText(`¥${owed.data.totalOwed}`).waitFor();
  await page.getByRole("button", { name: "确认支付" }).click();
  await page.getByRole("status").filter({ hasText: "支付成功" }).waitFor();
  await page.getByRole("link", { name: "返回商户页面" }).click();

  // Back in the app: 支付成功, the bill paid, the receipt.
  await page.waitForURL(/\/neptune\/h5\/payment\?order=\d+/);
  await page.getByText("支付成功").waitFor();
  await page.getByText(itemName).waitFor();
  await expectSound(page, "支付结果");
  await screenshot(page, "h5-pay-result");
  await page.getByRole("button", { name: "查看票据" }).click();
  await page.waitForURL(/\/neptune\/h5\/receipts\/\d+$/);
  await page.getByText("票据号").waitFor();
  expect(await page.getByTestId("receipt-total").textContent()).toBe(`¥${owed.data.totalOwed}`);
  await page.getByRole("cell", { name: itemName }).waitFor();
  await page.getByRole("button", { name: "保存/打印" }).waitFor();
  await expectSound(page, "票据详情");
  await screenshot(page, "h5-pay-receipt");
  const receiptNo = await page.locator(".h5-receipt-facts dd").first().textContent();

  // The room's 票据 lists it; 账单 owes nothing now.
  await page.getByRole("button", { name: "全部票据" }).click();
  await page.getByText(receiptNo!).waitFor();
  await expectSound(page, "票据");
  await page.goto(`${base}/neptune/h5/bills?room=${room.roomId}`);
  await page.getByText(itemName).waitFor();
  expect(await page.getByTestId("total-owed").textContent()).toBe("¥0.00");
  expect(await page.getByRole("button", { name: /^去缴费/ }).count()).toBe(0);

  // 预缴: 3 months of the item after its last billed month; no bill until paid, then three paid ones.
  const after = (period: string, n: number) => dayjs(`${period}-01`).add(n, "month").format("YYYY-MM");
  const last = dayjs().add(11, "month").format("YYYY-MM");
  const months = [after(last, 1), after(last, 2), after(last, 3)];
  await page.getByRole("button", { name: "预缴费用" }).click();
  await page.waitForURL(/\/neptune\/h5\/prepay\?room=\d+/);
  await page.getByText(itemName).click();
  await page.getByText(`从 ${months[0]} 起`).waitFor();
  await page.getByText("3个月").click();
  await page.getByText(`${itemName} · 3 个月`).waitFor();
  for (const m of months) await page.getByText(`账期 ${m}`).waitFor();
  const prepayButton = page.getByRole("button", { name: "去支付 ¥199.80" });
  await expect.poll(() => prepayButton.isEnabled()).toBe(true);
  await expectSound(page, "预缴");
  await screenshot(page, "h5-prepay");
  await prepayButton.click();
  await page.getByRole("dialog", { name: "选择支付方式" }).getByRole("button", { name: "支付宝" }).click();
  await page.waitForURL(/\/sandbox\/pay\/[0-9a-f]{24}/);
  const billsOfMonths = async () =>
    (await journey.api<{ list: { period: string; status: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 10 })).list.filter((b) =>
      months.includes(b.period),
    );
  expect(await billsOfMonths(), "no bill before the payment").toEqual([]);
  await page.getByText("¥199.80").waitFor();
  await page.getByRole("button", { name: "确认支付" }).click();
  await page.getByRole("link", { name: "返回商户页面" }).click();
  await page.waitForURL(/\/neptune\/h5\/payment\?order=\d+/);
  await page.getByText("支付成功").waitFor();
  await page.getByText(months[2]).first().waitFor();
  expect((await billsOfMonths()).map((b) => [b.period, b.status]).sort()).toEqual(months.map((m) => [m, 4]));

  // Staff (desktop): the order's 支付订单 detail shows it as a 预缴 of the item with its frozen terms.
  const prepayOrderId = new URL(page.url()).searchParams.get("order");
  const staff = await journey.openPage("admin", { viewport: VIEWPORT, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
  staff.setDefaultTimeout(60_000);
  await staff.goto(journey.url(`/onlinePayment/orders/show/${prepayOrderId}`));
  const detail = async (label: string) =>
    (
      await staff
        .locator("th", { hasText: new RegExp(`^${label.replace(/[()]/g, "\\$&")}$`) })
        .locator("xpath=following-sibling::td[1]")
        .innerText()
    ).replace(/\s+/g, "");
  await staff.getByText(itemName, { exact: true }).waitFor(); // the record and its references loaded
  expect(
    {
      purpose: await detail("用途"),
      item: await detail("预缴项目"),
      start: await detail("预缴起始账期"),
      months: await detail("预缴月数"),
      monthAmount: await detail("每月应缴(元)"),
      amount: await detail("订单金额(元)"),
    },
    "the prepay order's terms on the staff detail",
  ).toEqual({ purpose: "预缴", item: itemName, start: months[0], months: "3", monthAmount: "66.60", amount: "199.80" });
  await expectSound(staff, "支付订单详情");
  await screenshot(staff, "staff-prepay-order");

  expect(errors).toEqual([]);
});
