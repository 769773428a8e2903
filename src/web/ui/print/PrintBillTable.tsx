// The bill table of a printed sheet (a receipt's lines, a dunning letter's unpaid bills): a small
// bordered table without pages, and under its rows the total in Chinese capitals (大写) beside the
// figure, in the last column.
import { Table, type TableProps } from "antd";
import type { ColumnsType } from "antd/es/table";
import { fenOf } from "../../../common/money.ts";
import { amountInWords } from "../../../common/payment/words.ts";

interface PrintBillTableProps<T extends object> {
  rows: readonly T[];
  rowKey: TableProps<T>["rowKey"];
  /** The last column holds the amounts: the total goes under it. */
  columns: ColumnsType<T>;
  /** The total, yuan text ("315.84"). */
  total: string;
}

export function PrintBillTable<T extends object>({ rows, rowKey, columns, total }: PrintBillTableProps<T>) {
  return (
    <Table<T>
      size="small"
      bordered
      rowKey={rowKey}
      pagination={false}
      dataSource={rows}
      columns={columns}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={columns.length - 1}>
            合计（大写）：{amountInWords(fenOf(total))}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            ¥{total}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
