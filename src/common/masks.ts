// Masking formats of spec §3 (names, ID cards, card numbers, phones, emails, plates, house numbers).
// The screens and the watermark show these; the API still returns the full value to screens that
// edit it. Characters are counted as code points, so a rare CJK character is one character.
import type { MaskFormat } from "../../generated/model-types.ts";

/** The code (schemas/permissions.yaml, group dataAccess) whose holders may read a masked value in full on a detail screen. */
export const PLAIN_TEXT_CODE = "VIEW_PLAIN_TEXT";

const STAR = "*";
const chars = (s: string) => [...s];

/** Keeps the first `head` and last `tail` characters, one * per hidden one; all hidden when nothing would be. */
function keepEnds(value: string, head: number, tail: number): string {
  const c = chars(value);
  if (c.length <= head + tail) return STAR.repeat(c.length);
  return c.slice(0, head).join("") + STAR.repeat(c.length - head - tail) + c.slice(c.length - tail).join("");
}

/** 张三 → 张**, 欧阳锋 → 欧**: the first character and a fixed ** so the length is not shown. */
function maskName(v: string): string {
  const c = chars(v);
  return c.length <= 1 ? STAR.repeat(c.length) : `${c[0]}**`;
}

/** 13812345678 → 138****5678 (the middle digits; exactly four for an 11-digit mobile number). */
function maskPhone(v: string): string {
  return keepEnds(v, 3, 4);
}

/** zhangsan@example.com → z***@example.com; text without @ is treated as a local part only. */
function maskEmail(v: string): string {
  const at = v.lastIndexOf("@");
  const local = at < 0 ? v : v.slice(0, at);
  const domain = at < 0 ? "" : v.slice(at);
  return `${chars(local)[0] ?? ""}***${domain}`;
}

const maskers: Record<MaskFormat, (v: string) => string> = {
  name: maskName,
  // ID cards and card numbers keep their last 4 characters (spec §3).
  idCard: (v) => keepEnds(v, 0, 4),
  card: (v) => keepEnds(v, 0, 4),
  phone: maskPhone,
  email: maskEmail,
  // 京A12345 → 京****45: the province character and the last 2 characters.
  plate: (v) => keepEnds(v, 1, 2),
  // House numbers keep their last 3 characters (spec §3).
  houseNo: (v) => keepEnds(v, 0, 3),
};

export const maskFormats = Object.keys(maskers) as MaskFormat[];

/** Masks a value for display; empty and missing values show as "". */
export function mask(format: MaskFormat, value: string | number | null | undefined): string {
  const masker = maskers[format];
  if (!masker) throw new Error(`unknown mask format ${String(format)}`);
  if (value === null || value === undefined) return "";
  const text = String(value).trim();
  return text === "" ? "" : masker(text);
}

/** The watermark shows the phone with its middle four digits masked (spec §3), as the phone format does. */
export const maskPhoneForWatermark = (phone: string | null | undefined): string => mask("phone", phone);
