// Approving a whole generation batch in a real browser against the real server: a batch of three
// bills, one of them rejected with a reason on its own; 账单审核 opened on the batch (?batchId=) shows
// 整批通过, whose confirmation counts the three bills and their amount; after it, a bill's 记录 shows
// its own decision (驳回 with the reason) and the batch's one decision (整批审核, the batch number the
// page shows too, 共 3 张).
import { expect, test } from "vitest";
import dayjs from "dayjs";
import { screenshot } from "./support/browser.ts";
import { chooseOption } from "./support/forms.ts";
import { useJourney } from "./support/journey.ts";
import { billRooms, openAfresh, chooseFirstCommunity } from "./support/payment.ts";

const journey = useJourney({ timeout: 60_000 });

test("a whole batch approved as one decision, shown with a bill's own decisions", async () => {
  const { page } = journey;
  const c = await chooseFirstCommunity(journey);
  const rooms = (await journey.api<{ list: { id: number }[] }>("post", "/api/system/rooms/actions/pageListSimpleRooms", { communityId: c.communityId, keyword: "", pageNo: 1, pageSize: 3 })).list;
  const stamp = Date.now() % 100000;
  const itemId = await billRooms(journey, {
    communityId: c.communityId,
    priceTypeName: `整批计价${stamp}`,
    itemName: `整批服务费${stamp}`,
    unitPrice: "80.00",
    period: dayjs().add(10, "month").format("YYYY-MM"),
    roomIds: rooms.map((r) => r.id),
  });
  const bills = (await journey.api<{ list: { id: number; billNo: string; batchId: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 10 })).list;
  expect(bills).toHaveLength(3);
  const batchId = bills[0].batchId;
  const rejected = bills[0];
  await journey.api("post", "/api/property/bills/actions/reject", { ids: [rejected.id], reason: "面积待核实" });

  // 账单审核 on the batch: 整批通过 and its confirmation with the three bills (the rejected one too).
  await openAfresh(journey, page, `/propertyPayment/billapproval?batchId=${batchId}`);
  await page.getByRole("button", { name: "整批通过" }).click();
  const confirm = page.locator(".ant-modal-confirm").filter({ hasText: "将审核通过 3 张账单，应收合计 240.00 元。" });
  await confirm.getByText("没有账单从预存款余额自动抵扣。").waitFor();
  await confirm.getByRole("button", { name: /确\s*定/ }).click();
  await confirm.waitFor({ state: "hidden" });
  await expect
    .poll(async () => (await journey.api<{ list: { status: number }[] }>("post", "/api/property/bills/actions/query", { batchId, pageNo: 1, pageSize: 10 })).list.map((b) => b.status))
    .toEqual([2, 2, 2]);

  // The rejected bill's 记录: its own 驳回 with the reason, and the batch's one decision.
  const filters = page.locator("form").filter({ has: page.getByRole("button", { name: /查\s*询/ }) });
  await chooseOption(filters, "状态", "已审核");
  await page.getByRole("button", { name: /查\s*询/ }).click();
  const row = page.locator(".ant-table-row").filter({ hasText: rejected.billNo });
  await row.getByRole("button", { name: "记录" }).click();
  const popover = page.locator(".ant-popover:not(.ant-popover-hidden)").filter({ hasText: "审核记录" });
  const remark = popover.getByText(/^整批审核：批次 \S+，共 3 张$/);
  await remark.waitFor();
  // The page names the batch by the same number.
  const batchNo = /批次 (\S+)，/.exec(await remark.innerText())![1];
  expect(batchNo).toMatch(/^G\d+$/);
  await page
    .locator(".ant-typography")
    .filter({ hasText: `批次 ${batchNo}` })
    .waitFor();
  await popover.getByText("面积待核实").waitFor();
  // Newest first: the batch's approval, then the rejection.
  expect(await popover.locator(".ant-table-row td:first-child").allInnerTexts()).toEqual(["已审核", "已驳回"]);
  await screenshot(page, "batch-approval-decisions");
  expect(journey.pageErrors).toEqual([]);
}, 240_000);
