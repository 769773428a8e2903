// Display formats of spec §9: money, Chinese numerals, HH:mm, file sizes, date offsets, truncation.
// A formatter given something it cannot show returns null (the caller shows the raw value or "-"),
// so a bad value never breaks a page.
import { constants } from "../../generated/constants.ts";
import { fenToYuan } from "./money.ts";

/** 1250 fen → "12.50"; missing values show as "". */
export function formatMoney(fen: number | bigint | string | null | undefined): string {
  return fen === null || fen === undefined || fen === "" ? "" : fenToYuan(fen);
}

const DIGITS = "零一二三四五六七八九";
const PLACES = ["", "十", "百", "千"];
const SECTIONS = ["", "万", "亿"];

/** One four-digit section (1..9999): zeros between digits collapse into one 零, trailing ones vanish. */
function sectionText(n: number): string {
  let out = "";
  let pendingZero = false;
  for (let place = 3; place >= 0; place--) {
    const d = Math.floor(n / 10 ** place) % 10;
    if (d === 0) {
      if (out) pendingZero = true;
      continue;
    }
    if (pendingZero) out += "零";
    pendingZero = false;
    out += DIGITS[d] + PLACES[place];
  }
  return out;
}

/**
 * 10 → 十, 1001 → 一千零一, 100000001 → 一亿零一, -25 → 负二十五. Spec §9: fails (null) for more than
 * 10 digits, and for anything that is not an integer.
 */
export function toChineseNumeral(value: number | bigint | string): string | null {
  const m = /^(-?)(\d+)$/.exec(String(value).trim());
  if (!m) return null;
  const digits = m[2].replace(/^0+(\d)/, "$1");
  if (digits.length > constants.chineseNumeralMaxDigits) return null;
  let n = Number(digits);
  if (n === 0) return "零";
  const sections: number[] = []; // lowest first
  for (; n > 0; n = Math.floor(n / 10000)) sections.push(n % 10000);
  let out = "";
  let skipped = false;
  for (let i = sections.length - 1; i >= 0; i--) {
    const s = sections[i];
    if (s === 0) {
      skipped = out !== "";
      continue;
    }
    // A lower section that does not fill its thousands place (or follows an empty one) starts with 零.
    if (out && (skipped || s < 1000)) out += "零";
    out += sectionText(s) + SECTIONS[i];
    skipped = false;
  }
  if (out.startsWith("一十")) out = out.slice(1); // 十五, 十万, not 一十五
  return m[1] ? `负${out}` : out;
}

/** Seconds of a day → "HH:mm"; 86400 (the end of the day) shows as 23:59 (spec §9). */
export function secondsToHHmm(seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 86400) return null;
  if (seconds === 86400) return "23:59";
  const total = Math.floor(seconds / 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** Bytes → "0.50KB" / "1.50MB" / "2.00GB" (spec §9: KB, MB or GB; two decimals). */
export function formatFileSize(bytes: number): string | null {
  if (!Number.isFinite(bytes) || bytes < 0) return null;
  if (bytes < MB) return `${(bytes / KB).toFixed(2)}KB`;
  if (bytes < GB) return `${(bytes / MB).toFixed(2)}MB`;
  return `${(bytes / GB).toFixed(2)}GB`;
}

/**
 * "2024-05-01T08:00:00+0800" → "2024-05-01T08:00:00+08:00": the basic-format offset the services
 * send is not parsed by every browser; the extended form is. Other text is returned unchanged.
 */
export function normalizeOffset(text: string): string {
  return text.replace(/(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*([+-])(\d{2})(\d{2})$/, "$1$2$3:$4");
}

const ELLIPSIS = "…";

/** Cuts text to `max` characters plus …; spec §9: short text truncates to 5 characters by default. */
export function truncateText(text: string | null | undefined, max: number = constants.shortTextLength): string {
  if (!text) return "";
  const c = [...text];
  return c.length <= max ? text : c.slice(0, max).join("") + ELLIPSIS;
}

/** The header's edge-service link: the name cut to 10 characters plus an ellipsis (spec §2). */
export const edgeServiceName = (name: string | null | undefined): string => truncateText(name, constants.edgeNameLength);
