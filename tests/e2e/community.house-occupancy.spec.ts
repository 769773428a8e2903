// 房屋管理 shows what the property office knows of a house (issue 27): its 房屋类型, areas (建筑面积,
// 计费面积), 房屋状态 (自住 / 出租 / 空置 / 装修 / 未交付, what bills it) and 交房日期; the smart-home
// 部署状态 is on the form and filter, not a column. The create form starts a house as 住宅, 空置, 未部署.
// An edit form shows masked fields as the list does (物**, 137****0000): saved untouched, they keep
// the stored values.
import { describe, expect, test } from "vitest";
import { screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";

const journey = useJourney();

describe("house occupancy on 房屋管理", () => {
  test("the list's columns and the create form's fields and defaults", async () => {
    const { page } = journey;
    await page.goto(journey.url("/community/house"));
    await page.locator(".ant-table-row").first().waitFor();

    const columns = (await page.locator(".ant-table-thead th").allInnerTexts()).map((h) => h.trim());
    const headers = columns.filter(Boolean);
    expect(headers).toEqual(expect.arrayContaining(["房号", "楼层", "房屋类型", "建筑面积(㎡)", "计费面积(㎡)", "房屋状态", "交房日期"]));
    expect(headers.indexOf("房屋类型")).toBeLessThan(headers.indexOf("建筑面积(㎡)"));
    expect(headers.indexOf("计费面积(㎡)")).toBeLessThan(headers.indexOf("房屋状态"));
    expect(headers).not.toContain("部署状态");
    // Filtered by 房屋类型 商铺 (in the address, as the list keeps its filters): the demo's shops, each
    // let (出租) and billed by a 计费面积 below its 建筑面积.
    await page.goto(journey.url("/community/house?houseType=2"));
    const shops = page.locator(".ant-table-row");
    await expect.poll(async () => (await shops.allInnerTexts()).length > 0 && (await shops.allInnerTexts()).every((t) => t.includes("商铺"))).toBe(true);
    const cells = await shops.first().locator("td").allInnerTexts();
    expect(cells).toEqual(expect.arrayContaining(["商铺", "出租"]));
    const area = (name: string) => Number(cells[columns.indexOf(name)]);
    expect(area("计费面积(㎡)")).toBeLessThan(area("建筑面积(㎡)"));
    await screenshot(page, "house-occupancy-list");

    await page.getByRole("button", { name: /新\s*增/ }).click();
    await page.waitForURL(/#\/community\/house\/create/);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: /保\s*存/ }) });
    await form.locator("#occupancyStatus").waitFor({ state: "attached" });
    const labels = (await form.locator(".ant-form-item-label label").allInnerTexts()).map((l) => l.trim());
    expect(labels).toEqual(expect.arrayContaining(["房屋类型", "建筑面积(㎡)", "计费面积(㎡)", "房屋状态", "交房日期", "部署状态"]));
    const selected = async (label: string) =>
      (
        await form
          .locator(".ant-form-item")
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator(".ant-select-selection-item")
          .innerText()
      ).trim();
    expect(await selected("房屋类型")).toBe("住宅");
    expect(await selected("房屋状态")).toBe("空置");
    expect(await selected("部署状态")).toBe("未部署");
    await screenshot(page, "house-occupancy-form");
  });
});

describe("an edit form with masked fields", () => {
  test("小区管理's 编辑 saves with 联系人 and 联系电话 left masked, and the stored values stay", async () => {
    const { page } = journey;
    const communities = await journey.api<{ list: { id: number; name: string }[] }>("post", "/api/system/communities/actions/pageList", { name: "阳光花园", pageNo: 1, pageSize: 10 });
    const id = communities.list.find((c) => c.name === "阳光花园")!.id;
    const plain = (field: string) => journey.api<{ value: string }>("post", `/api/system/communities/${id}/actions/plainText`, { field }).then((r) => r.value);
    const before = { contactName: await plain("contactName"), contactPhone: await plain("contactPhone") };

    await page.goto(journey.url(`/community/community/edit/${id}`));
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: /保\s*存/ }) });
    await expect.poll(() => form.locator("#contactPhone").inputValue()).toContain("****");
    expect(await form.locator("#contactName").inputValue()).toContain("*");
    await form.locator("#address").fill("杭州市西湖区文三路 88 号");
    await form.getByRole("button", { name: /保\s*存/ }).click();
    await page.getByText("保存成功").first().waitFor();
    await page.waitForURL(/#\/community\/community(\?|$)/);

    const saved = await journey.api<{ address: string }>("get", `/api/system/communities/${id}`);
    expect(saved.address).toBe("杭州市西湖区文三路 88 号");
    expect({ contactName: await plain("contactName"), contactPhone: await plain("contactPhone") }).toEqual(before);
    expect(journey.pageErrors).toEqual([]);
  });
});
