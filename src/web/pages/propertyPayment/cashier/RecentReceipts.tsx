// The room's recent receipts at the desk (number, date, amount, 收款人 by name), each with 打印票据:
// the print page of the receipt, for a reprint.
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Table } from "antd";
import { useNavigate } from "react-router";
import { queries } from "../../../http/query-client.ts";
import { MapTag } from "../shared/labels.tsx";
import { dateTime, orDash } from "../shared/columns.tsx";
import type { GetCashierDeskData } from "../../../../../generated/operation-types.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

type Receipt = GetCashierDeskData["recentReceipts"][number];

export function RecentReceipts({ roomId }: { roomId: number }) {
  const navigate = useNavigate();
  const desk = useQuery(queries.getCashierDesk.queryOptions({ query: { roomId } }));
  return (
    <Card size="small" title="最近票据" styles={{ body: { padding: 0 } }}>
      <Table<Receipt>
        rowKey="id"
        size="small"
        loading={desk.isFetching}
        dataSource={desk.data?.recentReceipts ?? []}
        pagination={false}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: "该房屋暂无票据" }}
        columns={[
          { title: "票据号", dataIndex: "receiptNo" },
          { title: "开具时间", dataIndex: "issuedAt", render: dateTime },
          { title: "金额(元)", dataIndex: "amount", align: "right" },
          { title: "支付方式", dataIndex: "payMethod", render: (v: number | null) => <MapTag mapping="payMethod" value={v} /> },
          { title: "收款人", dataIndex: "issuerName", render: orDash },
          {
            title: "操作",
            key: "print",
            render: (_v, r) => (
              <Button type="link" size="small" aria-label={fillTexts.payDesk.printReceipt({ receiptNo: r.receiptNo })} onClick={() => navigate(`/propertyPayment/receipt/${r.id}`)}>
                打印票据
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
