// One room's history: every bill with its state, every charge and refund (labels of spec §3, with
// their receipts), refunds and waivers.
import { Button, Table, Tabs } from "antd";
import { useNavigate } from "react-router";
import { paymentApi } from "../api.ts";
import { BILL_AMOUNTS, billColumns, dateTime, paymentColumns, refundColumns, waiverColumns } from "../shared/columns.tsx";
import { useLoad } from "../shared/useLoad.ts";

export function RoomHistoryView({ roomId }: { roomId: number }) {
  const navigate = useNavigate();
  const h = useLoad(() => paymentApi.roomHistory(roomId), [roomId]);
  const d = h.data;
  return (
    <Tabs
      items={[
        {
          key: "bills",
          label: `账单 (${d?.bills.length ?? 0})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              loading={h.loading}
              dataSource={d?.bills ?? []}
              pagination={{ pageSize: 12 }}
              scroll={{ x: "max-content" }}
              columns={billColumns("billNo", "itemName", "period", ...BILL_AMOUNTS, "status", "paidAt")}
            />
          ),
        },
        {
          key: "payments",
          label: `收退款 (${d?.payments.length ?? 0})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              loading={h.loading}
              dataSource={d?.payments ?? []}
              pagination={{ pageSize: 12 }}
              scroll={{ x: "max-content" }}
              columns={[
                { title: "流水号", dataIndex: "serialNo" },
                ...paymentColumns("returnFlag", "paymentType", "payMethod"),
                { title: "金额(元)", dataIndex: "amount", align: "right" },
                { title: "时间", dataIndex: "paidAt", render: dateTime },
                ...paymentColumns("accountingDay"),
                { title: "收款人", dataIndex: "cashierName" },
                {
                  title: "票据",
                  dataIndex: "receiptNo",
                  render: (v, p) =>
                    p.receiptId ? (
                      <Button type="link" size="small" onClick={() => navigate(`/propertyPayment/receipt/${p.receiptId}`)}>
                        {v}
                      </Button>
                    ) : (
                      (v ?? "-")
                    ),
                },
              ]}
            />
          ),
        },
        {
          key: "refunds",
          label: `退款 (${d?.refunds.length ?? 0})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              dataSource={d?.refunds ?? []}
              pagination={false}
              columns={[...refundColumns("amount", "refundMethod", "reason", "status", "applyTime"), { title: "退款时间", dataIndex: "refundedAt", render: dateTime }]}
            />
          ),
        },
        {
          key: "waivers",
          label: `减免 (${d?.waivers.length ?? 0})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              dataSource={d?.waivers ?? []}
              pagination={false}
              columns={waiverColumns("waiverType", "discount", "amount", "reason", "status", "createdAt")}
            />
          ),
        },
      ]}
    />
  );
}
