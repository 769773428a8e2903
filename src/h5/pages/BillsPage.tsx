// 账单: one bound room's bills (the room of ?room=<id>, else the first bound one; a choice when there
// are several) with the total owed; amounts are the server's yuan text. A room not bound to the
// resident is refused by the server (404) and its message shown.
import { useCallback } from "react";
import { Button, Card, List, Tag } from "antd-mobile";
import { h5 } from "../http.ts";
import { navigate } from "../router.ts";
import { useLoad } from "../use-load.ts";
import { Loading, Nothing, Refused } from "./states.tsx";
import { RoomPicked } from "./RoomPicked.tsx";
import { PayOwed } from "./PayOwed.tsx";

function RoomBills({ roomId }: { roomId: number }) {
  const load = useCallback(() => h5.listMyBills({ params: { roomId } }), [roomId]);
  const { data, error, loading } = useLoad(load);
  if (loading) return <Loading />;
  if (error) return <Refused message={error} />;
  if (!data) return null;
  return (
    <>
      <Card title="欠费合计" className="h5-section">
        <div className="h5-total" data-testid="total-owed">
          ¥{data.totalOwed}
        </div>
      </Card>
      <PayOwed roomId={roomId} totalOwed={data.totalOwed} />
      {data.list.length ? (
        <List header="账单">
          {data.list.map((b) => (
            <List.Item
              key={b.id}
              description={`账期 ${b.period} · 应缴 ¥${b.amountDue} · 已缴 ¥${b.amountPaid}`}
              extra={b.status === 4 ? <Tag color="success">已缴清</Tag> : <Tag color="danger">欠 ¥{b.amountOwed}</Tag>}
            >
              {b.itemName}
            </List.Item>
          ))}
        </List>
      ) : (
        <Nothing title="暂无账单" />
      )}
      <div className="h5-section h5-actions">
        <Button block fill="outline" onClick={() => navigate(`prepay?room=${roomId}`)}>
          预缴费用
        </Button>
        <Button block fill="outline" onClick={() => navigate(`receipts?room=${roomId}`)}>
          缴费票据
        </Button>
        <Button block fill="outline" onClick={() => navigate(`meters?room=${roomId}`)}>
          自助抄表
        </Button>
      </div>
    </>
  );
}

export function BillsPage({ room }: { room: string | null }) {
  return (
    <RoomPicked room={room} tab="bills" title="账单">
      {(roomId) => <RoomBills key={roomId} roomId={roomId} />}
    </RoomPicked>
  );
}
