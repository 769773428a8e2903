// The desk's 扫码支付 dialog polls a pending order only, counts the refund states as paid, and the
// dunning letters' pay links are read once per room and matched to each letter's room.
import { describe, expect, it } from "vitest";
import { isPaid, isPending, payLinksByRoom, POLL_INTERVAL_MS, pollInterval, roomIdsOf } from "../../../../src/web/pages/propertyPayment/online/onlinePayment.ts";
import { OnlineOrderStatus } from "../../../../generated/states.ts";

describe("the order's state at the desk", () => {
  it("polls every 2 s until the order is no longer pending", () => {
    expect(POLL_INTERVAL_MS).toBe(2000);
    expect(pollInterval(undefined)).toBe(2000);
    expect(pollInterval(OnlineOrderStatus.Pending)).toBe(2000);
    for (const s of [OnlineOrderStatus.Paid, OnlineOrderStatus.Closed, OnlineOrderStatus.Failed, OnlineOrderStatus.Refunded]) expect(pollInterval(s)).toBe(false);
  });

  it("counts a paid order and its refund states as paid, a closed or failed one as neither", () => {
    expect([OnlineOrderStatus.Paid, OnlineOrderStatus.Refunding, OnlineOrderStatus.Refunded, OnlineOrderStatus.PartlyRefunded].every(isPaid)).toBe(true);
    for (const s of [OnlineOrderStatus.Closed, OnlineOrderStatus.Failed]) {
      expect(isPaid(s)).toBe(false);
      expect(isPending(s)).toBe(false);
    }
    expect(isPending(OnlineOrderStatus.Pending)).toBe(true);
    expect(isPaid(undefined) || isPending(undefined)).toBe(false);
  });
});

describe("the letters' pay links", () => {
  it("asks for each room once, in the order of the letters, leaving out letters without a room", () => {
    expect(roomIdsOf([{ roomId: 3 }, { roomId: 1 }, { roomId: 3 }, { roomId: undefined }, { roomId: null }, { roomId: 0 }])).toEqual([3, 1]);
    expect(roomIdsOf([])).toEqual([]);
  });

  it("maps each room to its url, nothing for no answer or an empty url", () => {
    const links = payLinksByRoom([
      { roomId: 3, url: "http://localhost/api/pay/rooms/abc/pay" },
      { roomId: 1, url: "" },
    ]);
    expect([...links]).toEqual([[3, "http://localhost/api/pay/rooms/abc/pay"]]);
    expect(payLinksByRoom(undefined).size).toBe(0);
  });
});
