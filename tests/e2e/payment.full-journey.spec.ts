// The whole fee cycle in a real browser against the real server, as a property office worker does it
// (issue "Property payment"): on the payment settings page a pricing type (building area × unit
// price, monthly) and a payment item for one building; bills of that building for two months not
// used by the demo data, through the bill generation page, each run watched until its background
// task is done; batch approval; at the cashier a room of that building from the building → unit →
// room picker, its two bills paid in cash with change; the numbered receipt; and the payment
// report, whose collected amount for those months grows by exactly what was paid.
import { expect, test } from "vitest";
import type { Locator, Page } from "playwright-core";
import dayjs from "dayjs";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { openAfresh } from "./support/payment.ts";
import { formItem } from "./support/forms.ts";

// Signed in as admin; these machines are shared and at times slow: patient waits.
const journey = useJourney({ timeout: 60_000 });

const XHR = { "X-Requested-With": "XMLHttpRequest" };
/** The headers of a call as the app sends them: the marker and the session's signature (the page's request context sends the cookie). */
const headersOf = async (page: Page) => ({ ...XHR, signature: (await page.evaluate(() => sessionStorage.getItem("signature"))) ?? "" });
const PRICE_TYPE = "按面积计费";
const ITEM = "电梯运行维护费";
const UNIT_PRICE_FEN = 315; // 3.15 元 per ㎡ and month
// Two months ahead: the demo data bills the last three months (and the current quarter) only.
const PERIODS = [dayjs().add(2, "month").format("YYYY-MM"), dayjs().add(3, "month").format("YYYY-MM")];

/** "1,234.56" → 123456 fen. */
function fenOf(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.replace(/[,\s¥]/g, ""));
  if (!m) throw new Error(`not an amount: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number((m[3] ?? "").padEnd(2, "0")));
}
const yuan = (fen: number) => `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;

const open = (page: Page, path: string) => openAfresh(journey, page, path);

/**
 * Chooses an option of the Select of a form item, typing `search` first when given, and waits until
 * its list has gone (a list still fading out takes the clicks meant for what is under it). A
 * multiple Select stays open: Escape closes it, or in a dialog (where Escape closes the dialog) a
 * click on the dialog's title.
 */
async function choose(scope: Locator, label: string, option: string, search?: string) {
  const page = scope.page();
  const item = formItem(scope, label);
  await item.locator(".ant-select").click();
  if (search) await item.locator(".ant-select input").fill(search);
  const lists = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");
  await lists.locator(`.ant-select-item-option[title="${option}"]`).click();
  if (await item.locator(".ant-select-multiple").count()) {
    if (await scope.locator(".ant-modal-title").count()) await scope.locator(".ant-modal-title").click();
    else await page.keyboard.press("Escape");
  }
  await expect.poll(() => lists.count(), { timeout: 30_000 }).toBe(0);
}

/** Picks a month in the open month panel (single or range), paging by year; waits for a single picker to close. */
async function pickMonth(page: Page, month: string, closes = true) {
  const panel = page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)");
  await panel.waitFor();
  const cell = panel.locator(`td[title="${month}"]`);
  for (let i = 0; i < 6 && !(await cell.isVisible()); i++) {
    const shown = Number((await panel.locator(".ant-picker-year-btn").first().innerText()).slice(0, 4));
    const forward = Number(month.slice(0, 4)) > shown;
    // A range picker shows two years side by side, with "next" on the right one and "previous" on the left one.
    await panel
      .locator(forward ? ".ant-picker-header-super-next-btn:visible" : ".ant-picker-header-super-prev-btn:visible")
      .first()
      .click();
  }
  await cell.click();
  if (closes) await panel.waitFor({ state: "hidden" });
}

interface ReportFigures {
  collected: number;
  due: number;
  /** Per month: collected (fen) and settled households. */
  months: Map<string, { collected: number; paidHouseholds: number }>;
}

/** The payment report of the current community for the two months, as the page shows it. */
async function readReport(page: Page, name: string): Promise<ReportFigures> {
  await open(page, "/propertyPayment/paymentReport");
  await page.locator(".date-field").first().click(); // the range field (antd's picker loads on first use)
  await pickMonth(page, PERIODS[0], false);
  await pickMonth(page, PERIODS[1]);
  const rows = page.locator(".ant-table-row");
  for (const p of PERIODS) await rows.filter({ hasText: p }).waitFor();
  const stat = async (title: string) => fenOf(await page.locator(".ant-statistic").filter({ hasText: title }).locator(".ant-statistic-content").innerText());
  const months = new Map<string, { collected: number; paidHouseholds: number }>();
  for (const p of PERIODS) {
    // 社区, 账期, 应收, 账单收款, 账单退款, 减免, 欠费, 收缴率, 计费户数, 缴清户数, 户收缴率, 当月实收, …
    const cells = await rows.filter({ hasText: p }).locator("td").allInnerTexts();
    expect(cells[1]).toBe(p);
    months.set(p, { collected: fenOf(cells[3]), paidHouseholds: Number(cells[9]) });
  }
  const figures = { collected: await stat("账单收款(元)"), due: await stat("应收金额(元)"), months };
  await screenshot(page, name);
  return figures;
}

test("an office worker sets up a fee, bills a building, approves, takes cash at the cashier and sees the report move", async () => {
  const { page, product } = journey;
  const api = async <T>(method: "get" | "post", path: string, data?: Record<string, unknown>): Promise<T> => {
    const headers = await headersOf(page);
    const res = method === "get" ? await page.request.get(`${product.baseUrl}${path}`, { headers }) : await page.request.post(`${product.baseUrl}${path}`, { headers, data });
    const body = await res.json();
    expect(body.code, `${path}: ${body.message}`).toBe(0);
    return body.data as T;
  };

  // A community that takes cash, opens the receipt right after a payment and keeps amounts to the fen;
  // its first building with rooms, and that building's first room.
  interface Settings {
    payMethods: number[];
    autoPrintReceipt: boolean;
    roundingMode: number;
    receiptPrefix: string | null;
  }
  const communities = await api<{ communityId: number; communityName: string }[]>("get", "/api/system/communities?areaId=1");
  let community: { communityId: number; communityName: string; settings: Settings } | undefined;
  for (const c of communities) {
    const settings = await api<Settings>("get", `/api/property/paymentSettings/actions/get?communityId=${c.communityId}`);
    if (settings.payMethods.includes(5) && settings.autoPrintReceipt && settings.roundingMode === 1) {
      community = { ...c, settings };
      break;
    }
  }
  expect(community, "a demo community that takes cash and prints at once").toBeTruthy();
  const { communityId } = community!;
  const buildings = await api<{ id: number; name: string }[]>("post", "/api/system/buildings/actions/listByCommunityId", { communityId });
  // Rooms whose prepayment account pays approved bills at once (demo data) would leave the approval
  // step with fewer approved bills than rooms: the journey takes a building without them.
  const accounts = await api<{ list: { roomId: number; autoDeduct: boolean }[] }>("post", "/api/property/prepayAccounts/actions/pageList", { pageNo: 1, pageSize: 500 });
  const autoDeductRooms = new Set(accounts.list.filter((a) => a.autoDeduct).map((a) => Number(a.roomId)));
  let building: { name: string; roomCount: number; unit: string; room: string } | undefined;
  for (const b of buildings) {
    const units = await api<{ id: number; name: string }[]>("post", "/api/system/units/actions/listByBuildingId", { buildingId: b.id });
    let roomCount = 0;
    let deducting = false;
    let first: { unit: string; room: string } | undefined;
    for (const u of units) {
      const rooms = await api<{ id: number; roomNo: string }[]>("post", "/api/system/rooms/actions/listByUnitId", { unitId: u.id });
      roomCount += rooms.length;
      deducting ||= rooms.some((r) => autoDeductRooms.has(Number(r.id)));
      if (!first && rooms.length) first = { unit: u.name, room: rooms[0].roomNo };
    }
    if (first && !deducting) {
      building = { name: b.name, roomCount, ...first };
      break;
    }
  }
  expect(building, "a building with rooms").toBeTruthy();
  const { name: buildingName, roomCount } = building!;
  await page.evaluate((c) => localStorage.setItem("Hbl_current_community", JSON.stringify(c)), { communityId, communityName: community!.communityName });

  // 1. Payment settings: the pricing type (tab second), then the item for that building and every 房屋状态 (tab first).
  await open(page, "/propertyPayment/paymentParamConfig?tab=second");
  await page.getByRole("button", { name: /新增计价类型/ }).click();
  const typeDialog = page.locator(".ant-modal").filter({ hasText: "新增计价类型" });
  await typeDialog.locator("#name").fill(PRICE_TYPE);
  // Metered pricing shows its meter unit and multiplier; area pricing uses a unit price and no meter
  // fields: the dialog shows none of them.
  await choose(typeDialog, "计价方式", "抄表用量×单价");
  await typeDialog.locator("#meterUnit").waitFor();
  await typeDialog.locator("#meterMultiplier").waitFor();
  await choose(typeDialog, "计价方式", "建筑面积×单价");
  await typeDialog.locator("#unitPrice").fill(yuan(UNIT_PRICE_FEN));
  expect(await typeDialog.locator("#meterUnit, #meterMultiplier").count()).toBe(0);
  await choose(typeDialog, "计费周期", "按月");
  await typeDialog.locator("#remark").fill("按建筑面积每月每平方米3.15元");
  await typeDialog.getByRole("button", { name: /保\s*存/ }).click();
  await typeDialog.waitFor({ state: "hidden" });
  const typeRow = page.getByRole("row").filter({ hasText: PRICE_TYPE });
  await typeRow.waitFor();
  expect(await typeRow.locator("td").allInnerTexts()).toEqual(expect.arrayContaining(["建筑面积×单价", "3.15", "按月"]));

  await page.getByRole("tab", { name: "缴费项目" }).click();
  await page.getByRole("button", { name: /新增缴费项目/ }).click();
  const itemDialog = page.locator(".ant-modal").filter({ hasText: "新增缴费项目" });
  await itemDialog.locator("#name").fill(ITEM);
  await choose(itemDialog, "计价类型", PRICE_TYPE, PRICE_TYPE);
  await choose(itemDialog, "缴费类型", "物业费");
  // The dialog may still re-render from the choices above and undo a first click: check until checked.
  for (const status of ["自住", "出租", "空置", "装修", "未交付"]) {
    const box = itemDialog.getByRole("checkbox", { name: status });
    for (let attempt = 1; !(await box.isChecked()); attempt++)
      await box.check().catch((e: unknown) => {
        if (attempt >= 5) throw e;
      });
  }
  await choose(itemDialog, "适用楼栋", buildingName);
  await screenshot(page, "payment-journey-1-item");
  await itemDialog.getByRole("button", { name: /保\s*存/ }).click();
  await itemDialog.waitFor({ state: "hidden" });
  const itemRow = page.getByRole("row").filter({ hasText: ITEM });
  await itemRow.waitFor();
  expect(await itemRow.locator("td").allInnerTexts()).toEqual(expect.arrayContaining([PRICE_TYPE, "物业费"]));

  // 2. Bill generation for the building, one run per month, each watched until its task is done.
  await open(page, "/propertyPayment/billgeneration");
  const generate = page.locator("form").filter({ has: page.getByRole("button", { name: /生成账单/ }) });
  for (const [i, period] of PERIODS.entries()) {
    await generate.locator("#period").click();
    await pickMonth(page, period);
    if (i === 0) {
      await choose(generate, "缴费项目", `${ITEM}（${PRICE_TYPE} 建筑面积×单价）`);
      await generate.getByRole("radio", { name: "指定楼栋" }).check();
      await choose(generate, "楼栋", buildingName);
    }
    expect(await generate.locator("#period").inputValue()).toBe(period);
    await generate.getByRole("button", { name: /生成账单/ }).click();
    const task = page.locator(".ant-space-vertical").filter({ has: page.getByText(`账单生成 ${period} ${ITEM}`, { exact: true }) });
    await task.getByText("已完成", { exact: true }).waitFor({ timeout: 90_000 });
    await task.getByText(`已生成${roomCount}张账单，已存在0张，数据不全跳过0户`).waitFor();
    await task.getByText(`${roomCount} / ${roomCount} 户`).waitFor();
    await screenshot(page, `payment-journey-2-generated-${i + 1}`);
  }

  // 3. Approval: the drafts of the item, month by month, all selected and approved at once; then
  // the month's approved bills are all there.
  await open(page, "/propertyPayment/billapproval");
  const query = page.getByRole("button", { name: /查\s*询/ });
  const filters = page.locator("form").filter({ has: query });
  for (const period of PERIODS) {
    await choose(filters, "状态", "草稿");
    await filters.locator("#period").click();
    await pickMonth(page, period);
    await choose(filters, "缴费项目", ITEM);
    await query.click();
    await page.getByText(`共 ${roomCount} 张`).waitFor();
    await page.locator(".ant-table-thead .ant-checkbox-input").check();
    await page.getByText(`已选择 ${roomCount} 张`).waitFor();
    await screenshot(page, "payment-journey-3-approval");
    await page.getByRole("button", { name: /批量通过/ }).click();
    // The confirmation with the server's preview; 确定 approves.
    const confirm = page.locator(".ant-modal-confirm").filter({ hasText: `将审核通过 ${roomCount} 张账单` });
    await confirm.getByRole("button", { name: /确\s*定/ }).click();
    await page.locator(".ant-table-placeholder").waitFor(); // no drafts of that month left
    await choose(filters, "状态", "已审核");
    await query.click();
    await page.getByText(`共 ${roomCount} 张`).waitFor();
  }

  // The report before any money came in for these months.
  const before = await readReport(page, "payment-journey-4-report-before");

  // 4. The cashier: the room from the building → unit → room picker, its two bills of the item, cash.
  await open(page, "/propertyPayment/cashier");
  await page.getByRole("combobox", { name: "选择房屋" }).click();
  const cascader = page.locator(".ant-cascader-dropdown:not(.ant-select-dropdown-hidden)");
  for (const level of [buildingName, building!.unit, building!.room]) await cascader.locator(`.ant-cascader-menu-item[title="${level}"]`).click();
  await page.getByText("合计（").waitFor();
  await page.getByText(`${buildingName}-${building!.unit}-${building!.room}`, { exact: true }).waitFor();
  // Each bill is the billed area × 3.15, rounded once to the fen (half up): the 计费面积 when the
  // house has one (shown after the 建筑面积), else the 建筑面积.
  const area = (
    await page
      .getByText(/^\d+(\.\d+)? ㎡$/)
      .last()
      .innerText()
  ).replace(" ㎡", "");
  const billFen = Math.floor((fenOf(area) * UNIT_PRICE_FEN + 50) / 100);
  const totalFen = 2 * billFen;
  await page.locator(".ant-table-thead .ant-checkbox-input").uncheck(); // only this item's bills
  const mine = page.locator(".ant-table-row").filter({ hasText: ITEM });
  await expect.poll(() => mine.count()).toBe(2);
  for (const [i, row] of (await mine.all()).entries()) {
    const cells = await row.locator("td").allInnerTexts();
    expect(cells).toEqual(expect.arrayContaining([ITEM, PERIODS[i], yuan(billFen), "已审核"]));
    await row.locator(".ant-checkbox-input").check();
  }
  await page.getByText("已选 2 张账单").waitFor();
  await page.getByRole("button", { name: `收款 ¥${yuan(totalFen)}` }).click();
  const dialog = page.locator(".ant-modal").filter({ hasText: "确认收款" });
  await dialog.getByRole("radio", { name: "现金" }).check();
  expect(await dialog.locator("#payAmount").inputValue()).toBe(yuan(totalFen));
  const receivedFen = (Math.floor(totalFen / 10000) + 1) * 10000; // the next hundred yuan note
  const changeFen = receivedFen - totalFen;
  await dialog.locator("#receivedAmount").fill(yuan(receivedFen));
  await dialog.getByText(`找零：¥${yuan(changeFen)}`).waitFor();
  await dialog.locator("#payerName").fill("张三");
  await screenshot(page, "payment-journey-5-cash");
  await dialog.getByRole("button", { name: /确认收款/ }).click();

  // 5. The print-friendly receipt, opened right after the payment: number, lines, amount, change.
  await page.waitForURL(/#\/propertyPayment\/receipt\/\d+/);
  const receipt = page.locator(".neptune-receipt");
  const prefix = community!.settings.receiptPrefix || "SJ";
  await receipt.getByText(new RegExp(`^票据号：${prefix}\\d{10}$`)).waitFor();
  await receipt.getByText(`¥${yuan(totalFen)}`, { exact: true }).waitFor();
  await receipt.getByText(/^合计（大写）：.+/).waitFor();
  await receipt.getByText(`实收 ¥${yuan(receivedFen)}，找零 ¥${yuan(changeFen)}`).waitFor();
  await receipt.getByText("支付方式：现金").waitFor();
  await receipt.getByText("缴费人：张三").waitFor();
  for (const period of PERIODS)
    await receipt
      .locator(".ant-table-row")
      .filter({ hasText: period })
      .filter({ hasText: ITEM })
      .filter({ hasText: yuan(billFen) })
      .waitFor();
  await receipt.getByRole("button", { name: /打\s*印/ }).waitFor();
  await screenshot(page, "payment-journey-6-receipt");

  // 6. The report: collected for these months grew by exactly what was paid, one bill a month, and the
  // room now counts as settled in both; nothing became due meanwhile.
  const after = await readReport(page, "payment-journey-7-report-after");
  expect(after.collected - before.collected).toBe(totalFen);
  expect(after.due).toBe(before.due);
  for (const period of PERIODS) {
    expect(after.months.get(period)!.collected - before.months.get(period)!.collected).toBe(billFen);
    expect(after.months.get(period)!.paidHouseholds - before.months.get(period)!.paidHouseholds).toBe(1);
  }
  await page.close();
}, 240_000);
