import { describe, expect, it } from "vitest";
import { scalarText } from "../../../src/common/scalar-text.ts";

describe("scalarText", () => {
  it("reads null and undefined as the empty string", () => {
    expect(scalarText(null)).toBe("");
    expect(scalarText(undefined)).toBe("");
  });

  it("prints every other value exactly as String() does", () => {
    const date = new Date(Date.UTC(2026, 0, 2));
    const cases: [unknown, string][] = [
      ["12.50", "12.50"],
      ["", ""],
      [0, "0"],
      [-1.5, "-1.5"],
      [Number.NaN, "NaN"],
      [true, "true"],
      [10n, "10"],
      [date, date.toString()],
      [[1, 2], "1,2"],
      [{ a: 1 }, "[object Object]"],
    ];
    for (const [value, text] of cases) expect(scalarText(value)).toBe(text);
  });
});
