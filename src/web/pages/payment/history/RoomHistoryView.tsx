// One room's history: every bill with its state, every charge and refund (labels of spec §3, with
// their receipts), refunds and waivers.
import { Button, Table, Tabs } from "antd";
import dayjs from "dayjs";
import { useNavigate } from "react-router";
import { paymentApi } from "../api.ts";
import { MapTag } from "../shared/labels.tsx";
import { useLoad } from "../shared/useLoad.ts";

const time = (v: string | null) => (v ? dayjs(v).format("YYYY-MM-DD HH:mm") : "-");

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
              columns={[
                { title: "账单编号", dataIndex: "billNo" },
                { title: "缴费项目", dataIndex: "itemName" },
                { title: "账期", dataIndex: "period" },
                { title: "应收(元)", dataIndex: "amountDue", align: "right" },
                { title: "滞纳金(元)", dataIndex: "lateFee", align: "right" },
                { title: "已收(元)", dataIndex: "amountPaid", align: "right" },
                { title: "减免(元)", dataIndex: "amountWaived", align: "right" },
                { title: "未缴(元)", dataIndex: "outstanding", align: "right" },
                { title: "状态", dataIndex: "status", render: (v) => <MapTag mapping="billStatus" value={v} /> },
                { title: "缴清时间", dataIndex: "paidAt", render: time },
              ]}
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
                { title: "收退标识", dataIndex: "returnFlag", render: (v) => <MapTag mapping="returnFlag" value={v} /> },
                { title: "缴费类型", dataIndex: "paymentType", render: (v) => <MapTag mapping="paymentType" value={v} /> },
                { title: "支付方式", dataIndex: "payMethod", render: (v) => <MapTag mapping="payMethod" value={v} /> },
                { title: "金额(元)", dataIndex: "amount", align: "right" },
                { title: "时间", dataIndex: "paidAt", render: time },
                { title: "记账日期", dataIndex: "accountingDay" },
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
              columns={[
                { title: "退款金额(元)", dataIndex: "amount", align: "right" },
                { title: "退款方式", dataIndex: "refundMethod", render: (v) => <MapTag mapping="payMethod" value={v} /> },
                { title: "原因", dataIndex: "reason" },
                { title: "状态", dataIndex: "status", render: (v) => <MapTag mapping="refundStatus" value={v} /> },
                { title: "申请时间", dataIndex: "applyTime", render: time },
                { title: "退款时间", dataIndex: "refundedAt", render: time },
              ]}
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
              columns={[
                { title: "减免方式", dataIndex: "waiverType", render: (v) => <MapTag mapping="waiverType" value={v} /> },
                { title: "折扣", dataIndex: "discount", render: (v) => (v ? `${v} 折` : "-") },
                { title: "减免金额(元)", dataIndex: "amount", align: "right" },
                { title: "原因", dataIndex: "reason" },
                { title: "状态", dataIndex: "status", render: (v) => <MapTag mapping="waiverStatus" value={v} /> },
                { title: "申请时间", dataIndex: "createdAt", render: time },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
