// The pay links of the rooms the dunning letters shown are for (getRoomPayLinks), by room. Read
// silently: a refusal or a failure leaves the letters as they were, without a QR.
import { useQuery } from "@tanstack/react-query";
import { payLinksByRoom } from "./onlinePayment.ts";
import { queries } from "../../../http/query-client.ts";

export function useRoomPayLinks(roomIds: number[]): { links: Map<number, string>; loading: boolean } {
  const r = useQuery({ ...queries.getRoomPayLinks.queryOptions({ body: { roomIds } }, { silent: true }), enabled: roomIds.length > 0, placeholderData: undefined });
  return { links: payLinksByRoom(r.isError ? undefined : r.data), loading: roomIds.length > 0 && r.isPending && r.isFetching };
}
