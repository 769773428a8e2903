// 票据 (receipts?room=<id>): a bound room's receipts, the newest first, 已作废 marked; one opens at
// receipts/<id> (ReceiptPage). The room as on 账单: ?room=, else the first bound one, a choice when
// there are several; another room's answer is the server's 404 message.
import { useCallback } from "react";
import { List, Selector, Tag } from "antd-mobile";
import { h5 } from "../http.ts";
import { navigate } from "../router.ts";
import { useLoad } from "../use-load.ts";
import { Loading, Nothing, Refused, Title } from "./states.tsx";

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
  const load = useCallback(() => h5.listMyRooms(), []);
  const { data, error, loading } = useLoad(load);
  const asked = room && /^[1-9]\d{0,9}$/.test(room) ? Number(room) : null;
  const roomId = asked ?? data?.list[0]?.roomId ?? null;
  let body;
  if (!data && loading) body = <Loading />;
  else if (error) body = <Refused message={error} />;
  else if (roomId === null) body = <Nothing title="暂无已绑定的房屋" />;
  else
    body = (
      <>
        {data && data.list.length > 1 && (
          <div className="h5-section">
            <Selector
              aria-label="房屋"
              options={data.list.map((r) => ({ label: `${r.communityName} ${r.roomName ?? r.roomId}`, value: r.roomId }))}
              value={[roomId]}
              onChange={(v) => v.length && navigate(`receipts?room=${v[0]}`, true)}
            />
          </div>
        )}
        <RoomReceipts key={roomId} roomId={roomId} />
      </>
    );
  return (
    <>
      <Title>票据</Title>
      {body}
    </>
  );
}
