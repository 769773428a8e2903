// Real-number rules of spec §5: greater than 1, positive, non-negative, up to 2 or 1 decimals, range.
import type { RuleCases } from "../support/prove-rules.ts";

const RANGE = "数值在0到100之间";

export const numberCases: RuleCases = {
  realGreaterThan1: [
    ["", null],
    ["1.0001", null],
    ["2", null],
    ["1", "请输入大于1的实数"],
    ["1.0", "请输入大于1的实数"],
    ["0.5", "请输入大于1的实数"],
    ["-2", "请输入大于1的实数"],
    ["abc", "请输入大于1的实数"],
  ],
  positiveNumber: [
    ["", null],
    ["0.0001", null],
    ["3", null],
    ["0", "请输入正数"],
    ["-1", "请输入正数"],
    ["abc", "请输入正数"],
  ],
  nonNegativeNumber: [
    ["", null],
    ["0", null],
    ["0.123456", null],
    ["-0.1", "请输入非负数"],
    ["abc", "请输入非负数"],
  ],
  nonNegativeDecimal2: [
    ["", null],
    ["0", null],
    ["0.00", null],
    ["1.23", null],
    ["1.234", "请输入非负数，最多保留两位小数"],
    ["-1", "请输入非负数，最多保留两位小数"],
  ],
  positiveReal2: [
    ["", null],
    ["0.01", null],
    ["1.23", null],
    ["0", "请输入正实数，最多保留两位小数"],
    ["0.00", "请输入正实数，最多保留两位小数"],
    ["1.234", "请输入正实数，最多保留两位小数"],
  ],
  positiveReal1: [
    ["", null],
    ["0.1", null],
    ["1.2", null],
    ["0", "请输入正实数，最多保留一位小数"],
    ["1.23", "请输入正实数，最多保留一位小数"],
  ],
  range: [
    ["", null],
    ["0", null],
    ["50.5", null],
    ["100", null],
    ["100.5", RANGE],
    ["101", RANGE],
    ["-0.1", RANGE],
    ["abc", RANGE],
  ],
};
