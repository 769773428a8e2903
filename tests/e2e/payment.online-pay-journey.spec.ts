// Online payment in a real browser against the real server and its sandbox gateway, as a new office
// would use it with the demo data's sandbox merchants: at the 收银台 a room's bill is paid by 扫码支付
// (the QR's pay page opened, 确认支付 on the sandbox's page, the dialog then shows 支付成功 with its
// receipt); and a dunning letter's pay link, opened by a resident's phone with no session, goes to the
// sandbox's pay page, whose 确认支付 settles the room's bill. Both payments are the desk's rows: a
// receipt each, and the day's 日结 shows them on its 在线支付 line.
import { expect, test } from "vitest";
import dayjs from "dayjs";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { billRooms, chooseFirstCommunity, hideGuidePanels, openAfresh, openInApp } from "./support/payment.ts";

const journey = useJourney({ timeout: 60_000 });

test("a bill paid by 扫码支付 at the desk and another through a dunning letter's pay link, each with its receipt and in 日结", async () => {
  const { page } = journey;
  const { communityId } = await chooseFirstCommunity(journey);
  const buildingId = (await journey.api<{ id: number }>("post", "/api/system/buildings", { communityId, name: "扫码楼" })).id;
  const unitId = (await journey.api<{ id: number }>("post", "/api/system/units", { communityId, buildingId, name: "1单元" })).id;
  const rooms: number[] = [];
  for (const [roomNo, owner, phone] of [
    ["101", "吴扫码", "13912340001"],
    ["102", "郑链接", "13912340002"],
  ]) {
    const id = (
      await journey.api<{ id: number }>("post", "/api/system/rooms", { communityId, buildingId, unitId, roomNo, buildingArea: "90.00", houseType: 1, occupancyStatus: 1, status: 1, maxResidents: 6 })
    ).id;
    await journey.api("post", "/api/system/inhabitants", { communityId, roomId: id, name: owner, phone, identity: 1 });
    rooms.push(id);
  }
  const itemId = await billRooms(journey, {
    communityId,
    priceTypeName: "扫码固定",
    itemName: "扫码服务费",
    unitPrice: "88.80",
    period: dayjs().add(3, "month").format("YYYY-MM"),
    roomIds: rooms,
    item: { paymentType: 2, occupancyStatuses: undefined },
  });
  const drafts = await journey.api<{ list: { id: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, status: [1], pageNo: 1, pageSize: 10 });
  await journey.api("post", "/api/property/bills/actions/approve", { ids: drafts.list.map((b) => b.id) });

  // At the desk: 扫码支付 for room 101's bill, the QR and its pay page.
  await page.goto(journey.url("/propertyPayment/cashier"), { waitUntil: "domcontentloaded" });
  const search = page.getByRole("combobox", { name: "搜索房屋" });
  await search.waitFor();
  await hideGuidePanels(page);
  await search.fill("101");
  await page.locator(".ant-select-dropdown").getByText("扫码楼-1单元-101", { exact: true }).first().click();
  await page.getByRole("button", { name: "扫码支付" }).click();
  const dialog = page.getByRole("dialog", { name: "扫码支付" });
  await dialog.getByRole("button", { name: "生成支付二维码" }).click();
  await dialog.getByText("应付金额：¥88.80").waitFor();
  await dialog.locator(".ant-qrcode").waitFor();
  await screenshot(page, "online-pay-desk-qr");
  const payUrl = await dialog.getByRole("link", { name: "在本机打开支付页面" }).getAttribute("href");
  expect(payUrl).toMatch(/\/sandbox\/pay\/[0-9a-f]{24}$/);

  // The payer's page: the sandbox's, 确认支付, then 支付成功; the desk's dialog follows by itself.
  const phone = await journey.openPage(null, { viewport: { width: 390, height: 844 } });
  await phone.goto(payUrl!, { waitUntil: "domcontentloaded" });
  await phone.getByText("¥88.80").waitFor();
  await phone.getByRole("button", { name: "确认支付" }).click();
  await phone.getByRole("status").filter({ hasText: "支付成功" }).waitFor();
  await dialog.getByText("支付成功 ¥88.80").waitFor({ timeout: 20_000 });
  const receiptLine = await dialog.getByText(/^收据编号：/).textContent();
  const deskReceipt = receiptLine!.replace("收据编号：", "");
  await screenshot(page, "online-pay-desk-paid");

  // A dunning letter's pay link for room 102, opened with no session: the sandbox's page, paid.
  const [link] = await journey.api<{ roomId: number; url: string }[]>("post", "/api/pay/rooms/actions/payLinks", { roomIds: [rooms[1]] });
  const resident = await journey.openPage(null, { viewport: { width: 390, height: 844 } });
  await resident.goto(link.url, { waitUntil: "domcontentloaded" });
  await resident.getByText("¥88.80").waitFor();
  expect(resident.url()).toMatch(/\/sandbox\/pay\/[0-9a-f]{24}$/);
  await resident.getByRole("button", { name: "确认支付" }).click();
  await resident.getByRole("status").filter({ hasText: "支付成功" }).waitFor();
  // Opened again, the link says the room owes nothing now.
  await resident.goto(link.url, { waitUntil: "domcontentloaded" });
  await resident.getByText("该房屋目前没有待缴的费用").waitFor();

  // Both are the desk's payments: the bills paid, a receipt each (微信, no cashier).
  const paid = await journey.api<{ list: { id: number; status: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 10 });
  expect(paid.list.map((b) => b.status)).toEqual([4, 4]);
  const receipts = await journey.api<{ list: { receiptNo: string; payMethod: number }[] }>("post", "/api/property/receipts/actions/pageList", { communityId, pageNo: 1, pageSize: 5 });
  expect(receipts.list.find((r) => r.receiptNo === deskReceipt)).toMatchObject({ payMethod: 1 });

  // 日结: the day's 在线支付 line (微信, no cashier) holds both, declared at what the books say.
  const today = dayjs().add(8, "hour").toISOString().slice(0, 10);
  type Day = { rows: { payMethod: number; cashierId: number | null; cashierName: string; paymentCount: number; recordedAmount: string }[] };
  const day = await journey.api<Day>("get", `/api/property/reconciliations/actions/day?communityId=${communityId}&day=${today}`);
  const onlineLine = day.rows.find((r) => r.payMethod === 1 && r.cashierId === null)!;
  expect(onlineLine.cashierName).toBe("在线支付");
  expect(onlineLine.paymentCount).toBeGreaterThanOrEqual(2);
  expect(Number(onlineLine.recordedAmount)).toBeGreaterThanOrEqual(177.6);
  await openInApp(journey, page, "/propertyPayment/reconciliation");
  if (today !== dayjs().format("YYYY-MM-DD")) {
    // The server books by China time; this browser's clock may be on another date.
    await page.locator(".date-field").first().click();
    await page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)").locator(`td[title="${today}"]`).click();
  }
  await page.locator(".ant-table-row").filter({ hasText: "在线支付" }).filter({ hasText: onlineLine.recordedAmount }).first().waitFor();
  await screenshot(page, "online-pay-daily-closing");

  // China time whatever the PC's clock: a PC in Los Angeles at 09:30 China time (17:30 of the day
  // before there) opens 日结 on China's today, and closing today asks first, saying where the rest
  // of today's payments will go.
  const abroad = await journey.openPage("admin", { timezoneId: "America/Los_Angeles" });
  await abroad.clock.setFixedTime(new Date(`${today}T01:30:00Z`));
  await chooseFirstCommunity(journey, abroad);
  await openAfresh(journey, abroad, "/propertyPayment/reconciliation");
  expect(await abroad.evaluate(() => new Date().toLocaleDateString("en-CA"))).not.toBe(today);
  await expect.poll(() => abroad.locator("input.date-field, .date-field input").first().inputValue()).toBe(today);
  await abroad.getByRole("button", { name: /^日\s*结$/ }).click();
  const confirm = abroad.getByRole("dialog", { name: `日结 ${today}` });
  const tomorrow = dayjs(today).add(1, "day").format("YYYY-MM-DD");
  await confirm.getByText(`今日营业尚未结束（北京时间 09:30）。日结后，今天此后收到的款项将计入下一个营业日 ${tomorrow}，不计入今日。确定现在日结？`).waitFor();
  await screenshot(abroad, "online-pay-closing-today-early");
  await confirm.getByRole("button", { name: /取\s*消/ }).click();
  await confirm.waitFor({ state: "hidden" });
});
