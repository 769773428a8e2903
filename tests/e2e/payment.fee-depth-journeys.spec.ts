// Prepayment, deposits, temporary charges, arrears and dunning in a real browser against the real
// server (issue 16): a recharge at the account list, then approving the room's bills on the approval
// page — after a confirmation with the server's preview (bills, amount due, paid from the balance):
// 取消 approves nothing, 确定 does — pays them from the balance; a deposit that cannot be deleted
// (its message), refunded in part with a deduction and approved; a
// temporary charge's receipt and its line in the daily settlement; arrears filtered by bucket, dunning
// notices generated from a template and published to the rooms' residents, one of them in its print
// view and its published notice in the notice centre; the arrears' ageing summary (a bucket's card
// filters by it) and two dunning letters printed together, one a page, without the watermark (issue 28).
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import dayjs from "dayjs";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { billRooms, chooseFirstCommunity, openAfresh, setFourEyes } from "./support/payment.ts";
import { chooseOption, formItem } from "./support/forms.ts";
import { fenToYuan, yuanToFen } from "../../src/common/money.ts";

const journey = useJourney({ timeout: 60_000 });
const XHR = { "X-Requested-With": "XMLHttpRequest" };
/** The headers of a call as the app sends them: the marker and the session's signature (the page's request context sends the cookie). */
const headersOf = async (page: Page) => ({ ...XHR, signature: (await page.evaluate(() => sessionStorage.getItem("signature"))) ?? "" });

const open = (page: Page, path: string) => openAfresh(journey, page, path);

/** The first demo community (every pay method, cash) made current; its rooms in id order. */
async function firstCommunity(page: Page) {
  const c = await chooseFirstCommunity(journey, page);
  const rooms = await journey.api<{ list: { id: number; roomNo: string }[] }>("post", "/api/system/rooms/actions/pageListSimpleRooms", {
    communityId: c.communityId,
    keyword: "",
    pageNo: 1,
    pageSize: 100,
  });
  return { ...c, rooms: rooms.list.sort((a, b) => a.id - b.id) };
}

test("a recharge, then approving the room's bills pays them from the balance", async () => {
  const { page } = journey;
  const c = await firstCommunity(page);
  const room = c.rooms[c.rooms.length - 1];
  const stamp = Date.now() % 100000;
  const item = `预存旅程费${stamp}`;
  const period = dayjs().add(7, "month").format("YYYY-MM");
  const itemId = await billRooms(journey, {
    communityId: c.communityId,
    priceTypeName: `预存旅程${stamp}`,
    itemName: item,
    unitPrice: "120.00",
    period,
    roomIds: [room.id],
    item: { paymentType: 2, occupancyStatuses: [1, 2, 3, 4, 5] },
  });
  const existing = await journey.api<{ list: { id: number }[] }>("post", "/api/property/prepayAccounts/actions/pageList", { pageNo: 1, pageSize: 1, roomId: room.id });
  const accountId = existing.list[0]?.id ?? (await journey.api<{ id: number }>("post", "/api/property/prepayAccounts", { communityId: c.communityId, roomId: room.id, autoDeduct: true })).id;
  await page.request.put(`${journey.product.baseUrl}/api/property/prepayAccounts/${accountId}`, { headers: await headersOf(page), data: { autoDeduct: true } });
  const before = Number((await journey.api<{ balance: string }>("get", `/api/property/prepayAccounts/${accountId}`)).balance.replace(".", ""));

  // 1. Recharge 500.00 in cash from the account list.
  await open(page, "/propertyPayment/prepayAccounts");
  const row = page
    .locator(".ant-table-row")
    .filter({ has: page.locator(`[data-row-key="${accountId}"]`) })
    .or(page.locator(`.ant-table-row[data-row-key="${accountId}"]`));
  await row
    .first()
    .getByRole("button", { name: /充\s*值/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "充值", exact: true });
  await formItem(dialog, "充值金额(元)").locator("input").fill("500.00");
  // A counter never offers 预存款抵扣 (the system records it for deductions).
  await formItem(dialog, "支付方式").locator(".ant-select").click();
  const methods = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option");
  await methods.filter({ hasText: "现金" }).first().waitFor();
  expect(await methods.allInnerTexts()).not.toContain("预存款抵扣");
  await page.keyboard.press("Escape");
  await chooseOption(dialog, "支付方式", "现金");
  await dialog.getByRole("button", { name: /确\s*定/ }).click();
  // Done: the recharge's receipt is offered at once.
  const offer = page.locator(".ant-modal-confirm").filter({ hasText: "充值成功" });
  await offer.getByRole("button", { name: "打印票据" }).waitFor();
  await expect.poll(async () => (await journey.api<{ balance: string }>("get", `/api/property/prepayAccounts/${accountId}`)).balance).toBe(((before + 50000) / 100).toFixed(2));
  await offer.getByRole("button", { name: "打印票据" }).click();
  await page.waitForURL(/#\/propertyPayment\/receipt\/\d+/);
  await page.getByText("500.00").first().waitFor();
  await screenshot(page, "fee-depth-1-recharged");

  // 2. Approve the room's draft bill of the item on the approval page.
  await open(page, "/propertyPayment/billapproval");
  const query = page.getByRole("button", { name: /查\s*询/ });
  const filters = page.locator("form").filter({ has: query });
  await chooseOption(filters, "状态", "草稿");
  await chooseOption(filters, "缴费项目", item);
  await query.click();
  await page.getByText("共 1 张").waitFor();
  await page.locator(".ant-table-thead .ant-checkbox-input").check();
  await page.getByRole("button", { name: /批量通过/ }).click();
  // The confirmation says what the server would do: 1 bill of 120.00, paid from the balance.
  const confirm = page.locator(".ant-modal-confirm").filter({ hasText: "确认审核通过" });
  const preview = confirm.getByTestId("approval-preview");
  await preview.getByText("将审核通过 1 张账单，应收合计 120.00 元。").waitFor();
  await preview.getByText("其中 1 张将从预存款余额自动抵扣，共 120.00 元。").waitFor();
  await screenshot(page, "fee-depth-2a-approval-confirmation");
  // 取消 approves nothing.
  await confirm.getByRole("button", { name: /取\s*消/ }).click();
  await confirm.waitFor({ state: "hidden" });
  const statusOf = async () =>
    (await journey.api<{ list: { status: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 5 })).list.map((b) => b.status);
  expect(await statusOf()).toEqual([1]);
  expect((await journey.api<{ balance: string }>("get", `/api/property/prepayAccounts/${accountId}`)).balance).toBe(((before + 50000) / 100).toFixed(2));
  // 确定 approves, and the message says how many were paid from the balance.
  await page.getByRole("button", { name: /批量通过/ }).click();
  await confirm.getByRole("button", { name: /确\s*定/ }).click();
  await page.getByText("已审核通过 1 张账单，其中 1 张已从预存款抵扣 120.00 元").waitFor();
  await page.locator(".ant-table-placeholder").waitFor();

  // 3. The bill is paid from the balance: 120.00 off, a deduction in the ledger.
  await expect.poll(async () => (await journey.api<{ balance: string }>("get", `/api/property/prepayAccounts/${accountId}`)).balance).toBe(((before + 50000 - 12000) / 100).toFixed(2));
  const bills = await journey.api<{ list: { status: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 5 });
  expect(bills.list.map((b) => b.status)).toEqual([4]);
  await open(page, "/propertyPayment/prepayTransactions");
  await page.locator(".ant-table-row").filter({ hasText: "抵扣" }).filter({ hasText: "120.00" }).first().waitFor();
  await screenshot(page, "fee-depth-2-deducted");

  expect(journey.pageErrors).toEqual([]);

  // 4. The account still holds money: deleting it is refused with the reason, and it stays.
  await open(page, "/propertyPayment/prepayAccounts");
  const account = page.locator(`.ant-table-row[data-row-key="${accountId}"]`);
  await account.getByRole("button", { name: /删\s*除/ }).click();
  await page
    .locator(".ant-popconfirm:not(.ant-popover-hidden)")
    .getByRole("button", { name: /删\s*除/ })
    .click();
  await page.locator(".ant-message").getByText("账户尚有余额，不能删除").waitFor();
  expect((await journey.api<{ balance: string }>("get", `/api/property/prepayAccounts/${accountId}`)).balance).toBe(((before + 50000 - 12000) / 100).toFixed(2));
  expect(journey.pageErrors.splice(0)).toEqual([]);
}, 240_000);

test("a deposit is collected, refunded in part with a deduction and approved", async () => {
  const { page } = journey;
  const c = await firstCommunity(page);
  // About the deposit's flow, not four eyes: one person applies and approves.
  await setFourEyes(journey, false);
  const items = await journey.api<{ list: { id: number; name: string }[] }>("post", "/api/property/paymentItems/actions/pageList", { communityId: c.communityId, pageNo: 1, pageSize: 100 });
  const item = items.list.find((i) => i.name === "装修押金")!;
  // The form's 押金项目 offers deposit items only (not 物业费, 水费 …).
  await open(page, "/propertyPayment/deposits/create");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: /保\s*存/ }) });
  await formItem(form, "押金项目").locator(".ant-select").click();
  const options = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option");
  await options.filter({ hasText: "装修押金" }).first().waitFor();
  expect(new Set(await options.allInnerTexts())).toEqual(new Set(["装修押金", "钥匙押金"]));
  await page.keyboard.press("Escape");
  const deposit = await journey.api<{ id: number; receiptId: number }>("post", "/api/property/deposits", {
    communityId: c.communityId,
    roomId: c.rooms[1].id,
    paymentItemId: item.id,
    amount: "2000.00",
    payMethod: 5,
    payerName: "旅程业主",
  });

  await open(page, "/propertyPayment/deposits");
  const row = page.locator(`.ant-table-row[data-row-key="${deposit.id}"]`);
  // Collected when created: the row offers its refund, never 编辑 nor 删除 (the server refuses both).
  await row.getByRole("button", { name: /申请退还/ }).waitFor();
  expect(await row.getByRole("button", { name: /删\s*除|编\s*辑/ }).count()).toBe(0);
  await row.getByRole("button", { name: /申请退还/ }).click();
  const dialog = page.locator(".ant-modal").filter({ hasText: "申请退还" });
  // The dialog shows the deposit, and the deduction as the amount is typed.
  await dialog.locator(".ant-descriptions").getByText("2000.00").waitFor();
  await formItem(dialog, "退还金额(元)").locator("input").fill("1500.00");
  await expect.poll(() => dialog.getByTestId("action-remainder").innerText(), { timeout: 30_000 }).toBe("扣除金额(元)：500.00");
  await chooseOption(dialog, "退还方式", "现金");
  await formItem(dialog, "扣除原因").locator("input, textarea").first().fill("墙面修复");
  await dialog.getByRole("button", { name: /确\s*定/ }).click();
  await row.getByText("退款待审核").waitFor();
  await row.getByRole("button", { name: /退还审核通过/ }).click();
  await page
    .locator(".ant-modal-confirm")
    .getByRole("button", { name: /退还审核通过/ })
    .click();
  await row.getByText("已退还").waitFor();
  await row.getByRole("cell", { name: "500.00", exact: true }).waitFor(); // 扣除金额
  await screenshot(page, "fee-depth-3-deposit-refunded");
  const stored = await journey.api<{ refundAmount: string; deductionAmount: string; status: number }>("get", `/api/property/deposits/${deposit.id}`);
  expect(stored).toMatchObject({ refundAmount: "1500.00", deductionAmount: "500.00", status: 3 });
  expect(journey.pageErrors).toEqual([]);
}, 240_000);

test("a temporary charge prints its receipt and shows in the day's settlement", async () => {
  const { page } = journey;
  const c = await firstCommunity(page);
  const items = await journey.api<{ list: { id: number; name: string }[] }>("post", "/api/property/paymentItems/actions/pageList", { communityId: c.communityId, pageNo: 1, pageSize: 100 });
  const item = items.list.find((i) => i.name === "停车卡工本费")!;
  const today = dayjs().add(8, "hour").toISOString().slice(0, 10);
  type Day = { rows: { payMethod: number; cashierName: string; recordedAmount: string; netAmount: string; declaredAmount: string | null; difference: string | null }[] };
  const wechat = (d: Day) => d.rows.filter((r) => r.payMethod === 1);
  const before = await journey.api<Day>("get", `/api/property/reconciliations/actions/day?communityId=${c.communityId}&day=${today}`);
  // Charged on the form; its receipt is offered at once.
  await open(page, "/propertyPayment/tempCharges/create");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: /保\s*存/ }) });
  await formItem(form, "访客姓名").locator("input").fill("旅程访客");
  await chooseOption(form, "收费项目", item.name);
  await formItem(form, "收费金额(元)").locator("input").fill("12.34");
  await chooseOption(form, "支付方式", "微信");
  await form.getByRole("button", { name: /保\s*存/ }).click();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: "打印票据" }).click();
  await page.waitForURL(/#\/propertyPayment\/receipt\/\d+/);
  await page.getByText(/^票据号：/).waitFor();
  await page.getByRole("cell", { name: "停车卡工本费" }).waitFor();
  await page.getByText("¥12.34").waitFor();
  await screenshot(page, "fee-depth-4-temp-receipt");

  const after = await journey.api<Day>("get", `/api/property/reconciliations/actions/day?communityId=${c.communityId}&day=${today}`);
  const sum = (d: Day) => wechat(d).reduce((s, r) => s + Number(r.recordedAmount.replace(".", "")), 0);
  expect(sum(after) - sum(before)).toBe(1234);
  await open(page, "/propertyPayment/reconciliation");
  if (today !== dayjs().format("YYYY-MM-DD")) {
    // The server books by China time; this browser's clock may be on another date.
    await page.locator(".date-field").first().click();
    await page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)").locator(`td[title="${today}"]`).click();
  }
  const line = after.rows.find((r) => r.payMethod === 1 && wechat(before).every((b) => b.cashierName !== r.cashierName || b.recordedAmount !== r.recordedAmount))!;
  const row = page.locator(".ant-table-row").filter({ hasText: line.cashierName }).filter({ hasText: line.recordedAmount }).first();
  await row.waitFor();
  await screenshot(page, "fee-depth-5-settlement");
  // The cashier declares what reached the account, one yuan short: saved, the difference shown on the row and by the server.
  const short = fenToYuan(yuanToFen(line.netAmount) - 100);
  await row.getByPlaceholder("请输入").fill(short);
  await page.getByRole("button", { name: "保存申报" }).click();
  await row.getByText("-1.00", { exact: true }).waitFor();
  const declaredLine = async () => {
    const d = await journey.api<Day>("get", `/api/property/reconciliations/actions/day?communityId=${c.communityId}&day=${today}`);
    const r = d.rows.find((x) => x.payMethod === 1 && x.cashierName === line.cashierName && x.recordedAmount === line.recordedAmount);
    return { declaredAmount: r?.declaredAmount, difference: r?.difference };
  };
  await expect.poll(declaredLine).toEqual({ declaredAmount: short, difference: "-1.00" });
  // The day's sheet per cashier (交班表), printable.
  await page.getByRole("button", { name: "打印日结单" }).click();
  await page.waitForURL(/#\/propertyPayment\/reconciliation\/print\/\d{4}-\d{2}-\d{2}/);
  await page.getByRole("heading", { name: "日结单（交班表）" }).waitFor();
  await page.getByRole("heading", { name: `收款人：${line.cashierName}` }).waitFor();
  await page.getByText(/^合计：\d+ 笔/).waitFor();
  await screenshot(page, "fee-depth-5b-daily-closing-sheet");
  // …and exportable: the same sheet as a workbook.
  const [sheet] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /导出Excel/ }).click()]);
  expect(sheet.suggestedFilename()).toMatch(/^日结单_\d{4}-\d{2}-\d{2}\.xlsx$/);
}, 240_000);

test("arrears filtered by bucket, dunning notices generated and published, one printed", async () => {
  const { page } = journey;
  await firstCommunity(page);
  await open(page, "/propertyPayment/arrears");
  const query = page.getByRole("button", { name: /查\s*询/ });
  const filters = page.locator("form").filter({ has: query });
  await chooseOption(filters, "账龄", "180天以上");
  await query.click();
  // The unfiltered rows may still show until the filtered answer arrives.
  await expect.poll(async () => [...new Set(await page.locator(".ant-table-row .ant-tag").allInnerTexts())], { timeout: 30_000 }).toEqual(["180天以上"]);
  await screenshot(page, "fee-depth-6-arrears");
  // The ageing summary above the table: the chosen bucket marked, the total; a bucket's card filters by it.
  const summary = page.getByLabel("账龄汇总");
  await expect.poll(() => summary.locator('[data-bucket="4"]').getAttribute("aria-pressed")).toBe("true");
  expect(await summary.locator('[data-bucket="total"]').innerText()).toMatch(/欠费合计[\s\S]*\d+\.\d{2}[\s\S]*\d+户/);
  await summary.locator('[data-bucket="2"]').click();
  await expect.poll(async () => [...new Set(await page.locator(".ant-table-row .ant-tag").allInnerTexts())], { timeout: 30_000 }).toEqual(["31-90天"]);
  // A row names the room in full (楼栋-单元-房号) and opens its unpaid bills at the cashier.
  const roomLink = page
    .locator(".ant-table-row")
    .first()
    .getByRole("button", { name: /^.+-.+-.+$/ });
  const roomName = await roomLink.innerText();
  await roomLink.click();
  await page.waitForURL(/#\/propertyPayment\/cashier\?roomId=\d+/);
  await page.getByText(roomName.replace(/\s/g, ""), { exact: true }).waitFor();
  await page.getByText("合计（").waitFor();

  await open(page, "/propertyPayment/dunningNotices");
  await page.getByRole("button", { name: "生成催缴通知" }).click();
  const dialog = page.locator(".ant-modal").filter({ hasText: "生成催缴通知" });
  await expect.poll(() => formItem(dialog, "标题").locator("input").inputValue()).toBe("物业费催缴通知");
  await dialog.getByRole("checkbox", { name: "同时发布给住户" }).check();
  await dialog.getByRole("button", { name: /生\s*成/ }).click();
  await page.getByText(/已生成\d+份催缴通知/).waitFor();
  await page.locator(".ant-table-row").first().getByText("已发布").waitFor();
  await page
    .locator(".ant-table-row")
    .first()
    .getByRole("button", { name: /打\s*印/ })
    .click();
  await page.waitForURL(/#\/propertyPayment\/dunningNotice\/\d+/);
  await page.getByText(/合计（大写）：.+/).waitFor();
  await page.getByRole("heading", { name: "物业费催缴通知" }).waitFor();
  await screenshot(page, "fee-depth-7-dunning-print");

  // The notice published with it: addressed to the room, listing the unpaid bills.
  await open(page, "/propertyPayment/dunningNotices");
  await page.locator(".ant-table-row").first().getByRole("button", { name: "查看通知" }).click();
  await page.waitForURL(/#\/property\/noticeCenter\/show\/\d+/);
  await page.getByText(/欠费明细：/).waitFor();
  await page.getByText("已发布").first().waitFor();
  await screenshot(page, "fee-depth-8-dunning-published-notice");

  // 选择全部 picks every notice of the list, on every page, for one print; 清除选择 drops them.
  await open(page, "/propertyPayment/dunningNotices");
  const selectAll = page.getByRole("button", { name: /选择全部\d+份（所有页）/ });
  const everyNotice = Number(/\d+/.exec((await selectAll.textContent()) ?? "")?.[0]);
  expect(everyNotice).toBeGreaterThan(0);
  await selectAll.click();
  await page.getByRole("button", { name: `批量打印（${everyNotice}）` }).waitFor();
  await page.getByRole("button", { name: "清除选择" }).click();
  await page.getByRole("button", { name: /^批量打印$/ }).waitFor();

  // Two letters chosen on the list print together, one a page, and the watermark does not print.
  const rows = page.locator(".ant-table-row");
  await rows.nth(0).locator(".ant-checkbox-input").check();
  await rows.nth(1).locator(".ant-checkbox-input").check();
  await page.getByRole("button", { name: /批量打印（2）/ }).click();
  await page.waitForURL(/#\/propertyPayment\/dunningNotices\/print\?ids=\d+,\d+/);
  const letters = page.locator(".neptune-print-page");
  await expect.poll(() => letters.count()).toBe(2);
  await letters
    .nth(1)
    .getByText(/合计（大写）：.+/)
    .waitFor();
  const watermarks = () =>
    page.evaluate(() => [...document.querySelectorAll("div")].filter((el) => getComputedStyle(el).backgroundImage.startsWith('url("data:image/png') && getComputedStyle(el).display !== "none").length);
  expect(await watermarks()).toBeGreaterThan(0);
  await page.emulateMedia({ media: "print" });
  expect(await watermarks()).toBe(0);
  expect(await letters.evaluateAll((els) => els.map((el) => [getComputedStyle(el).display, getComputedStyle(el).breakAfter]))).toEqual([
    ["block", "page"],
    ["block", "auto"],
  ]);
  await screenshot(page, "fee-depth-9-dunning-batch-print");
  await page.emulateMedia({ media: "screen" });
  // On a 390 px phone the letters keep to the screen (their tables scroll inside the sheet).
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { timeout: 30_000 }).toBeLessThanOrEqual(0);
    await screenshot(page, "fee-depth-10-dunning-batch-print-phone");
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
}, 240_000);
