// How the sandbox sends its callbacks: like the gateways, again and again until the merchant
// acknowledges (WeChat: HTTP 2xx; Alipay: the text `success`), with growing pauses, then gives up
// (the merchant's active query finds the payment instead).
import { fetchTransport, type Transport } from "../gateways/transport.ts";

export interface Delivery {
  url: string;
  headers: Record<string, string>;
  body: string;
  acknowledged(status: number, text: string): boolean;
}

export interface Notifier {
  /** Sends now and, unacknowledged, again after each pause; resolves with the first attempt's acknowledgement. */
  send(delivery: Delivery): Promise<boolean>;
  /** Stops every pending retry (the server is closing). */
  close(): void;
}

const RETRY_PAUSES_MS = [2_000, 10_000, 60_000, 300_000];

export function notifier(transport: Transport = fetchTransport, pauses: readonly number[] = RETRY_PAUSES_MS): Notifier {
  const timers = new Set<NodeJS.Timeout>();
  const attempt = async (delivery: Delivery): Promise<boolean> => {
    try {
      const answer = await transport(delivery.url, { method: "POST", headers: delivery.headers, body: delivery.body });
      return delivery.acknowledged(answer.status, await answer.text());
    } catch {
      return false; // the merchant did not answer: tried again later
    }
  };
  const retry = (delivery: Delivery, left: readonly number[]) => {
    const [pause, ...rest] = left;
    if (pause === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(delivery).then((ok) => ok || retry(delivery, rest));
    }, pause);
    timer.unref();
    timers.add(timer);
  };
  return {
    async send(delivery) {
      const ok = await attempt(delivery);
      if (!ok) retry(delivery, pauses);
      return ok;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
