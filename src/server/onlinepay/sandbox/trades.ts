// The sandbox gateway's own books: the trades and refunds merchants placed with it, kept in its
// folder (trades.json) as a real gateway keeps them on its side, apart from the product's database.
// Writes replace the file atomically.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";

export type SandboxGatewayName = "wechatpay" | "alipay";
export type SandboxTradeState = "NOTPAY" | "SUCCESS" | "CLOSED" | "REFUND";

export interface SandboxTrade {
  gateway: SandboxGatewayName;
  /** The pay page's token (its address). */
  token: string;
  merchantId: string;
  appId: string;
  outTradeNo: string;
  description: string;
  totalFen: number;
  notifyUrl: string;
  returnUrl?: string;
  kind: string;
  expiresAt: string;
  createdAt: string;
  state: SandboxTradeState;
  transactionId?: string;
  paidAt?: string;
  /** The amount the payer confirmed (the sandbox's pay page can be told to pay another amount). */
  paidFen?: number;
}

export interface SandboxRefund {
  gateway: SandboxGatewayName;
  outTradeNo: string;
  outRefundNo: string;
  refundId: string;
  refundFen: number;
  reason: string;
  notifyUrl?: string;
  status: "PROCESSING" | "SUCCESS";
  createdAt: string;
  succeededAt?: string;
}

interface Books {
  trades: SandboxTrade[];
  refunds: SandboxRefund[];
}

export class SandboxBooks {
  private readonly file: string;
  private books: Books;

  constructor(dir: string) {
    this.file = join(dir, "trades.json");
    this.books = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, "utf8")) as Books) : { trades: [], refunds: [] };
  }

  private save(): void {
    const partial = `${this.file}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify(this.books));
    renameSync(partial, this.file);
  }

  trade(gateway: SandboxGatewayName, outTradeNo: string): SandboxTrade | undefined {
    return this.books.trades.find((t) => t.gateway === gateway && t.outTradeNo === outTradeNo);
  }

  tradeByToken(token: string): SandboxTrade | undefined {
    return this.books.trades.find((t) => t.token === token);
  }

  addTrade(trade: Omit<SandboxTrade, "token" | "createdAt" | "state">): SandboxTrade {
    const made: SandboxTrade = { ...trade, token: randomBytes(12).toString("hex"), createdAt: new Date().toISOString(), state: "NOTPAY" };
    this.books.trades.push(made);
    this.save();
    return made;
  }

  updateTrade(trade: SandboxTrade, change: Partial<SandboxTrade>): SandboxTrade {
    Object.assign(trade, change);
    this.save();
    return trade;
  }

  refund(gateway: SandboxGatewayName, outRefundNo: string): SandboxRefund | undefined {
    return this.books.refunds.find((r) => r.gateway === gateway && r.outRefundNo === outRefundNo);
  }

  refundsOf(gateway: SandboxGatewayName, outTradeNo: string): SandboxRefund[] {
    return this.books.refunds.filter((r) => r.gateway === gateway && r.outTradeNo === outTradeNo);
  }

  addRefund(refund: Omit<SandboxRefund, "createdAt">): SandboxRefund {
    const made = { ...refund, createdAt: new Date().toISOString() };
    this.books.refunds.push(made);
    this.save();
    return made;
  }

  updateRefund(refund: SandboxRefund, change: Partial<SandboxRefund>): SandboxRefund {
    Object.assign(refund, change);
    this.save();
    return refund;
  }

  /** Trades paid and refunds made on a China-time day (the day's statement). */
  ofDay(gateway: SandboxGatewayName, day: string, chinaDayOf: (iso: string) => string): { trades: SandboxTrade[]; refunds: SandboxRefund[] } {
    return {
      trades: this.books.trades.filter((t) => t.gateway === gateway && t.paidAt && chinaDayOf(t.paidAt) === day),
      refunds: this.books.refunds.filter((r) => r.gateway === gateway && r.succeededAt && chinaDayOf(r.succeededAt) === day),
    };
  }

  /**
   * Puts a trade into the books without its order (a reconciliation test's "only at the gateway"
   * difference, or the amount of an existing one changed): the sandbox's way of planting one.
   */
  plant(trade: SandboxTrade): void {
    this.books.trades.push(trade);
    this.save();
  }
}

const booksByDir = new Map<string, SandboxBooks>();

/** The books of the sandbox in a folder: one per folder and process (the server's, and a test that plants a trade in them). */
export function sandboxBooks(dir: string): SandboxBooks {
  let books = booksByDir.get(dir);
  if (!books) booksByDir.set(dir, (books = new SandboxBooks(dir)));
  return books;
}
