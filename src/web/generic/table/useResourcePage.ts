// A page of a generic resource's rows for a hand-written list, through Refine's data provider
// (POST …/actions/pageList): the query's fields are the filters; null waits (e.g. for a community).
import { useList, type BaseRecord, type CrudFilter } from "@refinedev/core";
import { useCallback, useMemo } from "react";
import type { PagedList } from "./usePaging.ts";

type Query = Record<string, unknown>;

export const filtersOf = (query: Query): CrudFilter[] => Object.entries(query).map(([field, value]) => ({ field, operator: "eq", value }));

export function useResourcePage<T>(resource: string, query: Query | null, page: { pageNo: number; pageSize: number }): PagedList<T> & { reload: () => void } {
  const { query: q } = useList<BaseRecord>({
    resource,
    pagination: { currentPage: page.pageNo, pageSize: page.pageSize, mode: "server" },
    filters: filtersOf(query ?? {}),
    meta: { communityId: query?.communityId },
    queryOptions: { enabled: query !== null },
    successNotification: false,
    errorNotification: false,
  });
  const data = useMemo(() => (q.data ? { list: q.data.data as T[], total: q.data.total ?? q.data.data.length } : undefined), [q.data]);
  const { refetch } = q;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { data, loading: q.isFetching, reload };
}
