// 票据 (receipts?room=<id>): a bound room's receipts, the newest first, 已作废 marked; one opens at
// receipts/<id> (ReceiptPage). The room as on 账单: ?room=, else the first bound one, a choice when
// there are several; another room's answer is the server's 404 message.
import { useCallback } from "react";
import { List, Tag } from "antd-mobile";
import { h5 } from "../http.ts";
import { navigate } from "../router.ts";
import { useLoad } from "../use-load.ts";
import { Loading, Nothing, Refused } from "./states.tsx";
import { RoomPicked } from "./RoomPicked.tsx";

function RoomReceipts({ roomId }: { roomId: number }) {
  const load = useCallback(() => h5.listMyReceipts({ params: { roomId } }), [roomId]);
  const { data, error, loading } = useLoad(load);
  if (loading) return <Loading />;
  if (error) return <Refused message={error} />;
  if (!data?.list.length) return <Nothing title="暂无票据" />;
  return (
    <List header="票据">
      {data.list.map((r) => (
        <List.Item
          key={r.id}
          clickable
          onClick={() => navigate(`receipts/${r.id}`)}
          description={`${r.issuedAt} · ${r.payMethodLabel}`}
          extra={r.voided ? <Tag color="default">已作废</Tag> : `¥${r.amount}`}
        >
          {r.receiptNo}
        </List.Item>
      ))}
    </List>
  );
}

export function ReceiptsPage({ room }: { room: string | null }) {
  return (
    <RoomPicked room={room} tab="receipts" title="票据">
      {(roomId) => <RoomReceipts key={roomId} roomId={roomId} />}
    </RoomPicked>
  );
}
