// Spec §3 masking formats: names keep the first character, ID cards and card numbers the last 4,
// phones hide the middle four digits, emails keep the first character and the domain, plates the
// province character and the last 2, house numbers the last 3.
import { describe, expect, test } from "vitest";
import { mask, maskFormats, maskPhoneForWatermark } from "../../../src/common/masks.ts";
import type { MaskFormat } from "../../../generated/model-types.ts";

test.each<[MaskFormat, string | number | null | undefined, string]>([
  ["name", "张三", "张**"],
  ["name", "张三丰", "张**"],
  ["name", "欧阳锋", "欧**"], // compound surnames are not detected: less is shown, never more
  ["name", "𠮷野家", "𠮷**"], // a character outside the BMP counts as one
  ["name", "张", "*"],
  ["idCard", "11010519491231002X", "**************002X"],
  ["idCard", "110105194912310021", "**************0021"],
  ["card", "1234567890ABCDEF", "************CDEF"],
  ["card", "12345", "*2345"],
  ["card", "1234", "****"], // nothing would be hidden: all is
  ["phone", "13812345678", "138****5678"],
  ["phone", 13812345678, "138****5678"],
  ["phone", "010-12345678", "010*****5678"],
  ["phone", "1234567", "*******"],
  ["email", "zhangsan@example.com", "z***@example.com"],
  ["email", "a@b.cn", "a***@b.cn"],
  ["email", "no-at-sign", "n***"],
  ["plate", "京A12345", "京****45"],
  ["plate", "沪AD12345", "沪*****45"],
  ["plate", "京A1", "***"],
  ["houseNo", "1-2-1203", "*****203"],
  ["houseNo", "1203", "*203"],
  ["houseNo", "203", "***"],
  ["phone", "", ""],
  ["name", null, ""],
  ["email", undefined, ""],
  ["phone", "  13812345678 ", "138****5678"],
])("mask(%s, %j) → %s", (format, value, expected) => {
  expect(mask(format, value)).toBe(expected);
});

describe("watermark phone", () => {
  test("shows the phone with its middle four digits masked", () => {
    expect(maskPhoneForWatermark("13812345678")).toBe("138****5678");
    expect(maskPhoneForWatermark(undefined)).toBe("");
  });
});

test("every mask format of the schema has a masker", () => {
  expect([...maskFormats].sort()).toEqual(["card", "email", "houseNo", "idCard", "name", "phone", "plate"]);
});
