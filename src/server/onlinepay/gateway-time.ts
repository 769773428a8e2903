// A gateway's time as an instant: WeChat Pay answers RFC 3339, Alipay China time without a zone.
import { chinaWallClockIso } from "../../common/china-time.ts";

const ALIPAY_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

/** A gateway's time: RFC 3339 (WeChat), or China time without a zone (Alipay's yyyy-MM-dd HH:mm:ss); now when absent or unreadable. */
export function gatewayTime(at: string | null | undefined): Date {
  const text = at && ALIPAY_TIME.test(at) ? chinaWallClockIso(at) : at;
  const time = text ? Date.parse(text) : NaN;
  return Number.isNaN(time) ? new Date() : new Date(time);
}
