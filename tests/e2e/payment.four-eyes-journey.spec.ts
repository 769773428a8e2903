// Four eyes on a receipt's void, in a real browser against the real server: the main account takes
// the money and applies for 作废 on its receipt (作废待审核); its own 作废审核通过 is refused with the
// server's message and the receipt waits on; a second user holding 收费审核 signs in, approves it,
// and the receipt shows 已作废 to both; its print has 作废 across the middle of the sheet.
import { expect, test } from "vitest";
import dayjs from "dayjs";
import { screenshot } from "./support/browser.ts";
import { DEMO_PASSWORD } from "./support/server.ts";
import { useJourney } from "./support/journey.ts";
import { billRooms, chooseFirstCommunity, openAfresh } from "./support/payment.ts";

const journey = useJourney({ timeout: 60_000 });

test("the cashier applies 作废, its own approval is refused, a second user approves and the receipt is 已作废", async () => {
  const { page } = journey;
  const c = await chooseFirstCommunity(journey);
  const rooms = (await journey.api<{ list: { id: number }[] }>("post", "/api/system/rooms/actions/pageListSimpleRooms", { communityId: c.communityId, keyword: "", pageNo: 1, pageSize: 100 })).list;
  const stamp = Date.now() % 100000;
  const itemId = await billRooms(journey, {
    communityId: c.communityId,
    priceTypeName: `双人审核旅程${stamp}`,
    itemName: `双人审核旅程费${stamp}`,
    unitPrice: "100.00",
    period: dayjs().add(10, "month").format("YYYY-MM"),
    roomIds: [rooms[5].id],
  });
  const bills = (await journey.api<{ list: { id: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 10 })).list;
  await journey.api("post", "/api/property/bills/actions/approve", { ids: bills.map((b) => b.id) });
  // The main account takes the money (cash, one receipt).
  const paid = await journey.api<{ receiptId: number; receiptNo: string }>("post", "/api/property/bills/actions/pay", { billIds: [bills[0].id], payMethod: 1, payerName: "业主" });
  // A second user whose role holds every code the main account has, 收费审核 included.
  const codes = (await journey.api<{ authorities: { code: string }[] }>("get", "/api/system/homepage/user")).authorities.map((a) => a.code);
  expect(codes).toContain("PAYMENT_APPROVE");
  const role = await journey.api<{ id: number }>("post", "/api/system/characters", { name: `收费审核${stamp}`, authorities: codes });
  await journey.api("post", "/api/system/users", { username: `approver${stamp}`, password: DEMO_PASSWORD, roleId: role.id });

  // 1. The cashier applies for the void with a reason, after a confirmation: 作废待审核.
  await openAfresh(journey, page, "/propertyPayment/receivedManagement?tab=receipts");
  const find = async (p = page) => {
    await p.getByPlaceholder("票据号 / 缴费人").fill(paid.receiptNo);
    await p.getByRole("button", { name: /查\s*询/ }).click();
    return p.locator(".ant-table-row").filter({ hasText: paid.receiptNo });
  };
  const row = await find();
  await row.getByRole("button", { name: /作\s*废/ }).click();
  const dialog = page.getByRole("dialog", { name: `作废票据 ${paid.receiptNo}` });
  await dialog.getByPlaceholder("请输入作废原因").fill("收费项目选错");
  await dialog.getByRole("button", { name: /确\s*定/ }).click();
  await page
    .locator(".ant-modal-confirm")
    .filter({ hasText: `确认提交作废票据 ${paid.receiptNo} 的申请` })
    .getByRole("button", { name: "提交申请" })
    .click();
  await page.getByText("作废申请已提交").first().waitFor();
  await row.getByText("作废待审核").waitFor();

  // 2. Its own approval is refused with the server's message; the receipt still waits.
  await row.getByRole("button", { name: "作废审核通过" }).click();
  await page
    .locator(".ant-modal-confirm")
    .filter({ hasText: `确认作废票据 ${paid.receiptNo}` })
    .getByRole("button", { name: "确认作废" })
    .click();
  await page.getByText("申请人不能审核自己的申请").first().waitFor();
  await screenshot(page, "four-eyes-1-own-approval-refused");
  await row.getByText("作废待审核").waitFor();

  // 3. The second user signs in (choosing its own password first) and approves it: 已作废.
  const second = await journey.openPage(`approver${stamp}`, {}, "page");
  const gate = second.getByRole("dialog", { name: "请修改初始密码" });
  await gate.getByLabel("原密码").fill(DEMO_PASSWORD);
  await gate.getByLabel("新密码", { exact: true }).fill("Approver-Own-2026");
  await gate.getByLabel("确认新密码").fill("Approver-Own-2026");
  await gate.getByRole("button", { name: /确\s*定/ }).click();
  await second.getByText("密码已修改").waitFor();
  await chooseFirstCommunity(journey, second);
  await openAfresh(journey, second, "/propertyPayment/receivedManagement?tab=receipts");
  const theirs = await find(second);
  await theirs.getByText("作废待审核").waitFor();
  await theirs.getByRole("button", { name: "作废审核通过" }).click();
  await second
    .locator(".ant-modal-confirm")
    .filter({ hasText: `确认作废票据 ${paid.receiptNo}` })
    .getByRole("button", { name: "确认作废" })
    .click();
  await second.getByText("票据已作废").first().waitFor();
  await theirs.getByText("已作废").waitFor();
  await screenshot(second, "four-eyes-2-approved-by-another");

  // 4. The cashier's list shows it 已作废 too, and the bill is owed again.
  await page.reload();
  await (await find()).getByText("已作废").waitFor();
  const bill = (await journey.api<{ list: { id: number; status: number; amountPaid: string }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 10 }))
    .list[0];
  expect(bill).toMatchObject({ status: 2, amountPaid: "0.00" });

  // 5. Its print says 作废 across the body, over the middle of the sheet, not only in the footer line.
  await page.goto(journey.url(`/propertyPayment/receipt/${paid.receiptId}`));
  const mark = page.locator(".neptune-void-mark");
  await mark.waitFor();
  expect(await mark.innerText()).toBe("作废");
  const [markBox, sheetBox] = [await mark.boundingBox(), await page.locator(".neptune-receipt-sheet").boundingBox()];
  expect(markBox && sheetBox).toBeTruthy();
  const middle = (b: { x: number; y: number; width: number; height: number }) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
  expect(Math.abs(middle(markBox!).x - middle(sheetBox!).x)).toBeLessThan(sheetBox!.width / 4);
  expect(Math.abs(middle(markBox!).y - middle(sheetBox!).y)).toBeLessThan(sheetBox!.height / 4);
  await screenshot(page, "four-eyes-3-voided-print");
  expect(journey.pageErrors).toEqual([]);
}, 300_000);
