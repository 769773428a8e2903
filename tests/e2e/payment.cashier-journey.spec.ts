// The cashier in a real browser against the real server (issue item 4): find a room with approved
// unpaid bills by search, see them with their totals, pay in cash — the §5 rule message for too
// little cash, the change — and land on the numbered, printable receipt.
import { expect, test } from "vitest";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { hideGuidePanels } from "./support/payment.ts";

const journey = useJourney(); // signed in as admin

test("a cashier takes a cash payment for a room and prints its receipt", async () => {
  const { page, product } = journey;
  // A room of the current community with an approved, unpaid bill.
  // The page's request context sends the session cookie; the signature header is the app's, from session storage.
  const signature = (await page.evaluate(() => sessionStorage.getItem("signature"))) ?? "";
  const found = await page.request.post(`${product.baseUrl}/api/property/bills/actions/query`, {
    headers: { "X-Requested-With": "XMLHttpRequest", signature },
    data: { status: [2], pageNo: 1, pageSize: 1 },
  });
  const bill = (await found.json()).data.list[0] as { roomLabel: string; communityId: number };
  expect(bill).toBeTruthy();
  await page.evaluate((id) => localStorage.setItem("Hbl_current_community", JSON.stringify({ communityId: id, communityName: "" })), bill.communityId);

  await page.goto(journey.url("/propertyPayment/cashier"));
  await page.reload();
  await page.getByRole("combobox", { name: "搜索房屋" }).waitFor();
  await hideGuidePanels(page);
  await page.getByRole("combobox", { name: "搜索房屋" }).fill(bill.roomLabel.split(" ").pop()!);
  await page.locator(".ant-select-dropdown").getByText(bill.roomLabel, { exact: true }).first().click();
  await page.getByText("合计（").waitFor();

  await page.getByRole("button", { name: /收款 ¥/ }).click();
  const dialog = page.locator(".ant-modal").filter({ hasText: "确认收款" });
  await dialog.locator("#receivedAmount").fill("0.01");
  await dialog.locator("#receivedAmount").blur();
  await dialog.getByText("实收金额不能小于缴费金额").waitFor();
  await dialog.locator("#receivedAmount").fill("abc");
  await dialog.getByText("请输入数字类型，仅保留两位小数").waitFor();
  await dialog.locator("#receivedAmount").fill("100000.00");
  await dialog.getByText(/找零：¥\d+\.\d\d/).waitFor();
  await dialog.getByRole("button", { name: /确认收款/ }).click();

  // The receipt: its number, the amount in words, the change; printable.
  await page.waitForURL(/#\/propertyPayment\/receipt\/\d+/);
  await page.getByText(/票据号：SJ\d{10}/).waitFor();
  await page.getByText(/合计（大写）：.+/).waitFor();
  await page.getByText(/实收 ¥100000\.00，找零 ¥\d+\.\d\d/).waitFor();
  await page.getByRole("button", { name: /打\s*印/ }).waitFor();
  await screenshot(page, "payment-receipt");
  await page.close();
}, 120_000);
