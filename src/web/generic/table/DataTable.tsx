// The table of every list, generic or hand-written: rows keyed by id, the 暂无数据 empty state, a
// horizontal scroll for wide rows, and (when it scrolls) a named keyboard region (scrollRegion.ts).
import { Empty, Table } from "antd";
import type { TableProps } from "antd";
import { useRef } from "react";
import { useScrollableRegions } from "../scrollRegion.ts";

export type DataTableProps<T> = TableProps<T> & {
  /** The name of the scrolling region (the page or section title). */
  label: string;
};

export function DataTable<T extends object>({ label, ...props }: DataTableProps<T>) {
  const area = useRef<HTMLDivElement>(null);
  useScrollableRegions(area, label, props.dataSource);
  return (
    <div ref={area}>
      <Table<T> rowKey="id" size="middle" scroll={{ x: "max-content" }} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }} {...props} />
    </div>
  );
}
