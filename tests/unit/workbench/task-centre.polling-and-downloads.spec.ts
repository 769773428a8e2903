import { describe, expect, it } from "vitest";
import { downloadUrlOf, hasImportErrors, isRunning, progressOf, resultText, shouldPoll, TASK_POLL_MS, taskStateLabel } from "../../../src/web/pages/system/taskCenter/task-state.ts";

describe("task centre", () => {
  it("polls every 2 s while any task runs", () => {
    expect(TASK_POLL_MS).toBe(2000);
    expect(shouldPoll([{ state: "completed" }, { state: "active" }])).toBe(true);
    expect(shouldPoll([{ state: "created" }])).toBe(true);
    expect(shouldPoll([{ state: "completed" }, { state: "failed" }])).toBe(false);
    expect(shouldPoll([])).toBe(false);
    expect(isRunning({ state: "retry" })).toBe(true);
  });

  it("shows progress as 0-100, a completed task at 100", () => {
    expect(progressOf({ state: "active", progress: 42.4 })).toBe(42);
    expect(progressOf({ state: "active", progress: 150 })).toBe(100);
    expect(progressOf({ state: "active", progress: null })).toBe(0);
    expect(progressOf({ state: "completed", progress: 0 })).toBe(100);
  });

  it("offers a download only for a finished task with a file", () => {
    const base = { id: 1, name: "导出", state: "completed" };
    expect(downloadUrlOf({ ...base, resultUrl: "/api/files/1.xlsx" })).toBe("/api/files/1.xlsx");
    expect(downloadUrlOf({ ...base, result: "https://files.example/1.xlsx" })).toBe("https://files.example/1.xlsx");
    expect(downloadUrlOf({ ...base, result: { url: "/api/files/2.xlsx" } })).toBe("/api/files/2.xlsx");
    expect(downloadUrlOf({ ...base, result: "已生成10张账单" })).toBeNull();
    expect(downloadUrlOf({ ...base, state: "active", resultUrl: "/x" })).toBeNull();
    expect(downloadUrlOf({ ...base, state: "failed", resultUrl: "/x" })).toBeNull();
  });

  it("offers an import's rejected rows only when it finished with some in its error workbook", () => {
    const base = { id: 1, name: "导入住户", type: "excelImport", state: "completed" };
    expect(hasImportErrors({ ...base, detail: { imported: 1, rejectedCount: 2, errorRows: 2 } })).toBe(true);
    expect(hasImportErrors({ ...base, detail: { imported: 3, rejectedCount: 0, errorRows: 0 } })).toBe(false);
    expect(hasImportErrors({ ...base, detail: { imported: 1, rejected: [{ row: 2, reason: "x" }] } })).toBe(false); // made before the workbook existed
    expect(hasImportErrors({ ...base, state: "active", detail: { errorRows: 2 } })).toBe(false);
    expect(hasImportErrors({ ...base, detail: null })).toBe(false);
  });

  it("shows the result text and a state label", () => {
    expect(resultText({ id: 1, name: "", state: "completed", result: "已生成10张账单（10户）" })).toBe("已生成10张账单（10户）");
    expect(resultText({ id: 1, name: "", state: "completed", result: "/api/files/1.xlsx" })).toBe("");
    expect(taskStateLabel("active")).toEqual({ label: "进行中", color: "processing" });
    expect(taskStateLabel("completed").label).toBe("已完成");
  });
});
