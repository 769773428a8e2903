// Until antd's picker loads (on first use), a date field shows its value as the picker would.
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { pickerText } from "../../../../src/web/generic/kits/DatePickerOnUse.tsx";

describe("pickerText", () => {
  const d = dayjs("2026-03-05T08:09:10");
  it("formats like antd's picker of each kind", () => {
    expect(pickerText(d)).toBe("2026-03-05");
    expect(pickerText(d, "date", true)).toBe("2026-03-05 08:09:10");
    expect(pickerText(d, "month")).toBe("2026-03");
    expect(pickerText(d, "year")).toBe("2026");
  });
  it("uses a format string when the field gives one", () => {
    expect(pickerText(d, "date", false, "YYYY/MM/DD")).toBe("2026/03/05");
  });
  it("shows nothing for no value or an invalid one", () => {
    expect(pickerText(null)).toBe("");
    expect(pickerText(undefined, "month")).toBe("");
    expect(pickerText(dayjs("not a date"))).toBe("");
  });
});
