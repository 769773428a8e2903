// The residents' app (/neptune/h5/, docs/residents.md) on a 390 × 844 phone (emulated), against the
// real server: a demo inhabitant signs in by phone and SMS code (the code read from the built-in
// provider's outbox through the staff API, as admin), sees its bound room, that room's bills with
// the total owed (a bill made and approved by staff for the test), the notices of its community and
// one of them; another room asked for through the picker (申请绑定其他房屋), pending; a water meter's
// reading sent (自助抄表), pending; a room that is not its own is refused with the server's message. No page error, no
// sideways scrolling, no serious or critical accessibility violation, nothing against the CSP.
// Offline, the installed app still opens (its service worker keeps the shell).
import { expect, test } from "vitest";
import dayjs from "dayjs";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { expectSound } from "./support/phone-page.ts";
import { billRooms } from "./support/payment.ts";

const journey = useJourney({ device: "iPhone 13", timeout: 60_000 });

// The owner of the first room of the demo tenant's first community (src/server/seed/inhabitants.ts, n = 1).
const PHONE = "13100007919";

interface MyRooms {
  list: { roomId: number; roomName: string | null; communityId: number; communityName: string }[];
}

test("a resident signs in with an SMS code and sees its room, bills with the total owed and a notice; another room's bills are refused", async () => {
  const base = journey.product.baseUrl;
  const { tenantId } = await journey.api<{ tenantId: number }>("get", "/api/system/homepage/user");
  const page = await journey.openPage(null);
  page.setDefaultTimeout(60_000);
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err?.stack ?? err)));

  // The page and a deep link under it: the residents' app, under the web app's policy (nothing inline).
  for (const path of ["/neptune/h5/", "/neptune/h5/bills?room=1"]) {
    const answer = await fetch(`${base}${path}`);
    expect(answer.status, path).toBe(200);
    expect(await answer.text(), path).toContain("<title>云物业住户</title>");
    const policy = answer.headers.get("content-security-policy") ?? "";
    expect(policy, path).toContain("script-src 'self';");
    expect(policy, path).toMatch(/style-src 'self'(;|$)/);
  }

  // 登录: the tenant from the address; the code from the outbox (staff API, as admin).
  await page.goto(`${base}/neptune/h5/?tenant=${tenantId}`);
  await page.getByRole("heading", { name: "云物业住户" }).waitFor();
  await expectSound(page, "登录");
  await page.getByRole("textbox", { name: "手机号" }).fill(PHONE);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await page.getByRole("button", { name: /\d+秒后重发/ }).waitFor();
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

  // 我的房屋: the room bound by match.
  await page.getByText("已绑定的房屋").waitFor();
  const rooms = (await (await page.request.get(`${base}/api/h5/rooms`)).json()) as { data: MyRooms };
  const room = rooms.data.list[0];
  expect(room, "a room bound by match").toBeTruthy();
  await page.getByText(`${room.communityName} ${room.roomName}`).first().waitFor();
  await expectSound(page, "我的房屋");
  await screenshot(page, "h5-rooms");

  // 申请绑定其他房屋: the first community of the picker, a room found by its name, 提交申请 → 审核中.
  await page.getByRole("button", { name: "申请绑定其他房屋" }).click();
  await page.getByRole("textbox", { name: "姓名" }).fill("李住户");
  await page.getByRole("button", { name: "请选择小区" }).click();
  await page.getByRole("button", { name: "确定" }).click();
  const picked = (await (await page.request.get(`${base}/api/h5/binding/communities`)).json()) as { data: { list: { id: number; name: string }[] } };
  const community = picked.data.list[0];
  await page.getByRole("button", { name: community.name, exact: true }).waitFor();
  const candidates = (
    await journey.api<{ list: { id: number; fullName: string }[] }>("post", "/api/system/rooms/actions/pageList", { communityId: community.id, pageNo: 1, pageSize: 20 })
  ).list.filter((r) => !rooms.data.list.some((mine) => mine.roomId === r.id));
  const wanted = candidates[candidates.length - 1];
  await page.getByRole("textbox", { name: "查找房屋" }).fill(wanted.fullName);
  await page.getByText(wanted.fullName, { exact: true }).click();
  await page.getByText(`已选：${wanted.fullName}`).waitFor();
  await expectSound(page, "申请绑定房屋");
  await screenshot(page, "h5-binding");
  await page.getByRole("button", { name: "提交申请" }).click();
  await page.getByText("审核中").first().waitFor();
  await page.getByText(`${community.name} ${wanted.fullName}`).waitFor();

  // A bill for that room, approved by staff: it shows with the total owed.
  const stamp = Date.now() % 100000;
  const itemName = `住户端服务费${stamp}`;
  const itemId = await billRooms(journey, {
    communityId: room.communityId,
    priceTypeName: `住户端${stamp}`,
    itemName,
    unitPrice: "100.00",
    period: dayjs().add(10, "month").format("YYYY-MM"),
    roomIds: [room.roomId],
  });
  const bills = (await journey.api<{ list: { id: number }[] }>("post", "/api/property/bills/actions/query", { paymentItemId: itemId, pageNo: 1, pageSize: 10 })).list;
  await journey.api("post", "/api/property/bills/actions/approve", { ids: bills.map((b) => b.id) });
  const owed = (await (await page.request.get(`${base}/api/h5/rooms/${room.roomId}/bills`)).json()) as { data: { totalOwed: string } };

  await page.getByText(`${room.communityName} ${room.roomName}`).first().click();
  await page.getByText(itemName).waitFor();
  expect(Number(owed.data.totalOwed)).toBeGreaterThanOrEqual(100);
  expect(await page.getByTestId("total-owed").textContent()).toBe(`¥${owed.data.totalOwed}`);
  expect(page.url()).toContain(`/neptune/h5/bills?room=${room.roomId}`);
  await expectSound(page, "账单");
  await screenshot(page, "h5-bills");

  // 自助抄表: the window opened by staff, a water meter of the room; the month's reading sent → 待审核.
  await journey.api("post", "/api/property/paymentSettings/actions/save", { communityId: room.communityId, section: "other", residentReadingFromDay: 1 });
  const water = (await journey.api<{ list: { id: number; name: string }[] }>("post", "/api/property/meterTypes/actions/pageList", { name: "水", pageSize: 50 })).list.find((m) => m.name === "水")!;
  const meterNo = `H5W${stamp}`;
  await journey.api("post", "/api/property/meters", {
    communityId: room.communityId,
    meterNo,
    meterTypeId: water.id,
    scopeKind: 1,
    roomId: room.roomId,
    multiplier: "1",
    initialReading: "20",
    status: 1,
  });
  await page.getByRole("button", { name: "自助抄表" }).click();
  await page.getByText(`水 ${meterNo}`).waitFor();
  await page.getByRole("textbox", { name: "水表本月读数" }).fill("26.5");
  await page.getByRole("button", { name: "提交" }).click();
  await page.getByText("待审核").waitFor();
  await page.getByText("本月 26.50 吨").waitFor();
  await expectSound(page, "自助抄表");
  await screenshot(page, "h5-meters");
  await page.getByText("账单", { exact: true }).last().click();

  // 公告: the community's notices; one opened.
  await page.getByText("公告", { exact: true }).last().click();
  const notices = (await (await page.request.get(`${base}/api/h5/notices`)).json()) as { data: { list: { title: string; content: string }[] } };
  const notice = notices.data.list[0];
  expect(notice, "a published notice of the room's community").toBeTruthy();
  await page.getByText(notice.title).first().click();
  await page.getByText(notice.content).waitFor();
  await page.getByText("公告详情").waitFor();
  await expectSound(page, "公告详情");
  await screenshot(page, "h5-notice");

  // Another room's bills (a deep link): the server answers 404, the page shows its message.
  const other = (
    await journey.api<{ list: { id: number }[] }>("post", "/api/system/rooms/actions/pageListSimpleRooms", { communityId: room.communityId, keyword: "", pageNo: 1, pageSize: 50 })
  ).list.find((r) => !rooms.data.list.some((mine) => mine.roomId === r.id));
  expect(other, "a room of the community that is not the resident's").toBeTruthy();
  const refused = await page.request.get(`${base}/api/h5/rooms/${other!.id}/bills`);
  expect(refused.status()).toBe(404);
  const { message } = (await refused.json()) as { message: string };
  await page.goto(`${base}/neptune/h5/bills?room=${other!.id}`);
  await page.getByText(message).waitFor();
  await expectSound(page, "另一房屋的账单");

  // 我的 → 退出登录: back to 登录, and the session is gone.
  await page.getByText("我的", { exact: true }).last().click();
  await page.getByRole("button", { name: "退出登录" }).click();
  await page.getByRole("button", { name: "确定" }).click();
  await page.getByRole("heading", { name: "云物业住户" }).waitFor();
  expect((await page.request.get(`${base}/api/h5/rooms`)).status()).toBe(401);

  // Installed on the phone: the service worker keeps the shell. Offline, the app still opens at
  // 登录, and asking for a code says the network failed.
  expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope))).toBe(`${base}/neptune/h5/`);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.context().setOffline(true);
  await page.reload();
  await page.getByRole("heading", { name: "云物业住户" }).waitFor();
  await page.getByRole("textbox", { name: "手机号" }).fill(PHONE);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await page.getByText("网络异常，请稍后重试").waitFor();
  await page.context().setOffline(false);

  expect(errors).toEqual([]);
});
