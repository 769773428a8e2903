// 收银台 /propertyPayment/cashier: find a room (building → unit → room, or search), see its owner and unpaid
// approved bills with totals (and those of the owner's other rooms it adds), take payment (pay methods
// 1–6, cash change), waive, prepay months, reprint a recent receipt; then print the
// numbered receipt (opened at once when the community's settings say so). ?roomId= opens a room.
import { Card, Empty, Grid } from "antd";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useCurrentCommunity } from "../../../state/community.ts";
import type { PayResult } from "../types.ts";
import { NeedCommunity } from "../shared/NeedCommunity.tsx";
import { RoomPicker, type PickedRoom } from "../shared/RoomPicker.tsx";
import { PaidResult } from "./PaidResult.tsx";
import { RoomBillsPanel } from "./RoomBillsPanel.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export default function CashierPage() {
  const community = useCurrentCommunity();
  const navigate = useNavigate();
  // ?roomId= opens that room's bills at once (a row of 欠费管理 links here).
  const [params] = useSearchParams();
  const [room, setRoom] = useState<PickedRoom | null>(() => {
    const id = Number(params.get("roomId"));
    return Number.isInteger(id) && id > 0 ? { id, label: "" } : null;
  });
  const [paid, setPaid] = useState<PayResult | null>(null);
  const title = useRouteTitle();
  // On a phone the picker is too wide for the card's head (it would squeeze the title away): it heads the body instead.
  const narrow = Grid.useBreakpoint().md === false;
  if (!community?.communityId) return <NeedCommunity title={title} />;
  const picker = <RoomPicker key={community.communityId} communityId={community.communityId} value={room?.id} onChange={(r) => (setRoom(r), setPaid(null))} />;
  return (
    <Card title={title} variant="borderless" extra={narrow ? undefined : picker}>
      {narrow && <div style={{ marginBottom: 16 }}>{picker}</div>}
      {paid ? (
        <PaidResult result={paid} onClose={() => setPaid(null)} />
      ) : room ? (
        <RoomBillsPanel key={room.id} roomId={room.id} onPaid={(r, autoPrint) => (autoPrint ? navigate(`/propertyPayment/receipt/${r.receiptId}`) : setPaid(r))} />
      ) : (
        <Empty description="请选择或搜索房屋" />
      )}
    </Card>
  );
}
