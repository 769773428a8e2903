// How an approved refund goes back through an online gateway. The fee domain does not know the
// gateways: online payment (onlinepay/) registers, for the database it serves, how to tell a
// payment it took and how to send its refund (registerRefundGateway); without one every refund is
// paid back at the desk. Kept per database, not per process: a test process runs several servers.
import type { FastifyRequest } from "fastify";
import type { Db, DbSession } from "../platform/db/types.ts";

/** The approved refund and its payment, locked by the approval's transaction. */
export interface RefundToSend {
  refundId: number;
  paymentId: number;
  receiptId: number | null;
  /** Fen. */
  amount: number;
  refundMethod: number;
  payMethod: number;
  reason: string;
}

export interface RefundGateway {
  /**
   * In the approval's transaction: whether the refund goes back through a gateway; when it does,
   * the gateway refund is recorded (退款中) and its id answered. Null: paid back at the desk.
   */
  take(tx: DbSession, tenantId: number, refund: RefundToSend): Promise<number | null>;
  /** After the approval's commit: asks the gateway and completes or fails the refund by its answer (never throws for the gateway's trouble). */
  send(request: FastifyRequest, tenantId: number, gatewayRefundId: number): Promise<void>;
}

const gateways = new WeakMap<Db, RefundGateway>();

export function registerRefundGateway(db: Db, gateway: RefundGateway): void {
  gateways.set(db, gateway);
}

export const refundGatewayOf = (db: Db): RefundGateway | null => gateways.get(db) ?? null;
