// One room's history: every bill with its state, every charge and refund (labels of spec §3, with
// their receipts), refunds and waivers.
import { useQuery } from "@tanstack/react-query";
import { Button, Table, Tabs } from "antd";
import type { TableProps } from "antd";
import { useNavigate } from "react-router";
import { BILL_AMOUNTS, billColumns, dateTime, orDash, paymentColumns, refundColumns, waiverColumns } from "../shared/columns.tsx";
import { queries } from "../../../http/query-client.ts";

/**
 * A tab of the history: its rows counted in the label, as a small table. The long lists (bills,
 * charges and refunds) are paged by 12 and scroll sideways; the short ones show every row.
 */
function historyTab<T extends { id: number }>(key: string, label: string, rows: T[] | undefined, columns: TableProps<T>["columns"], o: { loading?: boolean; paged?: boolean } = {}) {
  return {
    key,
    label: `${label} (${rows?.length ?? 0})`,
    children: (
      <Table<T>
        rowKey="id"
        size="small"
        loading={o.loading}
        dataSource={rows ?? []}
        pagination={o.paged ? { pageSize: 12 } : false}
        scroll={o.paged ? { x: "max-content" } : undefined}
        columns={columns}
      />
    ),
  };
}

export function RoomHistoryView({ roomId }: { roomId: number }) {
  const navigate = useNavigate();
  const h = useQuery(queries.getRoomHistory.queryOptions({ query: { roomId } }));
  const d = h.data;
  const long = { loading: h.isFetching, paged: true };
  return (
    <Tabs
      items={[
        historyTab("bills", "账单", d?.bills, billColumns("billNo", "itemName", "period", ...BILL_AMOUNTS, "status", "paidAt"), long),
        historyTab(
          "payments",
          "收退款",
          d?.payments,
          [
            { title: "流水号", dataIndex: "serialNo" },
            ...paymentColumns("returnFlag", "paymentType", "payMethod"),
            { title: "金额(元)", dataIndex: "amount", align: "right" },
            { title: "时间", dataIndex: "paidAt", render: dateTime },
            ...paymentColumns("accountingDay"),
            { title: "收款人", dataIndex: "cashierName" },
            {
              title: "票据",
              dataIndex: "receiptNo",
              render: (v: string | null, p) =>
                p.receiptId ? (
                  <Button type="link" size="small" onClick={() => navigate(`/propertyPayment/receipt/${p.receiptId}`)}>
                    {v}
                  </Button>
                ) : (
                  (v ?? "-")
                ),
            },
          ],
          long,
        ),
        historyTab("refunds", "退款", d?.refunds, [
          ...refundColumns("refundKind", "amount", "refundMethod", "reason", "status", "applyTime"),
          { title: "退款时间", dataIndex: "refundedAt", render: dateTime },
          { title: "退款凭证号", dataIndex: "voucherNo", render: orDash },
        ]),
        historyTab("waivers", "减免", d?.waivers, waiverColumns("waiverType", "discount", "amount", "reason", "status", "createdAt")),
      ]}
    />
  );
}
