// Server-side paging of a hand-written list: the page state, going back to the first page on a new
// query, and the DataTable props of a paged list (rows, total, loading, pagination).
import { fillTexts } from "../../../../generated/fill-texts.ts";
import type { TablePaginationConfig } from "antd";
import { useCallback, useState } from "react";

/** One page of a list as the API answers it. */
export interface PageResult<T> {
  list: T[];
  total: number;
}

/** A page of rows as it loads. */
export interface PagedList<T> {
  data?: PageResult<T>;
  loading: boolean;
}

export interface PageOptions {
  /** Counting word of the total ("张", "条"); no total without it. */
  unit?: string;
  sizeChanger?: boolean;
}

export function usePaging(pageSize: number) {
  const [page, setPage] = useState({ pageNo: 1, pageSize });
  const firstPage = useCallback(() => setPage((p) => ({ ...p, pageNo: 1 })), []);
  const table = <T>(list: PagedList<T>, { unit, sizeChanger }: PageOptions = {}) => {
    const pagination: TablePaginationConfig = {
      current: page.pageNo,
      pageSize: page.pageSize,
      total: list.data?.total ?? 0,
      onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
    };
    if (sizeChanger) pagination.showSizeChanger = true;
    if (unit) pagination.showTotal = (n) => fillTexts.webList.totalOf({ count: n, unit });
    return { loading: list.loading, dataSource: list.data?.list ?? [], pagination };
  };
  return { page, firstPage, table };
}
