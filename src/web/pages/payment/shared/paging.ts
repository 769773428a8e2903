// Server-side paging of a fee list: the page state, going back to the first page on a new query,
// and the Table props of a paged list (row key, loading, rows, pagination).
import type { TablePaginationConfig } from "antd";
import { useCallback, useState } from "react";
import type { PageResult } from "../types.ts";

export interface PageOptions {
  /** Counting word of the total ("张", "条"); no total without it. */
  unit?: string;
  sizeChanger?: boolean;
}

export function usePaging(pageSize: number) {
  const [page, setPage] = useState({ pageNo: 1, pageSize });
  const firstPage = useCallback(() => setPage((p) => ({ ...p, pageNo: 1 })), []);
  const table = <T>(list: { data?: PageResult<T>; loading: boolean }, { unit, sizeChanger }: PageOptions = {}) => {
    const pagination: TablePaginationConfig = {
      current: page.pageNo,
      pageSize: page.pageSize,
      total: list.data?.total ?? 0,
      onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
    };
    if (sizeChanger) pagination.showSizeChanger = true;
    if (unit) pagination.showTotal = (n) => `共 ${n} ${unit}`;
    return { rowKey: "id" as const, size: "middle" as const, loading: list.loading, dataSource: list.data?.list ?? [], scroll: { x: "max-content" }, pagination };
  };
  return { page, firstPage, table };
}
