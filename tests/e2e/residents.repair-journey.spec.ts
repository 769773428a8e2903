// Repairs from the residents' app (docs/residents.md "Repairs from the app") on a 390 × 844 phone
// (emulated), against the real server: a demo inhabitant signs in, files a repair of its room with a
// photo (a photo over the size limit is refused on the page), sees it 待派单 with its photo; staff see
// it on 报事报修's detail page with the photo, assign, start and finish it (staff API); the resident
// sees 已完成 with the result and the timeline, rates it (stars and words) and it is 已评价. No page
// error, no sideways scrolling, no serious or critical accessibility violation.
import { expect, test } from "vitest";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";
import { expectSound } from "./support/phone-page.ts";

const journey = useJourney({ device: "iPhone 13", timeout: 60_000 });

// The owner of the first room of the demo tenant's first community (src/server/seed/inhabitants.ts, n = 1).
const PHONE = "13100007919";

test("a resident files a repair with a photo, staff handle it, the resident rates it", async () => {
  const base = journey.product.baseUrl;
  const { tenantId, userId } = await journey.api<{ tenantId: number; userId: number }>("get", "/api/system/homepage/user");
  const page = await journey.openPage(null);
  page.setDefaultTimeout(60_000);
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err?.stack ?? err)));

  // 登录 with the code from the outbox (staff API, as admin).
  await page.goto(`${base}/neptune/h5/?tenant=${tenantId}`);
  await page.getByRole("textbox", { name: "手机号" }).fill(PHONE);
  await page.getByRole("button", { name: "获取验证码" }).click();
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
  await page.getByText("已绑定的房屋").waitFor();

  // 报修: nothing filed yet; 我要报修.
  await page.getByText("报修", { exact: true }).last().click();
  await page.getByText("还没有报修记录").waitFor();
  await expectSound(page, "报修（空）");
  await page.getByRole("button", { name: "我要报修" }).click();
  await page.getByRole("textbox", { name: "报修内容" }).waitFor();
  await expectSound(page, "我要报修");

  // A photo over 5 MB is refused before it is sent; a real JPEG (drawn by the browser) is uploaded and previewed.
  const input = page.getByTestId("photo-input");
  await input.setInputFiles({ name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) });
  await page.getByText("照片不能超过 5 MB").waitFor();
  const jpeg = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 48;
    const g = canvas.getContext("2d")!;
    g.fillStyle = "#3a7";
    g.fillRect(0, 0, 64, 48);
    g.fillStyle = "#fff";
    g.fillRect(8, 8, 20, 20);
    return canvas.toDataURL("image/jpeg", 0.9).split(",")[1];
  });
  await input.setInputFiles({ name: "leak.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpeg, "base64") });
  await page.getByRole("img", { name: "照片1" }).waitFor();
  await page.getByRole("textbox", { name: "报修内容" }).fill("卫生间水管漏水，请尽快处理");
  await expectSound(page, "我要报修（已选照片）");
  await screenshot(page, "h5-repair-form");
  await page.getByRole("button", { name: "提交报修" }).click();

  // Its detail: 待派单 and the photo (served to the resident).
  await page.getByText("报修详情").waitFor();
  await page.getByText("卫生间水管漏水，请尽快处理").waitFor();
  await page.getByText("待派单").first().waitFor();
  await page.getByRole("img", { name: "现场照片1" }).waitFor();
  const id = Number(/repairs\/(\d+)/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);
  await expectSound(page, "报修详情（待派单）");

  // Staff: 报事报修 shows it from 住户端 with the photo (fetched with the staff session).
  const staffRow = await journey.api<{ source: number; photos: string[]; reporterName: string }>("get", `/api/property/repairs/${id}`);
  expect(staffRow.source).toBe(2);
  expect(staffRow.photos).toHaveLength(1);
  const staff = await journey.openPage("admin", { viewport: { width: 1440, height: 900 } });
  await staff.goto(journey.url(`/property/reportRepair/show/${id}`));
  await staff.getByText("住户端").first().waitFor();
  // While the bytes load, a placeholder of the same name stands in; the photo itself is shown from them.
  await staff.locator('img[alt="现场照片1"][src^="blob:"]').waitFor();
  await staff.close();

  await journey.api("post", `/api/property/repairs/${id}/actions/assign`, { assigneeId: userId });
  await journey.api("post", `/api/property/repairs/${id}/actions/start`, {});
  await journey.api("post", `/api/property/repairs/${id}/actions/finish`, { result: "已更换水管接头" });

  // The resident: 已完成 with the result and the timeline; 评价.
  await page.reload();
  await page.getByText("已更换水管接头").first().waitFor();
  await page.getByText("已完成").first().waitFor();
  for (const step of ["已提交", "派单", "开始处理", "完成"]) await page.getByText(step, { exact: true }).first().waitFor();
  await expectSound(page, "报修详情（已完成）");
  await page.getByText("5星", { exact: true }).click();
  await page.getByRole("textbox", { name: "评价内容" }).fill("师傅很专业");
  await screenshot(page, "h5-repair-rate");
  await page.getByRole("button", { name: "提交评价" }).click();
  await page.getByText("我的评价").waitFor();
  await page.getByText("已评价").first().waitFor();
  await page.getByText("师傅很专业").first().waitFor();
  await expectSound(page, "报修详情（已评价）");
  const rated = await journey.api<{ status: number; score: number; evaluation: string }>("get", `/api/property/repairs/${id}`);
  expect(rated).toMatchObject({ status: 5, score: 5, evaluation: "师傅很专业" });

  // The list: the repair with its state.
  await page.getByText("报修", { exact: true }).last().click();
  await page.getByText("我的报修").waitFor();
  await page.getByText("卫生间水管漏水，请尽快处理").waitFor();

  expect(errors).toEqual([]);
});
