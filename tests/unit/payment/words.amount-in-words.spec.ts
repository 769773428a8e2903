// Receipt amounts in Chinese capital numerals (src/common/payment/words.ts).
import { describe, expect, it } from "vitest";
import { amountInWords } from "../../../src/common/payment/words.ts";

describe("amountInWords", () => {
  it.each([
    [0, "零元整"],
    [1, "壹分"],
    [10, "壹角整"],
    [100, "壹元整"],
    [10050, "壹佰元伍角整"],
    [10005, "壹佰元零伍分"],
    [50440, "伍佰零肆元肆角整"],
    [100000000, "壹佰万元整"],
    [100000100, "壹佰万零壹元整"],
    [1000000000, "壹仟万元整"],
    [1001000000, "壹仟零壹万元整"],
    [12345678, "壹拾贰万叁仟肆佰伍拾陆元柒角捌分"],
    [10000000000, "壹亿元整"],
    [10000010000, "壹亿零壹佰元整"],
  ])("%i fen → %s", (fen, words) => {
    expect(amountInWords(fen)).toBe(words);
  });
});
