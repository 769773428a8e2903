// 扫码支付 at the desk: the cashier chooses 微信 or 支付宝, an order is made for the chosen bills of the
// room (createOnlinePayment, its amount frozen), its payUrl is shown as a QR (and as a link, for a
// payer at this machine), and the order is read every 2 s while the dialog is open. Paid: 支付成功
// with the receipt and the desk's bills read again. An unpaid order can be closed (its bills freed);
// leaving the dialog with one open asks whether to close it, so no bill stays held unnoticed.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Flex, Modal, Popconfirm, QRCode, Radio, Result, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { DESK_CHANNELS, isPaid, isPending, pollInterval, type DeskChannel } from "./onlinePayment.ts";
import { dateTime } from "../shared/columns.tsx";
import { useBillsWritten } from "../shared/queries.ts";
import { queries } from "../../../http/query-client.ts";
import { requestErrorText } from "../../../http/request.ts";
import { mappingLabel } from "../../../../common/mappings.ts";
import { OnlineOrderStatus } from "../../../../../generated/states.ts";
import type { CreateOnlinePaymentData } from "../../../../../generated/operation-types.ts";
import { texts } from "../../../../../generated/texts.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

type Order = CreateOnlinePaymentData;

const T = texts.payOnlineDesk;
const F = fillTexts.payOnlineDesk;
const channelName = (channel: number) => mappingLabel("payChannel", channel);

/** Shown while `open`; `onClose` once the dialog may go (rendered anew for each use, so it starts empty). */
export function OnlinePayDialog({ roomId, billIds, onClose }: { roomId: number; billIds: number[]; onClose: () => void }) {
  const { modal } = App.useApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  const billsWritten = useBillsWritten();
  const [channel, setChannel] = useState<DeskChannel>(DESK_CHANNELS[0]);
  const [created, setCreated] = useState<Order | null>(null);
  const create = useMutation({ ...queries.createOnlinePayment.mutationOptions({ loading: T.creating }), onSuccess: setCreated });
  const poll = useQuery({
    ...queries.getOnlinePayment.queryOptions({ query: { id: created?.id ?? 0 } }, { silent: true }),
    enabled: !!created,
    placeholderData: undefined,
    refetchInterval: (q) => pollInterval(q.state.data?.status ?? created?.status),
  });
  const close = useMutation({
    ...queries.closeOnlinePayment.mutationOptions({ loading: T.closing }),
    // The server asks the gateway first: an order paid meanwhile comes back paid, not closed.
    onSuccess: (o) => client.setQueryData(queries.getOnlinePayment.queryOptions({ query: { id: o.id } }, { silent: true }).queryKey, o),
  });
  const order: Order | null = poll.data ?? created;
  const status = order?.status;

  // The payment settled the bills: every page showing them reads them again (once per order).
  const paidOrder = isPaid(status) ? order?.id : undefined;
  useEffect(() => {
    if (paidOrder !== undefined) void billsWritten();
  }, [paidOrder, billsWritten]);
  // Closing the order freed its bills (they show as unpaid again, no longer held).
  const closedOrder = order && !isPending(status) && !isPaid(status) ? order.id : undefined;
  useEffect(() => {
    if (closedOrder !== undefined) void billsWritten();
  }, [closedOrder, billsWritten]);

  // A refused close (the order paid or expired meanwhile) has shown its message: read the order again.
  const closeOrder = (id: number) =>
    close.mutateAsync({ body: { id } }).then(
      (o) => o,
      () => void poll.refetch(),
    );
  const leave = () => {
    // An order being made cannot be left: it would hold the bills unseen.
    if (create.isPending) return;
    if (!order || !isPending(status)) return onClose();
    modal.confirm({
      title: T.leaveTitle,
      content: F.leaveConfirm({ time: dateTime(order.expiresAt) }),
      okText: T.closeOrder,
      okButtonProps: { danger: true },
      cancelText: T.keepOrder,
      onOk: async () => {
        const o = await closeOrder(order.id);
        if (o && !isPaid(o.status)) onClose();
      },
      onCancel: onClose,
    });
  };

  return (
    <Modal open title={T.title} onCancel={leave} footer={null} width={{ xs: "calc(100vw - 16px)", sm: 440 }} centered maskClosable={false}>
      {!order ? (
        <Space direction="vertical" size="middle" style={{ width: "100%" }}>
          <Typography.Text>{T.channel}</Typography.Text>
          <Radio.Group
            aria-label={T.channel}
            optionType="button"
            buttonStyle="solid"
            value={channel}
            onChange={(e) => setChannel(e.target.value as DeskChannel)}
            options={DESK_CHANNELS.map((c) => ({ value: c, label: channelName(c) }))}
          />
          <Button type="primary" block loading={create.isPending} onClick={() => create.mutate({ body: { roomId, billIds, channel } })}>
            {T.create}
          </Button>
        </Space>
      ) : isPaid(status) ? (
        <Result
          status="success"
          title={F.paid({ amount: order.amount })}
          subTitle={order.receiptNo ? F.paidDetail({ receiptNo: order.receiptNo }) : T.paidNoReceipt}
          extra={[
            order.receiptId && (
              <Button type="primary" key="receipt" onClick={() => navigate(`/propertyPayment/receipt/${order.receiptId}`)}>
                {T.openReceipt}
              </Button>
            ),
            <Button key="done" onClick={onClose}>
              {T.done}
            </Button>,
          ]}
        />
      ) : isPending(status) ? (
        <Flex vertical align="center" gap="small">
          {order.payUrl && <QRCode value={order.payUrl} size={200} style={{ maxWidth: "100%" }} aria-label={F.qrLabel({ channel: channelName(order.channel) })} />}
          <Typography.Title level={4} style={{ margin: 0 }}>
            {F.amount({ amount: order.amount })}
          </Typography.Title>
          <Typography.Text copyable={{ text: order.outTradeNo }}>{F.outTradeNo({ outTradeNo: order.outTradeNo })}</Typography.Text>
          <Typography.Text type="secondary">{F.scanHint({ channel: channelName(order.channel) })}</Typography.Text>
          <Typography.Text type="secondary">{F.expiresAt({ time: dateTime(order.expiresAt) })}</Typography.Text>
          {order.payUrl && (
            <Typography.Link href={order.payUrl} target="_blank" rel="noopener noreferrer">
              {T.openLink}
            </Typography.Link>
          )}
          {poll.isError ? <Alert type="warning" showIcon message={requestErrorText(poll.error, T.pollFailed)} /> : <Typography.Text type="secondary">{T.waiting}</Typography.Text>}
          <Popconfirm title={T.closeOrder} description={T.closeConfirm} okButtonProps={{ danger: true }} onConfirm={() => closeOrder(order.id)}>
            <Button danger loading={close.isPending}>
              {T.closeOrder}
            </Button>
          </Popconfirm>
        </Flex>
      ) : (
        <Result
          status="info"
          title={F.ended({ status: mappingLabel("onlineOrderStatus", status) })}
          subTitle={status === OnlineOrderStatus.Closed ? T.closed : undefined}
          extra={
            <Button type="primary" onClick={onClose}>
              {T.done}
            </Button>
          }
        />
      )}
    </Modal>
  );
}
