// The list page keeps page, size, sort, keyword and filters in the URL query.
import { describe, expect, it } from "vitest";
import { filterFields } from "../../../../src/web/generic/fields.ts";
import { resourceByName } from "../../../../generated/resources.ts";
import { filtersFromForm, readListState, toRefineQuery, writeListState } from "../../../../src/web/generic/listQuery.ts";

const rooms = resourceByName["rooms"];
const filters = filterFields(rooms);
const names = filters.map((f) => f.name);

describe("list state in the URL", () => {
  it("reads page, size, sort, keyword and known filters", () => {
    const state = readListState(new URLSearchParams("pageNo=3&pageSize=20&sortField=floor&sortOrder=desc&keyword=%2030%20&status=5&bogus=1"), names, new Set(["floor"]));
    expect(state).toEqual({ pageNo: 3, pageSize: 20, sortField: "floor", sortOrder: "desc", keyword: "30", filters: { status: "5" } });
  });
  it("falls back on bad values and ignores unsortable fields", () => {
    expect(readListState(new URLSearchParams("pageNo=-1&pageSize=abc&sortField=x&sortOrder=desc"), names, new Set(["floor"]))).toEqual({ pageNo: 1, pageSize: 10, filters: {} });
  });
  it("writes only what differs from the defaults and round-trips", () => {
    const state = { pageNo: 2, pageSize: 10, sortField: "floor", sortOrder: "asc" as const, keyword: "a", filters: { status: "5" } };
    const query = writeListState(state);
    expect(query.toString()).toBe("pageNo=2&sortField=floor&sortOrder=asc&keyword=a&status=5");
    expect(readListState(query, names, new Set(["floor"]))).toEqual(state);
  });
  it("builds Refine's pagination, sorters and typed filters, with fixed route values", () => {
    const state = readListState(new URLSearchParams("status=5&buildingId=1007&keyword=x"), names);
    expect(toRefineQuery(filters, state, { patrolType: 4 })).toEqual({
      pagination: { currentPage: 1, pageSize: 10, mode: "server" },
      sorters: [],
      filters: [
        { field: "buildingId", operator: "eq", value: 1007 },
        { field: "status", operator: "eq", value: 5 },
        { field: "keyword", operator: "eq", value: "x" },
        { field: "patrolType", operator: "eq", value: 4 },
      ],
    });
  });
  it("filter form values become trimmed URL text; empty ones drop out; false stays", () => {
    expect(filtersFromForm({ roomNo: " 1 ", status: undefined, enabled: false, floor: 0, name: "" })).toEqual({ roomNo: "1", enabled: "false", floor: "0" });
  });
});
