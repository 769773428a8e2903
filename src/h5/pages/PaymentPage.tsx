// 支付结果 (payment?order=<id>): where the gateway's pay page brings the payer back. It asks the server
// (getMyPayment, which asks the gateway while the order is pending) every 2 seconds for up to 2
// minutes: 支付成功 with the receipt, or the order's state and reason (已关闭, 失败 …), or, still
// pending, a note and 刷新.
import { useCallback, useEffect, useState } from "react";
import { Button, List, Result } from "antd-mobile";
import { h5 } from "../http.ts";
import { navigate } from "../router.ts";
import { useLoad } from "../use-load.ts";
import { Loading, Refused, Title } from "./states.tsx";

const POLL_MS = 2000;
const POLL_TIMES = 60;
const PENDING = 1;
const PAID = [2, 5, 6, 7]; // 已支付, and the refund states of a paid order

export function PaymentPage({ order }: { order: string | null }) {
  const id = order && /^[1-9]\d{0,9}$/.test(order) ? Number(order) : null;
  const load = useCallback(() => (id === null ? Promise.reject(new Error("支付订单不存在")) : h5.getMyPayment({ params: { id } })), [id]);
  const { data, error, loading, reload } = useLoad(load);
  const [polls, setPolls] = useState(0);
  const pending = data?.status === PENDING;
  useEffect(() => {
    if (!pending || loading || polls >= POLL_TIMES) return;
    const timer = window.setTimeout(() => {
      setPolls((n) => n + 1);
      reload();
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [pending, loading, polls, reload]);

  let body;
  if (error) body = <Refused message={error} />;
  else if (!data) body = <Loading />;
  else {
    const paid = PAID.includes(data.status);
    const receipt = data.receipts[0];
    body = (
      <>
        {paid && <Result status="success" title="支付成功" description={`¥${data.amount}`} />}
        {pending && <Result status="waiting" title="正在确认支付结果" description={polls >= POLL_TIMES ? "暂未收到支付结果，如已付款请稍后刷新" : "请稍候…"} />}
        {!paid && !pending && <Result status="error" title={`支付未完成（${data.statusLabel}）`} description={data.note ?? "订单未支付，请返回账单重新缴费"} />}
        <List header="订单">
          <List.Item extra={`${data.communityName} ${data.roomName ?? data.roomId}`}>房屋</List.Item>
          <List.Item extra={`¥${data.amount}`}>金额</List.Item>
          <List.Item extra={data.statusLabel}>状态</List.Item>
          {data.paidAt && <List.Item extra={data.paidAt}>支付时间</List.Item>}
          <List.Item extra={data.outTradeNo}>订单号</List.Item>
        </List>
        <List header="缴费明细">
          {data.bills.map((b) => (
            <List.Item key={b.billId} description={`账期 ${b.period}`} extra={`¥${b.amount}`}>
              {b.itemName}
            </List.Item>
          ))}
        </List>
        <div className="h5-section h5-actions">
          {receipt && (
            <Button block color="primary" onClick={() => navigate(`receipts/${receipt.id}`)}>
              查看票据
            </Button>
          )}
          {pending && polls >= POLL_TIMES && (
            <Button block onClick={() => setPolls(0)}>
              刷新
            </Button>
          )}
          <Button block onClick={() => navigate(`bills?room=${data.roomId}`)}>
            返回账单
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      <Title>支付结果</Title>
      {body}
    </>
  );
}
