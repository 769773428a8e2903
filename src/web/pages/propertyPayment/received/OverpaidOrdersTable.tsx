// 多缴待退: the community's online orders whose money arrived after the desk had taken their bills
// (settle.ts flags them 多缴待退), with 退回多缴: after a confirmation the money goes back to the payer
// through the order's gateway (refundOnlineOverpaid); the gateway's refusal is shown in its words and
// the order stays listed, to be sent back again.
import { useMutation } from "@tanstack/react-query";
import { App, Button } from "antd";
import { OnlineOrderFlag, OnlineRefundStatus } from "../../../../../generated/states.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { texts } from "../../../../../generated/texts.ts";
import { DataTable } from "../../../generic/table/DataTable.tsx";
import { usePaging } from "../../../generic/table/usePaging.ts";
import { useResourcePage } from "../../../generic/table/useResourcePage.ts";
import { useOverpaidSent } from "../shared/queries.ts";
import { queries } from "../../../http/query-client.ts";
import { dateTime, money, orDash } from "../shared/columns.tsx";
import { MapTag } from "../shared/labels.tsx";

interface OverpaidOrder {
  id: number;
  outTradeNo: string;
  roomIdLabel?: string;
  channel: number;
  amount: string;
  paidAt: string | null;
  status: number;
  flagNote: string | null;
}

export function OverpaidOrdersTable({ communityId }: { communityId: number }) {
  const { message, modal } = App.useApp();
  const { page, table } = usePaging(10);
  const list = useResourcePage<OverpaidOrder>("onlinePaymentOrders", { communityId, flag: OnlineOrderFlag.Overpaid }, page);
  const written = useOverpaidSent();
  const sending = useMutation({
    ...queries.refundOnlineOverpaid.mutationOptions(),
    onSuccess: (sent) => {
      if (sent.status === OnlineRefundStatus.Succeeded) void message.success(fillTexts.payOverpaid.done({ amount: sent.amount }));
      else if (sent.status === OnlineRefundStatus.Failed) void message.error(fillTexts.payOverpaid.failed({ reason: sent.failReason ?? "" }));
      else void message.info(texts.payOverpaid.sent);
    },
    onSettled: () => void written(),
  });
  const send = (o: OverpaidOrder) =>
    modal.confirm({
      title: fillTexts.payOverpaid.confirmTitle({ amount: o.flagNote ?? "" }),
      content: fillTexts.payOverpaid.confirmContent({ outTradeNo: o.outTradeNo }),
      onOk: async () => {
        // A refusal is shown by the request wrapper: no uncaught error.
        await sending.mutateAsync({ body: { id: o.id } }).catch(() => null);
      },
    });
  return (
    <DataTable<OverpaidOrder>
      label={texts.payOverpaid.tab}
      {...table(list)}
      columns={[
        { title: "商户订单号", dataIndex: "outTradeNo" },
        { title: "房屋", dataIndex: "roomIdLabel", render: orDash },
        { title: "支付方式", dataIndex: "channel", render: (v: number) => <MapTag mapping="payChannel" value={v} /> },
        money("订单金额(元)", "amount"),
        money(texts.payOverpaid.overpaid, "flagNote"),
        { title: "支付时间", dataIndex: "paidAt", render: dateTime },
        { title: "订单状态", dataIndex: "status", render: (v: number) => <MapTag mapping="onlineOrderStatus" value={v} /> },
        {
          title: "操作",
          render: (_v, o) => (
            <Button type="link" size="small" loading={sending.isPending && sending.variables?.body.id === o.id} onClick={() => send(o)}>
              {texts.payOverpaid.action}
            </Button>
          ),
        },
      ]}
    />
  );
}
