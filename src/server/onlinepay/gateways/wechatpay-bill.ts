// WeChat Pay's trade bill (tradebill, bill_type=ALL) as the gateway writes it: a CSV whose header
// names the columns in Chinese, rows whose every value starts with a backtick, then the totals.
// The column names are the gateway's file format (data), not texts of this product.
import { GatewayError, fenOfYuanText } from "./transport.ts";

/** A row of a day's trade bill: a payment, or a refund of one. */
export interface WechatBillRow {
  time: string;
  transactionId: string;
  outTradeNo: string;
  tradeState: string;
  /** 应结订单金额 in fen (0 on a refund row). */
  amountFen: number;
  refundId: string;
  outRefundNo: string;
  refundFen: number;
  refundStatus: string;
}

const BILL_COLUMNS = {
  time: "交易时间",
  transactionId: "微信订单号",
  outTradeNo: "商户订单号",
  tradeState: "交易状态",
  amount: "应结订单金额",
  refundId: "微信退款单号",
  outRefundNo: "商户退款单号",
  refund: "退款金额",
  refundStatus: "退款状态",
} as const;

/** The trade bill's CSV: a header, rows whose every value starts with a backtick, then the totals. */
export function parseTradeBill(text: string): WechatBillRow[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = (lines[0] ?? "").split(",");
  const at = (name: string) => header.indexOf(name);
  const columns = Object.fromEntries(Object.entries(BILL_COLUMNS).map(([key, name]) => [key, at(name)])) as Record<keyof typeof BILL_COLUMNS, number>;
  if (Object.values(columns).some((i) => i < 0)) throw new GatewayError("BILL_FORMAT", "the trade bill's header lacks a column", 200);
  const rows: WechatBillRow[] = [];
  for (const line of lines.slice(1)) {
    if (line.startsWith("总交易单数")) break;
    if (line.trim() === "") continue;
    const cells = line.split(",").map((cell) => cell.replace(/^`/, ""));
    const cell = (key: keyof typeof BILL_COLUMNS) => cells[columns[key]] ?? "";
    rows.push({
      time: cell("time"),
      transactionId: cell("transactionId"),
      outTradeNo: cell("outTradeNo"),
      tradeState: cell("tradeState"),
      amountFen: fenOfYuanText(cell("amount")),
      refundId: cell("refundId"),
      outRefundNo: cell("outRefundNo"),
      refundFen: fenOfYuanText(cell("refund")),
      refundStatus: cell("refundStatus"),
    });
  }
  return rows;
}
