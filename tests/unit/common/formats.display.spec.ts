// Spec §9 display formats: money, integer to Chinese numeral (fails over 10 digits), seconds to HH:mm
// (86400 → 23:59), file sizes, the +0800 offset, short-text and edge-service-name truncation.
import { describe, expect, test } from "vitest";
import { edgeServiceName, formatFileSize, formatMoney, normalizeOffset, secondsToHHmm, toChineseNumeral, truncateText } from "../../../src/common/formats.ts";

describe("money", () => {
  test.each([
    [1250, "12.50"],
    [0, "0.00"],
    [5, "0.05"],
    [-5, "-0.05"],
    [100000000, "1000000.00"],
    ["1999", "19.99"],
    [9007199254740993n, "90071992547409.93"],
    [null, ""],
    [undefined, ""],
  ])("%s fen → %s", (fen, text) => {
    expect(formatMoney(fen)).toBe(text);
  });
});

describe("integer to Chinese numeral", () => {
  test.each([
    [0, "零"],
    [7, "七"],
    [10, "十"],
    [15, "十五"],
    [20, "二十"],
    [110, "一百一十"],
    [101, "一百零一"],
    [1001, "一千零一"],
    [1010, "一千零一十"],
    [10000, "一万"],
    [10010, "一万零一十"],
    [100000, "十万"],
    [120000, "十二万"],
    [1000001, "一百万零一"],
    [10001000, "一千万一千"],
    [100000001, "一亿零一"],
    [100010000, "一亿零一万"],
    [100001000, "一亿零一千"],
    [1000000000, "十亿"],
    ["2147483647", "二十一亿四千七百四十八万三千六百四十七"],
    [9999999999, "九十九亿九千九百九十九万九千九百九十九"], // 10 digits: the most it converts
    [-25, "负二十五"],
    ["007", "七"],
  ])("%s → %s", (n, text) => {
    expect(toChineseNumeral(n)).toBe(text);
  });

  test.each([[10000000000], ["12345678901"], [1.5], ["abc"], [""], [Number.NaN]])("%s cannot be converted (null)", (n) => {
    expect(toChineseNumeral(n)).toBeNull();
  });
});

describe("seconds to HH:mm", () => {
  test.each([
    [0, "00:00"],
    [59, "00:00"],
    [60, "00:01"],
    [3600, "01:00"],
    [45296, "12:34"],
    [86340, "23:59"],
    [86399, "23:59"],
    [86400, "23:59"], // spec §9: the end of the day shows as 23:59, not 24:00
  ])("%s s → %s", (s, text) => {
    expect(secondsToHHmm(s)).toBe(text);
  });

  test.each([[-1], [86401], [Number.NaN]])("%s is outside a day (null)", (s) => {
    expect(secondsToHHmm(s)).toBeNull();
  });
});

describe("file sizes as KB, MB or GB", () => {
  test.each([
    [0, "0.00KB"],
    [512, "0.50KB"],
    [1024, "1.00KB"],
    [1024 * 1024 - 1, "1024.00KB"],
    [1024 * 1024, "1.00MB"],
    [1.5 * 1024 * 1024, "1.50MB"],
    [1024 ** 3, "1.00GB"],
    [2.25 * 1024 ** 3, "2.25GB"],
  ])("%s bytes → %s", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  test("a negative size cannot be shown", () => {
    expect(formatFileSize(-1)).toBeNull();
  });
});

describe("+0800 offset", () => {
  test.each([
    ["2024-05-01T08:00:00+0800", "2024-05-01T08:00:00+08:00"],
    ["2024-05-01T08:00:00.123+0800", "2024-05-01T08:00:00.123+08:00"],
    ["2024-05-01 08:00:00 +0800", "2024-05-01 08:00:00+08:00"],
    ["2024-05-01T08:00-0530", "2024-05-01T08:00-05:30"],
    ["2024-05-01T08:00:00+08:00", "2024-05-01T08:00:00+08:00"],
    ["2024-05-01", "2024-05-01"],
    ["房号 1203", "房号 1203"],
  ])("%s → %s", (text, normalized) => {
    expect(normalizeOffset(text)).toBe(normalized);
  });

  test("the normalised text parses to the same instant", () => {
    expect(new Date(normalizeOffset("2024-05-01T08:00:00+0800")).toISOString()).toBe("2024-05-01T00:00:00.000Z");
  });
});

describe("short text truncates to 5 characters by default", () => {
  test.each([
    ["一二三四五", "一二三四五"],
    ["一二三四五六", "一二三四五…"],
    ["abcdef", "abcde…"],
    ["", ""],
    [null, ""],
  ])("%s → %s", (text, shown) => {
    expect(truncateText(text)).toBe(shown);
  });

  test("another length when asked", () => {
    expect(truncateText("一二三四五六", 3)).toBe("一二三…");
    expect(truncateText("一二三", 3)).toBe("一二三");
  });
});

describe("edge-service name: 10 characters plus an ellipsis", () => {
  test.each([
    ["边缘服务一号", "边缘服务一号"],
    ["一二三四五六七八九十", "一二三四五六七八九十"],
    ["一二三四五六七八九十十一", "一二三四五六七八九十…"],
    [undefined, ""],
  ])("%s → %s", (name, shown) => {
    expect(edgeServiceName(name)).toBe(shown);
  });
});
