// A page of a generic fee resource's rows as react-query options, for reads a Refine list hook cannot
// make (one per chosen community, a lookup on click): read through Refine's data provider and kept
// under Refine's own list key, so the writes that invalidate the resource's lists reach them too.
import { keys, useDataProvider, type CrudFilter } from "@refinedev/core";
import { queryOptions } from "@tanstack/react-query";
import { useCallback } from "react";
import type { PageResult } from "../../../generic/table/usePaging.ts";

type Query = Record<string, unknown>;

export function useResourceListOptions() {
  const dataProvider = useDataProvider();
  return useCallback(
    <T>(resource: string, query: Query, pageSize: number) =>
      queryOptions({
        queryKey: keys().data("default").resource(resource).action("list").params({ query, pageSize }).get(),
        queryFn: async (): Promise<PageResult<T>> => {
          const filters: CrudFilter[] = Object.entries(query).map(([field, value]) => ({ field, operator: "eq", value }));
          const { data, total } = await dataProvider().getList({ resource, pagination: { currentPage: 1, pageSize, mode: "server" }, filters, meta: { communityId: query.communityId } });
          return { list: data as T[], total };
        },
      }),
    [dataProvider],
  );
}
