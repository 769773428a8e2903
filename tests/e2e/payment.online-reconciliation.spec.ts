// 渠道对账 in a real browser: yesterday's WeChat Pay statement, uploaded on the 渠道对账 page, names a
// payment the gateway took for an order here whose callback never came; the batch shows 有差异, the
// difference is listed as 仅渠道有 under 对账差异, and 补单 settles it (the bill paid, a receipt)
// and the row reads 已补单.
import { expect, test } from "vitest";
import dayjs from "dayjs";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { formItem } from "./support/forms.ts";
import { billRooms, chooseFirstCommunity, hideGuidePanels } from "./support/payment.ts";

const journey = useJourney({ timeout: 60_000 });

const BILL_HEADER =
  "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注";

test("an uploaded statement shows a payment only at the gateway, and 补单 settles it", async () => {
  const { page } = journey;
  const { communityId } = await chooseFirstCommunity(journey);
  const buildingId = (await journey.api<{ id: number }>("post", "/api/system/buildings", { communityId, name: "对账楼" })).id;
  const unitId = (await journey.api<{ id: number }>("post", "/api/system/units", { communityId, buildingId, name: "1单元" })).id;
  const roomId = (
    await journey.api<{ id: number }>("post", "/api/system/rooms", {
      communityId,
      buildingId,
      unitId,
      roomNo: "101",
      buildingArea: "90.00",
      houseType: 1,
      occupancyStatus: 1,
      status: 1,
      maxResidents: 6,
    })
  ).id;
  const itemId = await billRooms(journey, {
    communityId,
    priceTypeName: "对账固定",
    itemName: "对账服务费",
    unitPrice: "66.60",
    period: dayjs().add(4, "month").format("YYYY-MM"),
    roomIds: [roomId],
    item: { paymentType: 2, occupancyStatuses: undefined },
  });
  const drafts = await journey.api<{ list: { id: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, status: [1], pageNo: 1, pageSize: 10 });
  await journey.api("post", "/api/property/bills/actions/approve", { ids: drafts.list.map((b) => b.id) });
  const order = await journey.api<{ id: number; outTradeNo: string }>("post", "/api/pay/onlinePayments/actions/create", { roomId, billIds: drafts.list.map((b) => b.id), channel: 1 });

  // The gateway's statement of yesterday (China time): the payment, its callback never received here.
  const yesterday = dayjs(Date.now() + 8 * 3600_000 - 86_400_000)
    .toISOString()
    .slice(0, 10);
  const statement = [
    BILL_HEADER,
    [
      "`" + `${yesterday} 10:00:00`,
      "wx00000000sandbox",
      "1900000001",
      "0",
      "",
      "4200000000202600000000001",
      order.outTradeNo,
      "payer",
      "NATIVE",
      "SUCCESS",
      "OTHERS",
      "CNY",
      "66.60",
      "0.00",
      "0",
      "0",
      "0.00",
      "0.00",
      "",
      "",
      "物业费",
      "",
      "0.00",
      "0.60%",
      "66.60",
      "0.00",
      "",
    ]
      .map((v, i) => (i === 0 ? v : `\`${v}`))
      .join(","),
    "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额",
    "`1,`66.60,`0.00,`0.00,`0.00,`66.60,`0.00",
  ].join("\r\n");

  await page.goto(journey.url("/onlinePayment/reconciliations"), { waitUntil: "domcontentloaded" });
  const card = page.locator(".ant-card").filter({ hasText: "选择收款商户和日期后" });
  await card.waitFor();
  await hideGuidePanels(page);
  await formItem(card, "收款商户").locator(".ant-select").click();
  await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)").locator('.ant-select-item-option[title="沙箱商户（微信支付）"]').click();
  await formItem(card, "对账日期").locator(".date-field, input").first().click();
  await page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)").locator(`td[title="${yesterday}"]`).click();
  await card.locator("input[type=file]").setInputFiles({ name: "tradebill.csv", mimeType: "text/csv", buffer: Buffer.from(statement, "utf8") });
  await card.getByRole("button", { name: "重新对账" }).click();
  await page.getByText("对账完成：渠道 1 笔").waitFor();
  await page.locator(".ant-table-row").filter({ hasText: yesterday }).filter({ hasText: "有差异" }).first().waitFor();
  await screenshot(page, "online-recon-batches");

  await page.goto(journey.url("/onlinePayment/reconDifferences"), { waitUntil: "domcontentloaded" });
  const row = page.locator(".ant-table-row").filter({ hasText: order.outTradeNo });
  await row.filter({ hasText: "仅渠道有" }).waitFor();
  await row.getByRole("button", { name: "补单" }).click();
  const confirm = page.locator(".ant-modal-confirm");
  await confirm.getByText("确定补单吗？").waitFor();
  await confirm.locator(".ant-modal-confirm-btns button.ant-btn-primary").click();
  await row.filter({ hasText: "已补单" }).waitFor({ timeout: 20_000 });
  await screenshot(page, "online-recon-settled");

  const paid = await journey.api<{ list: { status: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 10 });
  expect(paid.list.map((b) => b.status)).toEqual([4]);
  const settled = await journey.api<{ status: number; receiptNo: string | null }>("get", `/api/pay/onlinePayments/actions/get?id=${order.id}`);
  expect(settled.status).toBe(2);
  expect(settled.receiptNo).toBeTruthy();
});
