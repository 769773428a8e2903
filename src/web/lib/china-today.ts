// The business day as the web app's pickers start from it: today in China time (the platform's one
// clock, src/common/china-time.ts), whatever zone the browser is in.
import dayjs, { type Dayjs } from "dayjs";
import { chinaDateTime, chinaDay } from "../../common/china-time.ts";

/** Today in China time, as a dayjs at its start. */
export const chinaToday = (): Dayjs => dayjs(chinaDay());

/** China's wall-clock time now, as a dayjs to format (its own zone is not read). */
export const chinaNow = (): Dayjs => dayjs(chinaDateTime(new Date()));
