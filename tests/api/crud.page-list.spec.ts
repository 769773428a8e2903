// pageList: totals and pages, sorting (with the id tie-break), filters, keyword, limits.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";

describe.each(backends)("pageList (%s)", (backend) => {
  const t = useDemoServer(backend);
  let communityId: number;

  const list = (body: Record<string, unknown>, resource = "buildings") => t.server.request("POST", `/api/system/${resource}/actions/pageList`, { token: t.admin, body: { communityId, ...body } });

  beforeAll(async () => {
    const c = await t.server.request("POST", "/api/system/communities", { token: t.admin, body: { name: "分页社区", areaId: t.ids.areaA } });
    communityId = c.body.data.id;
    // 23 buildings: names B00..B22 created in shuffled order, floors cycling 1..5.
    const order = Array.from({ length: 23 }, (_, i) => (i * 7) % 23);
    for (const n of order) {
      const r = await t.server.request("POST", "/api/system/buildings", {
        token: t.admin,
        body: { communityId, name: `B${String(n).padStart(2, "0")}`, floors: (n % 5) + 1, sortNo: n % 3 },
      });
      expect(r.status).toBe(200);
    }
  });

  it("pages with the right totals, default 10 per page", async () => {
    const pages = [];
    for (let pageNo = 1; pageNo <= 4; pageNo++) pages.push((await list({ pageNo })).body.data);
    expect(pages.map((p) => p.total)).toEqual([23, 23, 23, 23]);
    expect(pages.map((p) => p.list.length)).toEqual([10, 10, 3, 0]);
    expect(pages.map((p) => p.pageSize)).toEqual([10, 10, 10, 10]);
    const all = pages.flatMap((p) => p.list.map((b: { id: number }) => b.id));
    expect(new Set(all).size).toBe(23);
    // Default sort of buildings: id descending.
    expect(all).toEqual([...all].sort((a, b) => b - a));
  });

  it("takes pageSize 1..500 and refuses any other with 400", async () => {
    expect((await list({ pageSize: "7" })).body.data.list).toHaveLength(7);
    expect((await list({ pageSize: 500 })).body.data.pageSize).toBe(500);
    for (const pageSize of [5000, 501, 0, -1, 1.5, "x", {}, [10]]) {
      const r = await list({ pageSize });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 40014, message: "每页条数应为1到500之间的整数", success: false });
    }
  });

  it("sorts by a sortable field both ways, ties broken by id", async () => {
    const asc = (await list({ sortField: "name", sortOrder: "asc", pageSize: 23 })).body.data.list.map((b: { name: string }) => b.name);
    expect(asc).toEqual(Array.from({ length: 23 }, (_, i) => `B${String(i).padStart(2, "0")}`));
    const desc = (await list({ sortField: "name", sortOrder: "descend", pageSize: 5 })).body.data.list.map((b: { name: string }) => b.name);
    expect(desc).toEqual(["B22", "B21", "B20", "B19", "B18"]);

    const bySortNo = (await list({ sortField: "sortNo", sortOrder: "asc", pageSize: 23 })).body.data.list as { sortNo: number; id: number }[];
    for (let i = 1; i < bySortNo.length; i++) {
      const [a, b] = [bySortNo[i - 1], bySortNo[i]];
      expect(a.sortNo < b.sortNo || (a.sortNo === b.sortNo && a.id < b.id)).toBe(true);
    }
    // Paging through a sort with ties gives every row exactly once.
    const seen: number[] = [];
    for (let pageNo = 1; pageNo <= 5; pageNo++) seen.push(...(await list({ sortField: "sortNo", pageNo, pageSize: 5 })).body.data.list.map((b: { id: number }) => b.id));
    expect(new Set(seen).size).toBe(23);
  });

  it("refuses a field that is not sortable with 400 naming it; none given is the default order", async () => {
    const r = await list({ sortField: "floors; drop table buildings", pageSize: 3 });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 40016, message: "不支持按“floors; drop table buildings”排序", success: false });
    expect((await list({ sortField: { a: 1 } })).status).toBe(400);
    const d = await list({ sortField: "", pageSize: 3 });
    const ids3 = d.body.data.list.map((b: { id: number }) => b.id);
    expect(ids3).toEqual([...ids3].sort((a: number, b: number) => b - a));
  });

  it("filters strings by case-insensitive contains, with % and _ taken literally", async () => {
    expect((await list({ name: "b1" })).body.data.total).toBe(10); // B10..B19
    expect((await list({ name: "B2" })).body.data.total).toBe(3); // B20, B21, B22 (not B02)
    expect((await list({ name: "%" })).body.data.total).toBe(0);
    expect((await list({ name: "_" })).body.data.total).toBe(0);
    expect((await list({ keyword: "b0" })).body.data.total).toBe(10);
  });

  it("filters other types exactly, arrays as any-of", async () => {
    const r = await list({ buildingId: undefined }, "units");
    expect(r.status).toBe(200);
    const demoCommunity = await t.server.request("POST", "/api/system/units/actions/pageList", { token: t.admin, body: { communityId: t.ids.communityA, buildingId: t.ids.buildingA } });
    expect(demoCommunity.body.data.total).toBeGreaterThan(0);
    expect(demoCommunity.body.data.list.every((u: { buildingId: number }) => u.buildingId === t.ids.buildingA)).toBe(true);
    const rooms = await t.server.request("POST", "/api/system/rooms/actions/pageList", { token: t.admin, body: { communityId: t.ids.communityA, status: [1, 2], pageSize: 500 } });
    expect(rooms.body.data.total).toBeGreaterThan(0);
    expect(rooms.body.data.list.every((x: { status: number }) => x.status === 1 || x.status === 2)).toBe(true);
  });

  it("counts the total past the last page", async () => {
    const r = await list({ pageNo: 99, pageSize: 10 });
    expect(r.body.data).toMatchObject({ list: [], total: 23, pageNo: 99 });
  });

  it("answers 400 for a page whose offset is not a safe integer, before any query", async () => {
    for (const body of [
      { pageNo: 1e17, pageSize: 500 },
      { pageNo: "1e17", pageSize: 10 },
      { pageNo: Number.MAX_SAFE_INTEGER, pageSize: 2 },
    ]) {
      const r = await list(body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: expect.any(Number), message: expect.stringMatching(/页码应为正整数|pageNo超出允许的范围/), success: false });
    }
    // The largest page whose offset is still exact is simply past the end.
    const far = await list({ pageNo: Math.floor(Number.MAX_SAFE_INTEGER / 500), pageSize: 500 });
    expect(far.status).toBe(200);
    expect(far.body.data).toMatchObject({ list: [], total: 23 });
    // The real last page still works.
    const last = await list({ pageNo: 3, pageSize: 10 });
    expect(last.status).toBe(200);
    expect(last.body.data).toMatchObject({ total: 23, pageNo: 3, pageSize: 10 });
    expect(last.body.data.list).toHaveLength(3);
  });
});
