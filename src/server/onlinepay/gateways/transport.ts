// How the gateway clients reach a gateway (fetch by default; tests and the sandbox may pass their
// own), and what a gateway's refusal looks like to the rest of the product.
import { tryFen } from "../../../common/money.ts";

export interface TransportAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  text(): Promise<string>;
  /** The body's bytes (a statement's zip). */
  bytes(): Promise<Buffer>;
}

export type Transport = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<TransportAnswer>;

/** Gives up on a gateway that does not answer within this time; the order stays open and is queried again later. */
const GATEWAY_TIMEOUT_MS = 15_000;

export const fetchTransport: Transport = async (url, init) => {
  const answer = await fetch(url, { ...init, signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS) });
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  return { status: answer.status, headers, text: () => answer.text(), bytes: async () => Buffer.from(await answer.arrayBuffer()) };
};

/** A gateway's refusal (its own code and message), or an answer that cannot be believed. */
export class GatewayError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

/** A gateway's yuan text ("266.70", "0") in fen; 0 for an empty cell. A malformed amount is an error. */
export function fenOfYuanText(text: string): number {
  if (text.trim() === "") return 0;
  const fen = tryFen(text.trim());
  if (fen === null) throw new GatewayError("BAD_AMOUNT", `not an amount: ${text}`, 200);
  return fen;
}
