// One room's unpaid approved bills with totals (GET roomBills), selectable, with 收款 for the
// selected and 减免 per bill. Shared by the cashier and the bill-pay pages.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Descriptions, Empty, Popconfirm, Space, Table, Typography } from "antd";
import type { TableProps } from "antd";
import { useMemo, useState } from "react";
import type { BillView, PayResult } from "../types.ts";
import { MapTag } from "../shared/labels.tsx";
import { fenOf, sumYuan } from "../shared/money.ts";
import { PayDialog } from "../shared/PayDialog.tsx";
import { WaiverDialog } from "../shared/WaiverDialog.tsx";
import { invalidateBillReads } from "../api.ts";
import { billColumns } from "../shared/columns.tsx";
import { queries } from "../../../http/query-client.ts";
import { accessibleRowSelection } from "../../../generic/rowSelection.tsx";
import { PrepayAccountStatus } from "../../../../../generated/states.ts";

export function RoomBillsPanel({ roomId, onPaid, canWaive = true }: { roomId: number; onPaid: (r: PayResult, autoPrint: boolean) => void; canWaive?: boolean }) {
  const data = useQuery(queries.getRoomBills.queryOptions({ query: { roomId } }));
  const client = useQueryClient();
  // After a payment or a waiver every page showing bills reads them again (this room's first of all).
  const reload = () => void invalidateBillReads(client);
  const payFromBalance = useMutation({ ...queries.payFromBalance.mutationOptions({ loading: "正在从预存款扣款..." }), onSuccess: reload });
  const [selected, setSelected] = useState<number[]>([]);
  const [paying, setPaying] = useState(false);
  const [waiving, setWaiving] = useState<BillView | null>(null);
  const bills = useMemo(() => data.data?.bills ?? [], [data.data]);
  // A new list selects all its bills (adjusted while rendering, not in an effect; null: none shown
  // yet, so bills already in the cache are selected at once).
  const [billsShown, setBillsShown] = useState<BillView[] | null>(null);
  if (billsShown !== bills) {
    setBillsShown(bills);
    setSelected(bills.map((b) => b.id));
  }
  const chosen = bills.filter((b) => selected.includes(b.id));
  const d = data.data;

  const columns: TableProps<BillView>["columns"] = [
    ...billColumns("itemName", "period", "dueDate", "amountDue", "lateFee", "amountPaid", "amountWaived"),
    { title: "未缴(元)", dataIndex: "outstanding", align: "right", render: (v) => <Typography.Text strong>{v}</Typography.Text> },
    ...billColumns("status"),
  ];
  if (canWaive) {
    columns.push({
      title: "操作",
      render: (_v, b) => (
        <Button type="link" size="small" onClick={() => setWaiving(b)}>
          减免
        </Button>
      ),
    });
  }

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {d && (
        <Descriptions size="small" column={4} bordered>
          <Descriptions.Item label="社区">{d.room.communityName}</Descriptions.Item>
          <Descriptions.Item label="房屋">{d.room.roomName}</Descriptions.Item>
          <Descriptions.Item label="建筑面积">{d.room.buildingArea ? `${d.room.buildingArea} ㎡` : "-"}</Descriptions.Item>
          {d.room.chargeArea && <Descriptions.Item label="计费面积">{`${d.room.chargeArea} ㎡`}</Descriptions.Item>}
          <Descriptions.Item label="房屋状态">
            <MapTag mapping="roomOccupancy" value={d.room.occupancyStatus} />
          </Descriptions.Item>
        </Descriptions>
      )}
      {d && d.draftCount > 0 && <Alert type="info" showIcon message={`该房屋另有 ${d.draftCount} 张账单待审核，审核通过后才能缴费`} />}
      <Table<BillView>
        rowKey="id"
        size="small"
        loading={data.isFetching}
        columns={columns}
        dataSource={bills}
        pagination={false}
        scroll={{ x: "max-content" }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), ...accessibleRowSelection(["billNo", "itemName"]) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该房屋没有待缴账单" /> }}
        summary={() =>
          d && bills.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={4}>
                合计（{d.totals.count} 张）
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {d.totals.amountDue}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {d.totals.lateFee}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {d.totals.amountPaid}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {d.totals.amountWaived}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <Typography.Text strong>{d.totals.outstanding}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} colSpan={canWaive ? 2 : 1} />
            </Table.Summary.Row>
          ) : null
        }
      />
      <Space>
        <Button type="primary" size="large" disabled={!chosen.length} onClick={() => setPaying(true)}>
          收款 ¥{sumYuan(chosen.map((b) => b.outstanding))}
        </Button>
        {d?.prepay && d.prepay.status === PrepayAccountStatus.Active && (
          <Popconfirm
            title="预存款缴费"
            description={`从预存款余额 ¥${d.prepay.balance} 中扣除 ¥${sumYuan(chosen.map((b) => b.outstanding))}，确定吗？`}
            disabled={!chosen.length || fenOf(d.prepay.balance) < fenOf(sumYuan(chosen.map((b) => b.outstanding)))}
            onConfirm={async () => {
              const r = await payFromBalance.mutateAsync({ body: { billIds: chosen.map((b) => b.id), expectedAmount: sumYuan(chosen.map((b) => b.outstanding)) } });
              onPaid(r, !!d.autoPrintReceipt);
            }}
          >
            <Button size="large" disabled={!chosen.length || fenOf(d.prepay.balance) < fenOf(sumYuan(chosen.map((b) => b.outstanding)))}>
              预存款缴费（余额 ¥{d.prepay.balance}）
            </Button>
          </Popconfirm>
        )}
        <Typography.Text type="secondary">已选 {chosen.length} 张账单</Typography.Text>
      </Space>
      <PayDialog
        open={paying}
        bills={chosen}
        payMethods={d?.payMethods ?? []}
        allowPartial={!!d?.allowPartialPayment}
        onClose={() => setPaying(false)}
        onStale={() => {
          setPaying(false);
          reload();
        }}
        onPaid={(r) => {
          setPaying(false);
          reload();
          onPaid(r, !!d?.autoPrintReceipt);
        }}
      />
      <WaiverDialog
        bill={waiving}
        onClose={() => setWaiving(null)}
        onDone={() => {
          setWaiving(null);
          reload();
        }}
      />
    </Space>
  );
}
