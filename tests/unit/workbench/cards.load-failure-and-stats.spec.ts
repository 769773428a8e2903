import { describe, expect, it } from "vitest";
import { countsByMapping } from "../../../src/server/workbench/workbench-stats.ts";
import { chinaDays, chinaMonthStart } from "../../../src/common/china-time.ts";
import { cardState } from "../../../src/web/pages/workbench/card-state.ts";

describe("a workbench card's data (spec §8)", () => {
  const refetch = () => Promise.resolve();
  const plain = ({ reload: _reload, ...state }: ReturnType<typeof cardState<number>>) => state;

  it("is loading until the answer comes, then ready", () => {
    expect(plain(cardState<number>({ data: undefined, isError: false, refetch }))).toEqual({ status: "loading" });
    expect(plain(cardState({ data: 7, isError: false, refetch }))).toEqual({ status: "ready", data: 7 });
  });

  it("is failed when the call fails, and 刷新 fetches it again", () => {
    let fetched = 0;
    const state = cardState<number>({ data: undefined, isError: true, refetch: () => Promise.resolve(++fetched) });
    expect(plain(state)).toEqual({ status: "failed" });
    state.reload();
    expect(fetched).toBe(1);
  });
});

describe("statistics helpers of the server", () => {
  it("counts days in China time, oldest first", () => {
    // 2024-05-01 17:00 UTC is 2024-05-02 01:00 in China.
    const { days, since } = chinaDays(new Date("2024-05-01T17:00:00Z"), 7);
    expect(days).toEqual(["2024-04-26", "2024-04-27", "2024-04-28", "2024-04-29", "2024-04-30", "2024-05-01", "2024-05-02"]);
    expect(since.toISOString()).toBe("2024-04-25T16:00:00.000Z");
  });

  it("starts the month at midnight China time", () => {
    expect(chinaMonthStart(new Date("2024-05-31T17:00:00Z")).toISOString()).toBe("2024-05-31T16:00:00.000Z");
    expect(chinaMonthStart(new Date("2024-05-15T03:00:00Z")).toISOString()).toBe("2024-04-30T16:00:00.000Z");
  });

  it("lists every value of a mapping, with zeros, and unknown values after", () => {
    expect(
      countsByMapping("residentIdentity", [
        { value: 2, count: 3 },
        { value: 9, count: 1 },
      ]),
    ).toEqual([
      { value: 1, label: "业主", count: 0 },
      { value: 2, label: "家属", count: 3 },
      { value: 3, label: "租客", count: 0 },
      { value: 9, label: "其他", count: 1 },
    ]);
  });
});
