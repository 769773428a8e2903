// Money-like rules of spec §5: amount (with and without leading zeros), pay amount, area, discount,
// positive amount. Boundaries at and across each limit, and each decimal count.
import type { RuleCases } from "../support/prove-rules.ts";

const FORMAT = "请输入数字类型，仅保留两位小数";
const TOO_MUCH = "输入的金额不能大于1000000.00";
const REQUIRED = "请输入金额！";
const POSITIVE = "请输入大于0的正实数,并且保留两位小数";

export const amountCases: RuleCases = {
  amount: [
    ["", REQUIRED],
    [null, REQUIRED],
    [undefined, REQUIRED],
    ["0", null],
    ["0.01", null],
    ["12.5", null],
    [12.5, null],
    ["01.5", null], // only amountNoLeadingZero forbids leading zeros
    ["999999.99", null],
    ["1000000", null],
    ["1000000.00", null],
    ["1000000.01", TOO_MUCH],
    [1000000.01, TOO_MUCH],
    ["1000001", TOO_MUCH],
    ["1.234", FORMAT],
    ["abc", FORMAT],
    ["-1", FORMAT],
    ["1.", FORMAT],
    [".5", FORMAT],
    ["1,000", FORMAT],
  ],
  amountNoLeadingZero: [
    ["", REQUIRED],
    ["0", null],
    ["0.5", null],
    ["10.05", null],
    ["1000000.00", null],
    ["1000000.01", TOO_MUCH],
    ["01.5", "请输入正确的金额"],
    ["00", "请输入正确的金额"],
    ["1.234", "请输入正确的金额"],
    ["abc", "请输入正确的金额"],
  ],
  payAmount: [
    ["", REQUIRED],
    ["0", null],
    ["1000000.00", null],
    ["1000000.01", TOO_MUCH],
    ["1.234", FORMAT],
    ["abc", FORMAT],
  ],
  area: [
    ["", null],
    ["0", null],
    ["9999.99", null],
    ["10000", null],
    ["10000.00", null],
    ["10000.01", "面积不能大于10000.00"],
    ["1.234", FORMAT],
    ["abc", FORMAT],
  ],
  discount: [
    ["", null],
    ["0", "折扣率必须大于0"],
    ["0.00", "折扣率必须大于0"],
    ["0.01", null],
    ["8.5", null],
    ["9.99", null],
    ["10", null],
    ["10.00", null],
    ["10.01", "数字不能大于10"],
    ["11", "数字不能大于10"],
    ["9.999", "折扣率最多保留两位小数"],
    ["abc", "折扣率最多保留两位小数"],
    ["-1", "折扣率最多保留两位小数"],
  ],
  positiveAmount: [
    ["", null],
    ["0", POSITIVE],
    ["0.00", POSITIVE],
    ["0.01", null],
    ["99.99", null],
    ["1.234", POSITIVE],
    ["abc", POSITIVE],
  ],
};
