// 去缴费 on 账单: pays what a room owes online; 预缴 (PrepayPage) pays months ahead the same way. The
// channels the room's community takes from a phone (listMyPayChannels): both → 微信支付 / 支付宝 to
// choose, one → that one, none → a note to pay at the property's office. The order's operation
// answers the gateway's pay page, where the browser goes; the gateway brings the payer back to
// 支付结果 (PaymentPage). A refusal shows the server's message.
import { useCallback, useState } from "react";
import { Button, Popup } from "antd-mobile";
import { h5 } from "../http.ts";
import { useLoad } from "../use-load.ts";
import { say } from "./states.tsx";

/** PayChannel: 3 微信H5, 5 支付宝手机网站 (what the server offers a phone). */
const CHANNEL_NAMES: Record<number, string> = { 3: "微信支付", 5: "支付宝" };
export type PhoneChannel = 3 | 5;
const isPhoneChannel = (c: number): c is PhoneChannel => c === 3 || c === 5;

/** A pay button for `amount` (yuan text): `start` makes the order through the chosen channel and answers its pay page. */
export function OnlinePay({ roomId, amount, label, start }: { roomId: number; amount: string; label: string; start: (channel: PhoneChannel) => Promise<{ payUrl: string }> }) {
  const load = useCallback(() => h5.listMyPayChannels({ params: { roomId } }), [roomId]);
  const { data, error, loading } = useLoad(load);
  const [choosing, setChoosing] = useState(false);
  const [paying, setPaying] = useState(false);
  const channels = (data?.channels ?? []).filter(isPhoneChannel);
  const pay = async (channel: PhoneChannel) => {
    setChoosing(false);
    setPaying(true);
    try {
      const order = await start(channel);
      window.location.assign(order.payUrl);
    } catch (err) {
      say(err instanceof Error ? err.message : String(err));
      setPaying(false);
    }
  };
  let note: string | null = null;
  if (error) note = error;
  else if (!loading && channels.length === 0) note = "该社区暂未开通在线缴费，请到物业服务中心缴费";
  return (
    <div className="h5-section">
      <Button block color="primary" size="large" loading={paying || loading} disabled={channels.length === 0} onClick={() => (channels.length > 1 ? setChoosing(true) : void pay(channels[0]))}>
        {label} ¥{amount}
      </Button>
      {note && (
        <p className="h5-muted" role="note">
          {note}
        </p>
      )}
      {/* A sheet of its own: antd-mobile's ActionSheet gives its items role option outside any listbox. */}
      <Popup visible={choosing} onMaskClick={() => setChoosing(false)} onClose={() => setChoosing(false)}>
        <div className="h5-section h5-actions" role="dialog" aria-label="选择支付方式">
          <p className="h5-sheet-title">选择支付方式</p>
          {channels.map((c) => (
            <Button key={c} block color="primary" fill="outline" onClick={() => void pay(c)}>
              {CHANNEL_NAMES[c]}
            </Button>
          ))}
          <Button block onClick={() => setChoosing(false)}>
            取消
          </Button>
        </div>
      </Popup>
    </div>
  );
}

export function PayOwed({ roomId, totalOwed }: { roomId: number; totalOwed: string }) {
  if (Number(totalOwed) <= 0) return null;
  return <OnlinePay roomId={roomId} amount={totalOwed} label="去缴费" start={(channel) => h5.payMyBills({ params: { roomId }, body: { channel } })} />;
}
