// Length limits and formats of spec §5 (plate, card number, questionnaire) and the decision rules
// for phones, ID cards, emails and passwords.
import { times, type RuleCases } from "../support/prove-rules.ts";

const LINK = "链接只能以 http://、https:// 或 / 开头";

export const lengthAndFormatCases: RuleCases = {
  plate: [
    ["", null],
    ["京A12345", null],
    [times("A", 20), null],
    [times("A", 21), "车牌号不能超过20位"],
    [times("京", 21), "车牌号不能超过20位"],
  ],
  cardNo: [
    ["", null],
    ["1234567890ABCDEFghij", null], // 20
    [times("1", 21), "卡号不能超过20位"],
    ["12-34", "只能输入数字大小写字母"],
  ],
  satisfaction: [
    ["", "请选择满意度"],
    [null, "请选择满意度"],
    [undefined, "请选择满意度"],
    ["5", null],
    ["非常满意", null],
  ],
  comment: [
    ["", null],
    [times("好", 255), null],
    [times("a", 255), null],
    [times("好", 256), "内容不能超过255个字符"],
    [times("a", 256), "内容不能超过255个字符"],
  ],
  phone: [
    ["", null],
    ["13812345678", null],
    ["1381234567", "请输入正确的手机号"],
    ["138123456789", "请输入正确的手机号"],
    ["23812345678", "请输入正确的手机号"],
  ],
  idCard: [
    ["", null],
    ["11010519491231002X", null],
    ["11010519491231002x", null],
    ["110101199001011237", null],
    ["11010119900101123X", "身份证号校验位不正确，请核对"],
    ["110105194912310021", "身份证号校验位不正确，请核对"],
    ["330106199001011234", "身份证号校验位不正确，请核对"],
    ["11010519491231002", "请输入正确的身份证号"],
    ["11010519491231002Y", "请输入正确的身份证号"],
  ],
  email: [
    ["", null],
    ["a@b.cn", null],
    ["a@b", "请输入正确的邮箱"],
    ["@b.cn", "请输入正确的邮箱"],
    ["a b@c.cn", "请输入正确的邮箱"],
  ],
  link: [
    ["", null],
    ["https://www.example.com/neptune/questionnaire?id=1", null],
    ["HTTP://example.com", null],
    ["/neptune/#/workbench/benchlayout", null],
    ["javascript:alert(1)", LINK],
    ["JavaScript:alert(1)", LINK],
    [" javascript:alert(1)", LINK],
    ["data:text/html,<script>alert(1)</script>", LINK],
    ["vbscript:msgbox", LINK],
    ["//evil.example.com/x", LINK],
    ["/\\evil.example.com", LINK],
    ["https://", LINK],
    ["https://a b", LINK],
    ["www.example.com", LINK],
  ],
  password: [
    ["", null],
    [times("a", 8), null],
    [times("a", 32), null],
    [times("a", 7), "密码长度为8到32位"],
    [times("a", 33), "密码长度为8到32位"],
  ],
};
