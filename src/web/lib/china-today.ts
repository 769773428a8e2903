// The business day as the web app's pickers start from it: today in China time (the platform's one
// clock, src/common/china-time.ts), whatever zone the browser is in.
import dayjs, { type Dayjs } from "dayjs";
import { chinaDay } from "../../common/china-time.ts";

/** Today in China time, as a dayjs at its start. */
export const chinaToday = (): Dayjs => dayjs(chinaDay());
