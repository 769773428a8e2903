// Excel import from a generic list, as an office worker does it (issue "Web": the list's Excel
// buttons): 下载模板 on 房屋管理 gives the template, two rows are filled in — one good, one with a
// room number the rules refuse — and 导入 sends the file through the browser's file chooser. The
// report names the bad row and its reason, and the good room is in the list; the task centre offers
// the bad row back as a workbook (下载错误数据) with its reason, as the report itself does at once.
import ExcelJS from "exceljs";
import { describe, expect, test } from "vitest";
import { downloadedFile, screenshot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";

const journey = useJourney();
const BUILDING = "导入测试楼";

describe("excel import journey", () => {
  test("download the room template, fill it, import it from the list and read the report", async () => {
    const { page } = journey;
    await page.goto(journey.url("/community/house"));
    await page.locator(".ant-table-row").first().waitFor();

    // 下载模板: the template of the screen, its header row is what the import reads.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /下载模板/ }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await downloadedFile(download));
    const sheet = workbook.getWorksheet("导入数据")!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toEqual(expect.arrayContaining(["楼栋", "单元", "房号", "房屋类型", "房屋状态", "部署状态"]));
    const row = (values: Record<string, unknown>) => headers.map((h) => values[h] ?? null);
    sheet.addRow(row({ 楼栋: BUILDING, 单元: "1单元", 房号: "101", 楼层: 1, 房屋类型: "住宅", "建筑面积(㎡)": "88.5", 房屋状态: "自住", 部署状态: "已交付", 可居住人数: 4 }));
    sheet.addRow(row({ 楼栋: BUILDING, 单元: "1单元", 房号: "1#1", 楼层: 1, 房屋类型: "住宅", "建筑面积(㎡)": "90", 房屋状态: "自住", 部署状态: "已交付", 可居住人数: 4 }));
    // Handed to the file chooser as bytes: nothing is left in a temporary folder.
    const file = { name: "房屋导入.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from(await workbook.xlsx.writeBuffer()) };

    // 导入 opens the file chooser; the report comes when the background task is done.
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: /导\s*入/ }).click()]);
    expect(chooser.isMultiple()).toBe(false);
    await chooser.setFiles(file);
    const report = page.locator(".ant-modal-confirm");
    await report.getByText("导入成功1条，失败1条").waitFor({ timeout: 60_000 });
    const rejected = report.locator(".ant-table-row");
    await expect.poll(() => rejected.count()).toBe(1);
    expect(await rejected.first().locator("td").allInnerTexts()).toEqual(["3", "房号：只能输入数字大小写字母"]);
    await screenshot(page, "excel-import-report");
    // The report offers the rejected rows at once, and says where they stay.
    await report.getByText("失败的行及其原因可随时在“任务中心”再次查看和下载。").waitFor();
    const [fromReport] = await Promise.all([page.waitForEvent("download"), report.getByRole("button", { name: /下载错误数据/ }).click()]);
    expect(fromReport.suggestedFilename()).toBe("房屋导入错误数据.xlsx");
    await report.getByRole("button", { name: /知\s*道\s*了/ }).click();

    // The list was refreshed: the good room is there, under its new building.
    await page.locator(".ant-table-row").filter({ hasText: BUILDING }).first().waitFor();
    await screenshot(page, "excel-import-list");
    // So was the 楼栋 filter: it offers the building the import made, without a reload.
    await page.locator(".ant-select").filter({ hasText: "请选择楼栋" }).first().click();
    await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)").getByText(BUILDING, { exact: true }).waitFor();
    await page.keyboard.press("Escape");

    // 任务中心: the import offers its rejected row as a workbook, as uploaded, with 错误原因.
    await page.goto(journey.url("/system/taskcenter"));
    const task = page.locator(".ant-table-row").filter({ hasText: "导入成功1条，失败1条" }).first();
    const [errors] = await Promise.all([page.waitForEvent("download"), task.getByRole("button", { name: /下载错误数据/ }).click()]);
    expect(errors.suggestedFilename()).toBe("房屋导入错误数据.xlsx");
    const errorBook = new ExcelJS.Workbook();
    await errorBook.xlsx.readFile(await downloadedFile(errors));
    const errorRows = errorBook.getWorksheet("导入数据")!;
    expect((errorRows.getRow(1).values as unknown[]).slice(1)).toEqual([...headers, "错误原因"]);
    expect(errorRows.getRow(2).getCell(headers.indexOf("房号") + 1).value).toBe("1#1");
    expect(errorRows.getRow(2).getCell(headers.length + 1).value).toBe("房号：只能输入数字大小写字母");
    expect(errorRows.rowCount).toBe(2);
  });
});
