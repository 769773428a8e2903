// Character-set rules of spec §5: names, the special-character variants, CJK text, emoji, control
// characters, username, digits only, digits and letters.
import { times, type RuleCases } from "../support/prove-rules.ts";

const SPECIAL = "内容不能含有特殊字符";
const EMPTY = "输入信息不能为空";
const EMOJI = "不能包含表情等特殊符号";
const CONTROL = "内容不能包含控制字符";

export const characterCases: RuleCases = {
  name: [
    ["", null],
    ["张三", null],
    ["A栋_1-2(东)（西）·#&@ .x", null],
    [times("a", 32), null],
    [times("名", 32), null],
    [times("a", 33), "名称不能超过32个字符"],
    [times("名", 33), "名称不能超过32个字符"],
    ["a!b", SPECIAL],
    ["a$b", SPECIAL],
    ["张三😀", SPECIAL],
  ],
  specialChar: [
    ["", EMPTY],
    [null, EMPTY],
    [undefined, EMPTY],
    ["张三abc123", null],
    ["a b", SPECIAL],
    ["a(b)", SPECIAL],
    ["a_b", SPECIAL],
    ["中文，", SPECIAL],
  ],
  specialCharOptional: [
    ["", null],
    [null, null],
    ["张三abc123", null],
    ["a!", SPECIAL],
    ["a(b)", SPECIAL],
  ],
  specialCharParentheses: [
    ["", EMPTY],
    ["A栋(1)（2）", null],
    ["a[b]", SPECIAL],
    ["a-b", SPECIAL],
  ],
  specialCharPunctuation: [
    ["", EMPTY],
    ["你好，世界。a、b,c.d-e_f", null],
    ["a(b)", SPECIAL],
    ["a!b", SPECIAL],
    ["a b", SPECIAL],
  ],
  cjkText: [
    ["", null],
    ["你好，世界！Hello (1) 《书》“引”", null],
    ["a, b. c; d: e? f! 'g' \"h\" -_、。；：？", null],
    ["全角＃号", null],
    ["a#b", "内容含有特殊字符"],
    ["a<b", "内容含有特殊字符"],
    ["a@b", "内容含有特殊字符"],
    ["你好😀", "内容含有特殊字符"],
  ],
  noEmoji: [
    ["", null],
    ["你好 abc 123，。!", null],
    ["😀", EMOJI],
    ["你好😀", EMOJI],
    ["❤", EMOJI],
    ["👍🏻", EMOJI],
    ["\uD83D", EMOJI], // a lone surrogate (half an emoji)
  ],
  noControlChars: [
    ["", null],
    ["正常文本 abc", null],
    ["a\tb", null],
    ["a\nb", null],
    ["a\rb", null],
    ["a\u0020b\u007Eb\u0080", null],
    ["a\u0000b", CONTROL],
    ["a\u0008b", CONTROL],
    ["a\u000Bb", CONTROL],
    ["a\u000Cb", CONTROL],
    ["a\u000Eb", CONTROL],
    ["a\u001Fb", CONTROL],
    ["a\u007Fb", CONTROL],
  ],
  username: [
    ["", null],
    ["张三abcXYZ123", null],
    ["a_b", "只能使用汉字,英文大小写或数字"],
    ["a b", "只能使用汉字,英文大小写或数字"],
    ["a@b", "只能使用汉字,英文大小写或数字"],
  ],
  digitsOnly: [
    ["", null],
    ["0123", null],
    ["12a", "只能输入数字"],
    ["1.5", "只能输入数字"],
    ["-1", "只能输入数字"],
  ],
  digitsLetters: [
    ["", null],
    ["abcXYZ0123", null],
    ["ab-1", "只能输入数字大小写字母"],
    ["中1", "只能输入数字大小写字母"],
    ["a b", "只能输入数字大小写字母"],
  ],
  documentNo: [
    ["", null],
    ["ZD202611-00001035", null],
    ["B203301I1035R1108", null],
    ["ZD 202611", "只能输入数字、大小写字母和短横线"],
    ["账单1", "只能输入数字、大小写字母和短横线"],
  ],
};
