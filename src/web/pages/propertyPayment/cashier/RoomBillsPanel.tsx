// The desk's room: its owner (phone masked) and unpaid approved bills (GET roomBills), selectable,
// with 收款 and 扫码支付 (an online order's QR, this room's bills only) for the selected and 减免 per
// bill; the owner's other rooms of the community with bills to pay, whose bills can join the list
// (one payment, one receipt for all); 预缴 of months of a monthly item; the room's recent receipts
// with 打印票据.
import { useMutation, useQueries, useQuery } from "@tanstack/react-query";
import { Alert, Button, Descriptions, Empty, Popconfirm, Space, Table, Tooltip, Typography } from "antd";
import type { TableProps } from "antd";
import { useState } from "react";
import type { BillView, PayResult } from "../types.ts";
import { MapTag } from "../shared/labels.tsx";
import { fenOf, sumYuan } from "../shared/money.ts";
import { PayDialog } from "../shared/PayDialog.tsx";
import { WaiverDialog } from "../shared/WaiverDialog.tsx";
import { useBillsWritten } from "../shared/queries.ts";
import { billColumns } from "../shared/columns.tsx";
import { OwnerRooms } from "./OwnerRooms.tsx";
import { PrepayDialog } from "./PrepayDialog.tsx";
import { OnlinePayDialog } from "../online/OnlinePayDialog.tsx";
import { RecentReceipts } from "./RecentReceipts.tsx";
import { queries } from "../../../http/query-client.ts";
import { accessibleRowSelection } from "../../../generic/rowSelection.tsx";
import { PrepayAccountStatus } from "../../../../../generated/states.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { texts } from "../../../../../generated/texts.ts";

/** The money columns the desk shows, and 未缴 after them: the summary row sums the same list, a cell under each column. */
const DESK_AMOUNTS = ["amountDue", "lateFee", "amountPaid", "amountWaived"] as const;
const DESK_TOTALS = [...DESK_AMOUNTS, "outstanding"] as const;

export function RoomBillsPanel({ roomId, onPaid, canWaive = true }: { roomId: number; onPaid: (r: PayResult, autoPrint: boolean) => void; canWaive?: boolean }) {
  const data = useQuery(queries.getRoomBills.queryOptions({ query: { roomId } }));
  const desk = useQuery(queries.getCashierDesk.queryOptions({ query: { roomId } }));
  // A payment or a waiver (the dialogs' own) makes every page showing bills read them again (this
  // room's first of all); so does a payment refused as stale (the bills changed meanwhile).
  const billsWritten = useBillsWritten();
  const reload = () => void billsWritten();
  const payFromBalance = useMutation({ ...queries.payFromBalance.mutationOptions({ loading: "正在从预存款扣款..." }), onSuccess: reload });
  // The owner's other rooms added to this payment.
  const [added, setAdded] = useState<number[]>([]);
  const others = useQueries({ queries: added.map((id) => queries.getRoomBills.queryOptions({ query: { roomId: id } })) });
  const [selected, setSelected] = useState<number[]>([]);
  const [paying, setPaying] = useState(false);
  const [prepaying, setPrepaying] = useState(false);
  const [payingOnline, setPayingOnline] = useState(false);
  const [waiving, setWaiving] = useState<BillView | null>(null);
  // Every chosen room's bills, each named by its room (the desk's room first); an added room's answer
  // held over from another room while its own loads is not shown.
  const answers = [data.data, ...others.map((o) => (o.isPlaceholderData ? undefined : o.data))];
  const bills: BillView[] = answers.flatMap((a) => (a ? a.bills.map((b) => ({ ...b, roomLabel: a.room.roomName })) : []));
  // A new list selects its new bills and keeps the choice made among the others (adjusted while
  // rendering, not in an effect; null: none shown yet, so bills already in the cache are selected at once).
  const listKey = [data.dataUpdatedAt, ...others.map((o) => `${o.dataUpdatedAt}:${o.isPlaceholderData}`), ...added].join("|");
  const [shown, setShown] = useState<{ key: string; ids: number[] } | null>(null);
  if (shown?.key !== listKey) {
    const before = new Set(shown?.ids ?? []);
    setShown({ key: listKey, ids: bills.map((b) => b.id) });
    setSelected(bills.filter((b) => !before.has(b.id) || selected.includes(b.id)).map((b) => b.id));
  }
  const chosen = bills.filter((b) => selected.includes(b.id));
  const chosenTotal = sumYuan(chosen.map((b) => b.outstanding));
  const d = data.data;
  const severalRooms = added.length > 0;
  const onlyThisRoom = chosen.every((b) => b.roomId === roomId);

  const columns: TableProps<BillView>["columns"] = [
    ...(severalRooms ? billColumns("roomLabel") : []),
    ...billColumns("itemName", "period", "dueDate", ...DESK_AMOUNTS),
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
  const lead = severalRooms ? 5 : 4;

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {d && (
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} bordered>
          <Descriptions.Item label="社区">{d.room.communityName}</Descriptions.Item>
          <Descriptions.Item label="房屋">{d.room.roomName}</Descriptions.Item>
          <Descriptions.Item label="业主">{d.owner ? d.owner.name : "-"}</Descriptions.Item>
          <Descriptions.Item label="业主电话">{d.owner?.phone ?? "-"}</Descriptions.Item>
          <Descriptions.Item label="建筑面积">{d.room.buildingArea ? fillTexts.payDesk.area({ area: d.room.buildingArea }) : "-"}</Descriptions.Item>
          {d.room.chargeArea && <Descriptions.Item label="计费面积">{fillTexts.payDesk.area({ area: d.room.chargeArea })}</Descriptions.Item>}
          <Descriptions.Item label="房屋状态">
            <MapTag mapping="roomOccupancy" value={d.room.occupancyStatus} />
          </Descriptions.Item>
        </Descriptions>
      )}
      {d && d.draftCount > 0 && <Alert type="info" showIcon message={fillTexts.payDesk.drafts({ count: d.draftCount })} />}
      <OwnerRooms rooms={desk.data?.ownerRooms ?? []} added={added} onToggle={(id) => setAdded((a) => (a.includes(id) ? a.filter((x) => x !== id) : [...a, id]))} />
      <Table<BillView>
        rowKey="id"
        size="small"
        loading={data.isFetching || others.some((o) => o.isFetching)}
        columns={columns}
        dataSource={bills}
        pagination={false}
        scroll={{ x: "max-content" }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), ...accessibleRowSelection(["billNo", "itemName"]) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该房屋没有待缴账单" /> }}
        summary={() =>
          bills.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={lead}>
                合计（{bills.length} 张）
              </Table.Summary.Cell>
              {DESK_TOTALS.map((f, k) => (
                <Table.Summary.Cell key={f} index={k + 1} align="right">
                  {f === "outstanding" ? <Typography.Text strong>{sumYuan(bills.map((b) => b[f]))}</Typography.Text> : sumYuan(bills.map((b) => b[f]))}
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={DESK_TOTALS.length + 1} colSpan={canWaive ? 2 : 1} />
            </Table.Summary.Row>
          ) : null
        }
      />
      <Space wrap>
        <Button type="primary" size="large" disabled={!chosen.length} onClick={() => setPaying(true)}>
          收款 ¥{chosenTotal}
        </Button>
        <Tooltip title={onlyThisRoom ? undefined : texts.payOnlineDesk.onlyOneRoom}>
          <Button size="large" disabled={!chosen.length || !onlyThisRoom} onClick={() => setPayingOnline(true)}>
            {texts.payOnlineDesk.button}
          </Button>
        </Tooltip>
        {d?.prepay && d.prepay.status === PrepayAccountStatus.Active && (
          <Popconfirm
            title="预存款缴费"
            description={fillTexts.payDesk.fromBalance({ balance: d.prepay.balance, amount: chosenTotal })}
            disabled={!chosen.length || !onlyThisRoom || fenOf(d.prepay.balance) < fenOf(chosenTotal)}
            onConfirm={async () => {
              const r = await payFromBalance.mutateAsync({ body: { billIds: chosen.map((b) => b.id), expectedAmount: chosenTotal } });
              onPaid(r, !!d.autoPrintReceipt);
            }}
          >
            <Button size="large" disabled={!chosen.length || !onlyThisRoom || fenOf(d.prepay.balance) < fenOf(chosenTotal)}>
              预存款缴费（余额 ¥{d.prepay.balance}）
            </Button>
          </Popconfirm>
        )}
        <Button size="large" onClick={() => setPrepaying(true)}>
          预缴
        </Button>
        <Typography.Text type="secondary">
          已选 {chosen.length} 张账单{severalRooms ? fillTexts.payDesk.severalRooms({ rooms: new Set(chosen.map((b) => b.roomId)).size }) : ""}
        </Typography.Text>
      </Space>
      <RecentReceipts roomId={roomId} />
      <PayDialog
        open={paying}
        bills={chosen}
        roomId={roomId}
        payMethods={d?.payMethods ?? []}
        allowPartial={!!d?.allowPartialPayment}
        onClose={() => setPaying(false)}
        onStale={() => {
          setPaying(false);
          reload();
        }}
        onPaid={(r) => {
          setPaying(false);
          onPaid(r, !!d?.autoPrintReceipt);
        }}
      />
      <PrepayDialog
        open={prepaying}
        roomId={roomId}
        payMethods={d?.payMethods ?? []}
        onClose={() => setPrepaying(false)}
        onPaid={(r) => {
          setPrepaying(false);
          onPaid(r, !!d?.autoPrintReceipt);
        }}
      />
      {payingOnline && <OnlinePayDialog roomId={roomId} billIds={chosen.map((b) => b.id)} onClose={() => setPayingOnline(false)} />}
      <WaiverDialog bill={waiving} onClose={() => setWaiving(null)} onDone={() => setWaiving(null)} />
    </Space>
  );
}
