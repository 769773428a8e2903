// The payment settings page announces each save; the payment guide listens for exactly this event.
import { afterEach, describe, expect, it, vi } from "vitest";
import { announcePaymentConfigChanged, PAYMENT_CONFIG_CHANGED_EVENT } from "../../../src/web/guides/events.ts";

describe("the payment set-up changed announcement", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("dispatches the event the payment guide listens for on the window", () => {
    const target = new EventTarget();
    vi.stubGlobal("window", target);
    const heard: string[] = [];
    target.addEventListener(PAYMENT_CONFIG_CHANGED_EVENT, (e) => heard.push(e.type));
    announcePaymentConfigChanged();
    announcePaymentConfigChanged();
    expect(heard).toEqual(["neptune:payment-config-changed", "neptune:payment-config-changed"]);
  });
});
