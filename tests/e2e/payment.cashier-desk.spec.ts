// The cashier desk in a real browser against the real server: a room is picked and shows its owner
// with the phone masked; the owner's second room of the community is added and the bills of both are
// paid in one payment — one receipt, 收款人 by name, 打印票据 offered; then 3 months of a monthly item
// are prepaid (the bills the server priced, one receipt); then a receipt is reprinted from the desk's
// list of recent receipts; and at 390 px the desk does not scroll sideways.
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import dayjs from "dayjs";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { billRooms, chooseFirstCommunity, hideGuidePanels, sidewaysOverflow } from "./support/payment.ts";

const journey = useJourney({ timeout: 60_000 });

async function openDesk(page: Page, room: string) {
  await page.goto(journey.url("/propertyPayment/cashier"), { waitUntil: "domcontentloaded" });
  await page.reload({ waitUntil: "domcontentloaded" });
  const search = page.getByRole("combobox", { name: "搜索房屋" });
  await search.waitFor();
  await hideGuidePanels(page);
  await search.fill(room.split("-").pop()!);
  await page.locator(".ant-select-dropdown").getByText(room, { exact: true }).first().click();
  await page.getByText("最近票据").waitFor();
}

test("one owner's two rooms paid with one receipt, 3 months prepaid, a receipt reprinted from the desk", async () => {
  const { page } = journey;
  // A building of the first demo community with two rooms of one owner (周合并), a monthly fixed item
  // of 120.00 billed and approved for both two months ahead, and the receipt not printed at once.
  const { communityId } = await chooseFirstCommunity(journey);
  const buildingId = (await journey.api<{ id: number }>("post", "/api/system/buildings", { communityId, name: "合并楼" })).id;
  const unitId = (await journey.api<{ id: number }>("post", "/api/system/units", { communityId, buildingId, name: "1单元" })).id;
  const rooms: number[] = [];
  for (const roomNo of ["101", "102"]) {
    const id = (
      await journey.api<{ id: number }>("post", "/api/system/rooms", { communityId, buildingId, unitId, roomNo, buildingArea: "90.00", houseType: 1, occupancyStatus: 1, status: 1, maxResidents: 6 })
    ).id;
    await journey.api("post", "/api/system/inhabitants", { communityId, roomId: id, name: "周合并", phone: "13912345678", identity: 1 });
    rooms.push(id);
  }
  const period = dayjs().add(2, "month").format("YYYY-MM");
  const itemId = await billRooms(journey, {
    communityId,
    priceTypeName: "合并收款固定",
    itemName: "合并收款服务费",
    unitPrice: "120.00",
    period,
    roomIds: rooms,
    item: { paymentType: 2, occupancyStatuses: undefined },
  });
  const drafts = await journey.api<{ list: { id: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, status: [1], pageNo: 1, pageSize: 10 });
  expect(drafts.list).toHaveLength(2);
  await journey.api("post", "/api/property/bills/actions/approve", { ids: drafts.list.map((b) => b.id) });
  await journey.api("post", "/api/property/paymentSettings/actions/save", { communityId, section: "other", allowPartialPayment: true, waiverAutoApproveLimit: "10.00", autoPrintReceipt: false });

  // The room, its owner with the phone masked, and the owner's other room.
  await openDesk(page, "合并楼-1单元-101");
  const facts = page.locator(".ant-descriptions");
  await facts.getByText("周合并", { exact: true }).waitFor();
  await facts.getByText("139****5678", { exact: true }).waitFor();
  await page.getByText("该业主在本社区还有 1 套房屋待缴费").waitFor();
  await page.getByRole("button", { name: "加入 合并楼-1单元-102" }).click();
  const table = page.locator(".ant-table").first();
  await table.getByText("合并楼-1单元-102", { exact: true }).waitFor();
  await page.getByRole("button", { name: "收款 ¥240.00" }).waitFor();
  // The summary's totals stand under their columns: the bold 未缴 total under 未缴(元).
  const underHeading = await table.evaluate((el) => {
    const heading = [...el.querySelectorAll("thead th")].find((th) => th.textContent === "未缴(元)")!.getBoundingClientRect();
    const total = el.querySelector(".ant-table-summary strong")!.closest("td")!.getBoundingClientRect();
    return Math.abs(heading.left - total.left) < 1 && Math.abs(heading.right - total.right) < 1;
  });
  expect(underHeading).toBe(true);
  await screenshot(page, "cashier-desk-two-rooms");

  // Both rooms paid in one payment: one receipt, 收款人 by name, 打印票据 offered.
  await page.getByRole("button", { name: "收款 ¥240.00" }).click();
  const payDialog = page.locator(".ant-modal").filter({ hasText: "确认收款" });
  await payDialog.getByText("¥240.00").waitFor();
  await payDialog.getByRole("button", { name: /确认收款/ }).click();
  await page.getByText("收款成功 ¥240.00").waitFor();
  const paidText = (await page.locator(".ant-result-subtitle").textContent()) ?? "";
  expect(paidText).toContain("收款人 张明");
  const firstReceipt = /票据号 (\S+?)，/.exec(paidText)![1];
  await page.getByRole("button", { name: "打印票据" }).waitFor();
  const paid = await journey.api<{ list: { roomId: number; status: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 10 });
  expect(paid.list.map((b) => b.status)).toEqual([4, 4]);
  await page.getByRole("button", { name: "继续收款" }).click();

  // 3 months of the item prepaid: the months after the billed one, 120.00 each, one receipt.
  await page.getByText("最近票据").waitFor();
  await expect.poll(() => page.getByText("该业主在本社区还有").count()).toBe(0);
  await page.getByRole("button", { name: /^预\s*缴$/ }).click();
  const prepay = page.locator(".ant-modal").filter({ hasText: "预缴项目" });
  await prepay.locator(".ant-form-item").filter({ hasText: "预缴项目" }).locator(".ant-select").click();
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="合并收款服务费"]`).click();
  await prepay.getByRole("spinbutton", { name: "预缴月数" }).fill("3");
  const months = [1, 2, 3].map((n) => dayjs(`${period}-01`).add(n, "month").format("YYYY-MM"));
  for (const m of months) await prepay.getByRole("cell", { name: m, exact: true }).waitFor();
  await prepay.getByText("¥360.00").waitFor();
  await screenshot(page, "cashier-desk-prepay");
  await prepay.getByRole("button", { name: /确认收款/ }).click();
  await page.getByText("收款成功 ¥360.00").waitFor();
  const prepaid = await journey.api<{ list: { period: string; status: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, roomId: rooms[0], pageNo: 1, pageSize: 10 });
  expect(prepaid.list.map((b) => [b.period, b.status]).sort()).toEqual([period, ...months].map((p) => [p, 4]));
  await page.getByRole("button", { name: "继续收款" }).click();

  // The desk lists both receipts; 打印票据 on the first opens its print page.
  const recent = page.locator(".ant-card").filter({ hasText: "最近票据" });
  await recent.getByText(firstReceipt, { exact: true }).waitFor();
  await expect.poll(() => recent.locator("tbody tr.ant-table-row").count()).toBe(2);
  await recent.getByRole("cell", { name: "张明" }).first().waitFor();
  await recent.getByRole("button", { name: `打印票据 ${firstReceipt}` }).click();
  await page.waitForURL(/#\/propertyPayment\/receipt\/\d+/);
  await page.getByText(`票据号：${firstReceipt}`).waitFor();
  await page.getByText(/合计（大写）：.+/).waitFor();
  // The one receipt of both rooms names both, and each line its room.
  await page.getByText(/^房屋：.+ 合并楼-1单元-101、合并楼-1单元-102$/).waitFor();
  for (const room of ["合并楼-1单元-101", "合并楼-1单元-102"]) await page.locator(".neptune-receipt .ant-table-row").filter({ hasText: room }).first().waitFor();

  // At 390 px the desk with its room fits the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await openDesk(page, "合并楼-1单元-101");
  await page.locator(".ant-descriptions").getByText("139****5678", { exact: true }).waitFor();
  await expect.poll(() => page.locator(".ant-card").filter({ hasText: "最近票据" }).locator("tbody tr.ant-table-row").count()).toBe(2);
  await expect.poll(() => sidewaysOverflow(page), { timeout: 30_000 }).toBe(0);
  // The room picker's fields keep inside the desk card's content (its padding included on neither side).
  const inside = await page.evaluate(() => {
    const body = document.querySelector(".ant-card-body")!;
    const right = body.getBoundingClientRect().right - parseFloat(getComputedStyle(body).paddingRight);
    return [...document.querySelectorAll('[aria-label="选择房屋"], [aria-label="搜索房屋"]')].map((el) => el.closest(".ant-select")!.getBoundingClientRect().right <= right + 0.5);
  });
  expect(inside.length).toBeGreaterThanOrEqual(2);
  expect(inside.every(Boolean)).toBe(true);
  await screenshot(page, "cashier-desk-390");
  expect(journey.pageErrors).toEqual([]);
}, 300_000);
