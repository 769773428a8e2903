// What the desk's 扫码支付 dialog and the dunning letters decide about online payment orders and pay
// links, kept apart from the components so it can be tested on its own.
import { OnlineOrderStatus, PayChannel } from "../../../../../generated/states.ts";

/** The channels the desk offers: the gateways' QR payments (WeChat Native, Alipay precreate). */
export const DESK_CHANNELS = [PayChannel.WechatNative, PayChannel.AlipayQr] as const;
export type DeskChannel = (typeof DESK_CHANNELS)[number];

/** How often the open dialog asks for the order's state while it waits for the payment (ms). */
export const POLL_INTERVAL_MS = 2000;

/** Whether the order still waits for its payment (the dialog polls it and offers 关闭订单). */
export const isPending = (status: number | undefined): boolean => status === OnlineOrderStatus.Pending;

/** Whether the money came in (the refund states follow a payment, so they count as paid here too). */
export const isPaid = (status: number | undefined): boolean =>
  status === OnlineOrderStatus.Paid || status === OnlineOrderStatus.Refunding || status === OnlineOrderStatus.Refunded || status === OnlineOrderStatus.PartlyRefunded;

/** The poll interval react-query is given: every POLL_INTERVAL_MS while the order is pending, else none. */
export const pollInterval = (status: number | undefined): number | false => (status === undefined || isPending(status) ? POLL_INTERVAL_MS : false);

/** The pay link of each room (the answer of getRoomPayLinks), empty urls left out. */
export function payLinksByRoom(links: readonly { roomId: number; url: string }[] | undefined): Map<number, string> {
  const byRoom = new Map<number, string>();
  for (const link of links ?? []) if (link.url) byRoom.set(link.roomId, link.url);
  return byRoom;
}

/** The rooms of the letters shown, each once, in the order first met (the body of getRoomPayLinks). */
export const roomIdsOf = (letters: readonly { roomId?: number | null | undefined }[]): number[] => [
  ...new Set(letters.flatMap((l) => (typeof l.roomId === "number" && l.roomId > 0 ? [l.roomId] : []))),
];
