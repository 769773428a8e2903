// The data provider's mapping of Refine calls onto the generic endpoints of DESIGN.md, observed on
// a real HTTP server through the request wrapper (nothing of axios is mocked).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { configureRequest, resetRequestState } from "../../../../src/web/http/request.ts";
import { dataProvider, filtersToBody } from "../../../../src/web/providers/dataProvider.ts";
import { setCurrentCommunity } from "../../../../src/web/state/community.ts";

interface Seen {
  method: string;
  url: string;
  body: unknown;
}

let server: Server;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const url = req.url ?? "";
      seen.push({ method: req.method ?? "", url, body: raw ? JSON.parse(raw) : undefined });
      let data: unknown = null;
      if (url.endsWith("/actions/pageList"))
        data = {
          list: [
            { id: 1, name: "一号" },
            { id: 2, name: "二号" },
          ],
          total: 42,
          pageNo: 1,
          pageSize: 10,
        };
      else if (/\/\d+$/.test(url) && req.method === "GET") {
        const id = Number(url.split("/").pop());
        if (id === 404) {
          res.writeHead(404, { "content-type": "application/json" });
          return res.end(JSON.stringify({ code: 404, message: "数据不存在或已被删除", data: null, success: false }));
        }
        data = { id, name: `#${id}` };
      } else if (req.method === "POST" || req.method === "PUT") data = { id: 9, ...(raw ? JSON.parse(raw) : {}) };
      else if (url.endsWith("/actions/batchDelete")) data = { deleted: 2 };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 0, message: "成功", data, success: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  resetRequestState();
  configureRequest({ adapter: "http", baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, showError: () => undefined });
  setCurrentCommunity({ communityId: 1003, communityName: "演示社区" });
  seen.length = 0;
});

describe("getList → POST /api/{service}/{resource}/actions/pageList", () => {
  it("sends page, sort and filters, and the current community for a community-scoped resource", async () => {
    const result = await dataProvider.getList({
      resource: "rooms",
      pagination: { currentPage: 3, pageSize: 20, mode: "server" },
      sorters: [{ field: "floor", order: "desc" }],
      filters: [
        { field: "status", operator: "eq", value: 5 },
        { field: "keyword", operator: "eq", value: "  30 " },
        { field: "roomNo", operator: "contains", value: "" },
        { field: "unitId", operator: "eq", value: null },
      ],
    });
    expect(seen).toEqual([
      {
        method: "POST",
        url: "/api/system/rooms/actions/pageList",
        body: { pageNo: 3, pageSize: 20, sortField: "floor", sortOrder: "desc", status: 5, keyword: "30", communityId: 1003 },
      },
    ]);
    expect(result).toEqual({
      data: [
        { id: 1, name: "一号" },
        { id: 2, name: "二号" },
      ],
      total: 42,
    });
  });

  it("takes the service from the resource meta (visitor service) and sends no community for tenant resources", async () => {
    await dataProvider.getList({ resource: "visitors", pagination: { currentPage: 1, pageSize: 10 } });
    await dataProvider.getList({ resource: "users", pagination: { currentPage: 1, pageSize: 10 } });
    expect(seen[0]).toMatchObject({ url: "/api/visitor/visitors/actions/pageList", body: { pageNo: 1, pageSize: 10, communityId: 1003 } });
    expect(seen[1]).toEqual({ method: "POST", url: "/api/system/users/actions/pageList", body: { pageNo: 1, pageSize: 10 } });
  });

  it("resolves resources that have no route from the schema (areas → system)", async () => {
    await dataProvider.getList({ resource: "areas", pagination: { currentPage: 1, pageSize: 50 } });
    expect(seen[0].url).toBe("/api/system/areas/actions/pageList");
  });

  it("a community given in meta wins over the current one", async () => {
    await dataProvider.getList({ resource: "rooms", pagination: { currentPage: 1, pageSize: 10 }, meta: { communityId: 2000 } });
    expect(seen[0].body).toMatchObject({ communityId: 2000 });
  });

  it("meta.communityId null sends no community (every community the session sees)", async () => {
    await dataProvider.getList({
      resource: "inhabitants",
      pagination: { currentPage: 1, pageSize: 20 },
      filters: [{ field: "keyword", operator: "contains", value: "张" }],
      meta: { communityId: null },
    });
    expect(seen[0]).toEqual({ method: "POST", url: "/api/system/inhabitants/actions/pageList", body: { pageNo: 1, pageSize: 20, keyword: "张" } });
  });

  it("pagination off asks for the first 500 rows (menuCustomizations)", async () => {
    await dataProvider.getList({ resource: "menuCustomizations", pagination: { mode: "off" } });
    expect(seen[0]).toEqual({ method: "POST", url: "/api/system/menuCustomizations/actions/pageList", body: { pageNo: 1, pageSize: 500 } });
  });
});

describe("the other calls", () => {
  it("getOne → GET /api/S/R/{id}", async () => {
    expect(await dataProvider.getOne({ resource: "inhabitants", id: 7 })).toEqual({ data: { id: 7, name: "#7" } });
    expect(seen[0]).toEqual({ method: "GET", url: "/api/system/inhabitants/7", body: undefined });
  });

  it("create → POST /api/S/R with the community of a community-scoped resource", async () => {
    await dataProvider.create({ resource: "cards", variables: { cardNo: "A1" } });
    await dataProvider.create({ resource: "characters", variables: { name: "角色" } });
    expect(seen[0]).toEqual({ method: "POST", url: "/api/system/cards", body: { cardNo: "A1", communityId: 1003 } });
    expect(seen[1]).toEqual({ method: "POST", url: "/api/system/characters", body: { name: "角色" } });
  });

  it("update → PUT /api/S/R/{id}", async () => {
    await dataProvider.update({ resource: "rooms", id: 5, variables: { roomNo: "101", version: 2 } });
    expect(seen[0]).toEqual({ method: "PUT", url: "/api/system/rooms/5", body: { roomNo: "101", version: 2 } });
  });

  it("deleteOne → DELETE /api/S/R/{id}", async () => {
    await dataProvider.deleteOne({ resource: "notices", id: 3 });
    expect(seen[0]).toMatchObject({ method: "DELETE", url: "/api/property/notices/3" });
  });

  it("deleteMany → DELETE /api/S/R/actions/batchDelete {ids} (integer ids as numbers)", async () => {
    await dataProvider.deleteMany!({ resource: "cards", ids: ["11", 12] });
    expect(seen[0]).toEqual({ method: "DELETE", url: "/api/system/cards/actions/batchDelete", body: { ids: [11, 12] } });
  });

  it("getMany → one GET per distinct id; a missing row is left out", async () => {
    const result = await dataProvider.getMany!({ resource: "buildings", ids: [1, "2", 1, 404] });
    expect(seen.map((s) => `${s.method} ${s.url}`).sort()).toEqual(["GET /api/system/buildings/1", "GET /api/system/buildings/2", "GET /api/system/buildings/404"]);
    expect(result.data).toEqual([
      { id: 1, name: "#1" },
      { id: 2, name: "#2" },
    ]);
  });

  it("rejects with the wrapper's error (status and code)", async () => {
    await expect(dataProvider.getOne({ resource: "rooms", id: 404 })).rejects.toMatchObject({ status: 404, statusCode: 404, code: 404 });
  });
});

describe("filtersToBody", () => {
  it("keeps false and 0, drops empty values and conditional filters", () => {
    expect(
      filtersToBody([
        { field: "enabled", operator: "eq", value: false },
        { field: "floor", operator: "eq", value: 0 },
        { field: "name", operator: "contains", value: " 张 " },
        { field: "ids", operator: "in", value: [] },
        { operator: "or", value: [{ field: "a", operator: "eq", value: 1 }] },
      ]),
    ).toEqual({ enabled: false, floor: 0, name: "张" });
  });
});
