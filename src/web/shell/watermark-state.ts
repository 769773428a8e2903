// Watermark text (spec §3): the user name, the phone with its middle four digits masked, the date;
// shown when watermarkStatus is 1 (the default).
import { constants } from "../../../generated/constants.ts";
import { maskPhoneForWatermark } from "../../common/masks.ts";
import { WatermarkStatus } from "../../../generated/states.ts";

/** 13812345678 → 138****5678 (the common phone mask). */
export const maskPhone = (phone: string | null | undefined): string => maskPhoneForWatermark(phone);

export function formatDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function watermarkShown(status: number | string | null | undefined): boolean {
  return Number(status ?? constants.defaultWatermarkStatus) === WatermarkStatus.On;
}

/** The watermark lines: name, masked phone, date (empty parts left out). */
export function watermarkContent(user: { username?: string | null; realName?: string | null; phoneNumber?: string | null }, date: Date): string[] {
  return [user.realName || user.username || "", maskPhone(user.phoneNumber), formatDate(date)].filter(Boolean);
}
