// Longitude and latitude of spec §5: integer part 0-180 / 0-90, 0 to 6 decimals.
import type { RuleCases } from "../support/prove-rules.ts";

const LON = "经度整数部分为0-180,小数部分为0到6位!";
const LAT = "纬度整数部分为0-90,小数部分为0到6位!";

export const coordinateCases: RuleCases = {
  longitude: [
    ["", null],
    ["0", null],
    ["116.397128", null],
    ["179.999999", null],
    ["180", null],
    ["180.000000", null],
    ["180.000001", LON],
    ["180.1", LON],
    ["181", LON],
    ["1000", LON],
    ["116.3971281", LON], // 7 decimals
    ["-116.3", LON],
    ["116.", LON],
    ["abc", LON],
  ],
  latitude: [
    ["", null],
    ["0", null],
    ["39.908722", null],
    ["89.999999", null],
    ["90", null],
    ["90.000000", null],
    ["90.000001", LAT],
    ["90.1", LAT],
    ["91", LAT],
    ["100", LAT],
    ["39.9087221", LAT], // 7 decimals
    ["-39.9", LAT],
    ["abc", LAT],
  ],
};
