// 预缴 (prepay?room=<id>, from 账单): months of a bound room's monthly item paid ahead online. The
// resident chooses the item and how many months; the server's plan lists each month's bill and the
// total (priced as the property's desk prices them, from the item's next unbilled month). 去支付 makes
// an order of 用途 预缴 for that total: the bills are made only once the payment is confirmed, so
// leaving the pay page leaves nothing owed. A refusal shows the server's message.
import { useCallback, useState } from "react";
import { Card, List, Selector } from "antd-mobile";
import { h5 } from "../http.ts";
import { useLoad } from "../use-load.ts";
import { Loading, Nothing, Refused } from "./states.tsx";
import { RoomPicked } from "./RoomPicked.tsx";
import { OnlinePay } from "./PayOwed.tsx";

/** The month counts offered, those up to the server's limit. */
const MONTH_CHOICES = [1, 3, 6, 12, 24];

function Plan({ roomId, itemId, months }: { roomId: number; itemId: number; months: number }) {
  const load = useCallback(() => h5.getMyPrepayPlan({ params: { roomId }, query: { paymentItemId: itemId, months } }), [roomId, itemId, months]);
  const { data, error, loading } = useLoad(load);
  if (!data && loading) return <Loading />;
  if (error) return <Refused message={error} />;
  const plan = data?.plan;
  if (!plan) return null;
  return (
    <>
      <List header={`${plan.itemName} · ${plan.months} 个月`}>
        {plan.bills.map((b) => (
          <List.Item key={b.period} extra={`¥${b.outstanding}`}>
            账期 {b.period}
          </List.Item>
        ))}
      </List>
      <OnlinePay
        roomId={roomId}
        amount={plan.total}
        label="去支付"
        start={(channel) => h5.prepayMyMonths({ params: { roomId }, body: { paymentItemId: itemId, months, channel, expectedAmount: plan.total } })}
      />
    </>
  );
}

function RoomPrepay({ roomId }: { roomId: number }) {
  const load = useCallback(() => h5.getMyPrepayPlan({ params: { roomId }, query: {} }), [roomId]);
  const { data, error, loading } = useLoad(load);
  const [itemId, setItemId] = useState<number | null>(null);
  const [months, setMonths] = useState(1);
  if (!data && loading) return <Loading />;
  if (error) return <Refused message={error} />;
  if (!data) return null;
  if (!data.items.length) return <Nothing title="暂无可预缴的项目" />;
  const chosen = itemId ?? data.items[0].id;
  const item = data.items.find((i) => i.id === chosen);
  return (
    <>
      <Card title="预缴项目" className="h5-section">
        <Selector aria-label="预缴项目" columns={2} options={data.items.map((i) => ({ label: i.name, value: i.id }))} value={[chosen]} onChange={(v) => v[0] !== undefined && setItemId(v[0])} />
        {item && (
          <p className="h5-muted" role="note">
            从 {item.nextPeriod} 起
          </p>
        )}
      </Card>
      <Card title="预缴月数" className="h5-section">
        <Selector
          aria-label="预缴月数"
          columns={3}
          options={MONTH_CHOICES.filter((m) => m <= data.maxMonths).map((m) => ({ label: `${m}个月`, value: m }))}
          value={[months]}
          onChange={(v) => v[0] !== undefined && setMonths(v[0])}
        />
      </Card>
      <Plan key={`${chosen}-${months}`} roomId={roomId} itemId={chosen} months={months} />
    </>
  );
}

export function PrepayPage({ room }: { room: string | null }) {
  return (
    <RoomPicked room={room} tab="prepay" title="预缴">
      {(roomId) => <RoomPrepay key={roomId} roomId={roomId} />}
    </RoomPicked>
  );
}
