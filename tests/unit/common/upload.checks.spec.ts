// Spec §5 file upload: size limit (2 MB by default, or KB when asked), forbidden characters in the
// name without its extension, extensions compared in lower case against the list.
import { describe, expect, test } from "vitest";
import { checkUpload, splitFileName } from "../../../src/common/upload.ts";
import { uploadRules } from "../../../generated/rules.ts";

const MB = 1024 * 1024;
const KB = 1024;
const DEFAULT_FORMATS = "仅支持jpg、jpeg、png、gif、bmp、ico格式文件";

describe("size limit", () => {
  test.each([
    [2 * MB, {}, null],
    [2 * MB + 1, {}, "文件大小不能超过2M"],
    [5 * MB, { maxSize: 5 }, null],
    [5 * MB + 1, { maxSize: 5 }, "文件大小不能超过5M"],
    [0.5 * MB + 1, { maxSize: 0.5, unit: "MB" as const }, "文件大小不能超过0.5M"],
    [500 * KB, { maxSize: 500, unit: "KB" as const }, null],
    [500 * KB + 1, { maxSize: 500, unit: "KB" as const }, "文件大小不能超过500KB"],
    [2 * KB + 1, { unit: "KB" as const }, "文件大小不能超过2KB"], // the default 2, read as KB
  ])("%s bytes with %j → %s", (size, options, expected) => {
    expect(checkUpload({ name: "photo.jpg", size }, options)).toBe(expected);
  });
});

describe("file name without its extension", () => {
  test.each(uploadRules.forbiddenNameChars)("a name containing %s is refused", (ch) => {
    expect(checkUpload({ name: `a${ch}b.jpg`, size: 1 })).toBe("文件名称不能包括特殊字符");
  });

  test("the spec's ten characters are all forbidden", () => {
    expect([...uploadRules.forbiddenNameChars].sort()).toEqual(['"', "&", "'", ".", "/", "\\", "^", "`", "|", "、"].sort());
  });

  test.each(["照片 2024-05-01(1).jpg", "a_b-c.png", "报修（一）.gif"])("%s is accepted", (name) => {
    expect(checkUpload({ name, size: 1 })).toBeNull();
  });

  test("only the last dot starts the extension: a dot before it is in the name", () => {
    expect(checkUpload({ name: "a.b.jpg", size: 1 })).toBe("文件名称不能包括特殊字符");
    expect(splitFileName("a.b.JPG")).toEqual({ base: "a.b", extension: "jpg" });
    expect(splitFileName("README")).toEqual({ base: "README", extension: "" });
  });
});

describe("extension", () => {
  test.each(["a.jpg", "a.JPG", "a.Jpeg", "a.png", "a.GIF", "a.bmp", "a.ICO"])("%s is an allowed image (case-insensitive)", (name) => {
    expect(checkUpload({ name, size: 1 })).toBeNull();
  });

  test.each(["a.pdf", "a.webp", "a.exe", "noextension"])("%s → the list of formats", (name) => {
    expect(checkUpload({ name, size: 1 })).toBe(DEFAULT_FORMATS);
  });

  test("a caller's list, itself compared in lower case", () => {
    expect(checkUpload({ name: "表格.XLSX", size: 1 }, { extensions: ["xls", "XLSX"] })).toBeNull();
    expect(checkUpload({ name: "表格.csv", size: 1 }, { extensions: ["xls", "xlsx"] })).toBe("仅支持xls、xlsx格式文件");
  });

  test("an empty list allows any extension", () => {
    expect(checkUpload({ name: "a.anything", size: 1 }, { extensions: [] })).toBeNull();
  });
});

test("checks run in the spec's order: size, then name, then extension", () => {
  expect(checkUpload({ name: "a|b.pdf", size: 3 * MB })).toBe("文件大小不能超过2M");
  expect(checkUpload({ name: "a|b.pdf", size: 1 })).toBe("文件名称不能包括特殊字符");
});
