// 访客 in the residents' app (/neptune/h5/visitors, docs/residents.md "Visitors, accounts and notices")
// on a 390 × 844 phone (emulated), against the real server: a demo inhabitant signs in by SMS code,
// invites a visitor to its bound room, sees the pass with its 8-digit code, the code's QR (the QR
// library loaded only then) and the validity, finds it in its list of passes (有效), and staff find
// it in 访客管理 by the code; then staff open 住户账号 (desktop) and see the account with its masked
// phone and bound room. No page error, no sideways scrolling, no serious or critical accessibility
// violation.
import { expect, test } from "vitest";
import { screenshot } from "./support/browser.ts";
import { useJourney, VIEWPORT } from "./support/journey.ts";
import { expectSound } from "./support/phone-page.ts";

const journey = useJourney({ device: "iPhone 13", timeout: 60_000 });

// The owner of the first room of the demo tenant's first community (src/server/seed/inhabitants.ts, n = 1).
const PHONE = "13100007919";

test("a resident invites a visitor: the pass with its code, QR and validity, in its list; staff find it by the code and see the account in 住户账号", async () => {
  const base = journey.product.baseUrl;
  const { tenantId } = await journey.api<{ tenantId: number }>("get", "/api/system/homepage/user");
  const phone = PHONE;
  const page = await journey.openPage(null);
  page.setDefaultTimeout(60_000);
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err?.stack ?? err)));
  const qrRequests: string[] = [];
  page.on("request", (r) => {
    if (/qrcode|browser-[\w-]+\.js/i.test(r.url())) qrRequests.push(r.url());
  });

  // 登录 with the code from the outbox.
  await page.goto(`${base}/neptune/h5/?tenant=${tenantId}`);
  await page.getByRole("textbox", { name: "手机号" }).fill(phone);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await page.getByRole("button", { name: /\d+秒后重发/ }).waitFor();
  let code = "";
  await expect
    .poll(
      async () => {
        const { list } = await journey.api<{ list: { content: string }[] }>("get", `/api/system/smsOutbox/actions/latest?phone=${phone}`);
        code = list[0]?.content.match(/\d{6}/)?.[0] ?? "";
        return code;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\d{6}$/);
  await page.getByRole("textbox", { name: "验证码" }).fill(code);
  await page.getByRole("button", { name: "登录" }).click();
  await page.getByText("已绑定的房屋").waitFor();
  const rooms = (await (await page.request.get(`${base}/api/h5/rooms`)).json()) as { data: { list: { roomId: number; roomName: string; communityName: string }[] } };
  const room = rooms.data.list[0];
  expect(room, "a room bound by match").toBeTruthy();

  // 我的 → 访客邀请: no pass yet.
  await page.getByText("我的", { exact: true }).last().click();
  await page.getByText("访客邀请").click();
  await page.getByText("还没有邀请过访客").waitFor();
  await expectSound(page, "访客");
  expect(qrRequests, "the QR library is not loaded before a pass is shown").toEqual([]);

  // 邀请访客: name, phone, tomorrow.
  await page.getByRole("button", { name: "邀请访客" }).click();
  await page.getByRole("textbox", { name: "访客姓名" }).fill("刘来访");
  await page.getByRole("textbox", { name: "访客手机" }).fill("13900002222");
  await page.getByText(/^明天/).click();
  await expectSound(page, "邀请访客");
  await screenshot(page, "h5-visitor-invite");
  await page.getByRole("button", { name: "生成通行证" }).click();

  // The pass: its code, QR and validity.
  await page.getByRole("heading", { name: "访客通行证" }).waitFor();
  const passCode = (await page.getByLabel("通行码", { exact: true }).textContent())?.trim() ?? "";
  expect(passCode).toMatch(/^\d{8}$/);
  const qr = page.getByRole("img", { name: `通行码 ${passCode} 的二维码` });
  await qr.waitFor();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
  await page.getByText("有效期").waitFor();
  await page.getByText(`${room.communityName} ${room.roomName}`).waitFor();
  await expectSound(page, "访客通行证");
  await screenshot(page, "h5-visitor-pass");

  // The list: the pass, 有效.
  await page.getByRole("button", { name: "‹ 返回访客列表" }).click();
  await page.getByText("我的访客通行证").waitFor();
  await page.getByText(new RegExp(`通行码 ${passCode}`)).waitFor();
  await page.getByText("有效", { exact: true }).first().waitFor();
  await expectSound(page, "访客列表");

  // Staff find it in 访客管理 by the code.
  const { list: found } = await journey.api<{ list: { passCode: string; source: number; status: number }[] }>("post", "/api/visitor/visitors/actions/pageList", {
    pageNo: 1,
    pageSize: 10,
    keyword: passCode,
  });
  expect(found).toMatchObject([{ passCode, source: 2, status: 1 }]);

  // Staff (desktop): 住户账号 lists the account, its phone masked, its bound room.
  const staff = await journey.openPage("admin", { viewport: VIEWPORT, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
  staff.setDefaultTimeout(60_000);
  await staff.goto(journey.url("/property/residentAccounts"));
  const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
  await staff.getByRole("cell", { name: masked }).first().waitFor();
  await staff.getByText(room.roomName, { exact: false }).first().waitFor();
  await expectSound(staff, "住户账号");
  await screenshot(staff, "staff-resident-accounts");

  expect(errors).toEqual([]);
});
