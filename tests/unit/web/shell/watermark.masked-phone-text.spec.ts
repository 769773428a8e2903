import { describe, expect, it } from "vitest";
import { formatDate, maskPhone, watermarkContent, watermarkShown } from "../../../../src/web/shell/watermark-state.ts";

describe("watermark", () => {
  it("shows the user name, the phone with its middle four digits masked, and the date", () => {
    expect(watermarkContent({ username: "admin", phoneNumber: "13812345678" }, new Date(2024, 0, 5))).toEqual(["admin", "138****5678", "2024-01-05"]);
  });

  it("masks the middle four digits of a mobile number", () => {
    expect(maskPhone("13812345678")).toBe("138****5678");
  });

  it("leaves out a missing phone", () => {
    expect(watermarkContent({ username: "admin" }, new Date(2024, 11, 31))).toEqual(["admin", "2024-12-31"]);
  });

  it("is shown when watermarkStatus is 1, the default", () => {
    expect(watermarkShown(undefined)).toBe(true);
    expect(watermarkShown(1)).toBe(true);
    expect(watermarkShown("1")).toBe(true);
    expect(watermarkShown(0)).toBe(false);
    expect(formatDate(new Date(2024, 8, 9))).toBe("2024-09-09");
  });
});
