// Realistic-looking personal data for demo rows, deterministic from a number: Chinese names, mobile
// numbers, resident ID numbers with a correct check digit (GB 11643), plates and card numbers.
import { idCardCheckDigit } from "../../common/id-card.ts";

const SURNAMES = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林", "何", "郭", "马", "罗"];
const GIVEN = ["伟", "芳", "娜", "敏", "静", "磊", "洋", "艳", "勇", "军", "杰", "娟", "涛", "明", "超", "霞", "平", "刚", "桂英", "建华", "晓东", "雨萱", "子涵", "浩然"];

export function personName(n: number): string {
  const given = GIVEN[(n * 7 + 3) % GIVEN.length] + (n % 3 === 0 && GIVEN[(n * 5) % GIVEN.length].length === 1 ? GIVEN[(n * 5) % GIVEN.length] : "");
  return SURNAMES[n % SURNAMES.length] + given;
}

const MOBILE_PREFIXES = ["138", "139", "137", "136", "135", "150", "151", "158", "159", "186", "187", "188", "177", "189", "199"];

/** An 11-digit mobile number (rule phone: ^1\d{10}$). */
export function mobile(n: number): string {
  const prefix = MOBILE_PREFIXES[n % MOBILE_PREFIXES.length];
  return prefix + String((n * 7919 + 12345678) % 100000000).padStart(8, "0");
}

/** An 18-character resident ID number: region code, birth date, sequence, check digit. */
export function idCard(n: number, region = "330106"): string {
  const year = 1955 + (n % 45);
  const month = String((n % 12) + 1).padStart(2, "0");
  const day = String((n % 28) + 1).padStart(2, "0");
  const sequence = String((n * 37) % 1000).padStart(3, "0");
  const first17 = `${region}${year}${month}${day}${sequence}`;
  return first17 + idCardCheckDigit(first17);
}

const PLATE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";

/** A plate such as 浙A3K5M2 (province abbreviation of the community's region). */
export function plate(n: number, province = "浙"): string {
  const city = PLATE_LETTERS[n % 6];
  let tail = "";
  let x = n * 7907 + 104729;
  for (let i = 0; i < 5; i++) {
    tail += i === 1 || i === 3 ? PLATE_LETTERS[x % PLATE_LETTERS.length] : String(x % 10);
    x = Math.floor(x / 7) + 13;
  }
  return `${province}${city}${tail}`;
}

/** The province abbreviation of an administrative code (the demo regions). */
export function plateProvince(administrativeCode: string | null | undefined): string {
  const prefix = (administrativeCode ?? "").slice(0, 2);
  return { "11": "京", "31": "沪", "32": "苏", "33": "浙", "44": "粤" }[prefix] ?? "浙";
}

/** A 10-digit card number (rule cardNo: letters and digits, at most 20). */
export function cardNumber(n: number, tenantTag: string): string {
  return `${tenantTag}${String(3000000000 + n * 7919).slice(0, 10)}`;
}
