// A 公摊 sheet: each room's basis value and share, and the totals (the shares add up to the total).
import { Table } from "antd";
import { sumYuan } from "../shared/money.ts";

export interface SheetLine {
  roomId: number;
  roomName: string;
  basisValue: string;
  amount: string;
}

export function ShareSheet({
  lines,
  basisTotal,
  totalAmount,
  basisLabel,
  pageSize = 20,
}: {
  lines: SheetLine[];
  basisTotal: string;
  totalAmount: string;
  basisLabel: string;
  pageSize?: number | false;
}) {
  return (
    <Table<SheetLine>
      rowKey="roomId"
      size="small"
      dataSource={lines}
      pagination={pageSize ? { pageSize, hideOnSinglePage: true, showSizeChanger: false } : false}
      scroll={{ x: 480 }}
      columns={[
        { title: "房屋", dataIndex: "roomName" },
        { title: basisLabel, dataIndex: "basisValue", align: "right" },
        { title: "分摊金额(元)", dataIndex: "amount", align: "right" },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}>合计（{lines.length}户）</Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            {basisTotal}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">
            <span data-testid="share-sum">{sumYuan(lines.map((l) => l.amount))}</span>
            {sumYuan(lines.map((l) => l.amount)) === totalAmount ? "" : ` / ${totalAmount}`}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

/** The basis column's title for a basis code. */
export const basisColumn = (basis: number | undefined): string => (basis === 2 ? "户数" : basis === 3 ? "公式权重" : "面积(㎡)");
