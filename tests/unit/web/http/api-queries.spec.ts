// The generated react-query helpers over the app's client (src/web/http/query-client.ts builds them
// the same way): a query key is the operation's name and its input, stable whatever the order of
// the input's keys, under the operation's own key (which invalidates all of them); the options are
// the transport's, never part of the key; one QueryClient caches a read and refetches it once
// invalidated.
import { hashKey, partialMatchKey, QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient, createApiQueries, operationRoutes } from "../../../../generated/api-client.ts";
import { performThrough } from "../../../../src/web/http/api.ts";
import type { RequestOptions } from "../../../../src/web/http/request.ts";

// The client as the app builds it, over a recording wrapper instead of the real one.
const request = vi.fn(async (..._args: unknown[]) => ({ answered: true }));
const queries = createApiQueries(createApiClient<RequestOptions>(performThrough(request)));

describe("the generated react-query helpers", () => {
  beforeEach(() => request.mockClear());

  it("key every query by the operation's name and input, stable and under the operation's key", () => {
    const a = queries.queryBills.queryKey({ body: { communityId: 1, pageNo: 2, pageSize: 20 } });
    const b = queries.queryBills.queryKey({ body: { pageSize: 20, pageNo: 2, communityId: 1 } });
    expect(a).toEqual(["queryBills", { body: { communityId: 1, pageNo: 2, pageSize: 20 } }]);
    expect(hashKey(a)).toBe(hashKey(b));
    expect(hashKey(a)).not.toBe(hashKey(queries.queryBills.queryKey({ body: { communityId: 1, pageNo: 3, pageSize: 20 } })));
    expect(partialMatchKey(a, queries.queryBills.key)).toBe(true);
    expect(partialMatchKey(a, queries.getRoomBills.key)).toBe(false);
    // No input and an empty one are the same query.
    expect(hashKey(queries.getGlobalBoard.queryKey())).toBe(hashKey(queries.getGlobalBoard.queryKey({})));
  });

  it("query through the request wrapper with its options, which are not part of the key", async () => {
    const silent = queries.printReceipt.queryOptions({ params: { id: 5 } }, { silent: true });
    expect(silent.queryKey).toEqual(queries.printReceipt.queryOptions({ params: { id: 5 } }).queryKey);
    await silent.queryFn();
    expect(request).toHaveBeenCalledWith("get", "/api/property/receipts/5/actions/print", undefined, { silent: true });
    // A POST that reads (a list) is a query too.
    await queries.queryBills.queryOptions({ body: { communityId: 1 } }).queryFn();
    expect(request).toHaveBeenLastCalledWith("post", operationRoutes.queryBills.path, { communityId: 1 }, undefined);
  });

  it("give every operation but a GET a mutation: the call as mutationFn, its input as the variables", async () => {
    const pay = queries.payFromBalance.mutationOptions({ loading: "正在从预存款扣款..." });
    expect(pay.mutationKey).toEqual(["payFromBalance"]);
    await pay.mutationFn({ body: { billIds: [1, 2], expectedAmount: "3.00" } });
    expect(request).toHaveBeenCalledWith("post", operationRoutes.payFromBalance.path, { billIds: [1, 2], expectedAmount: "3.00" }, { loading: "正在从预存款扣款..." });
    const gets = Object.entries(operationRoutes).filter(([, r]) => r.method === "GET");
    expect(gets.length).toBeGreaterThan(0);
    for (const [name, route] of Object.entries(operationRoutes)) {
      expect("mutationOptions" in queries[name as keyof typeof queries], name).toBe(route.method !== "GET");
    }
  });

  it("cache a read in one QueryClient and read it again once its operation's key is invalidated", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const options = queries.getRoomBills.queryOptions({ query: { roomId: 9 } });
    expect(await client.fetchQuery(options)).toEqual({ answered: true });
    await client.fetchQuery(options);
    expect(request).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(options.queryKey)).toEqual({ answered: true });
    await client.invalidateQueries({ queryKey: queries.getRoomBills.key });
    await client.fetchQuery(options);
    expect(request).toHaveBeenCalledTimes(2);
    client.clear();
  });
});
