// Alipay's trade statement (bill_type=trade) as the gateway gives it: alipay.data.dataservice.bill.
// downloadurl.query answers a short-lived address; that address serves a zip of two CSV files (GBK),
// `<pid>_<day>_业务明细.csv` and `<pid>_<day>_业务明细(汇总).csv`. The detail file has `#` lines
// around a header and one row per trade or refund, each value followed by a tab; a refund row's
// 商家实收 is negative. The column names are the gateway's file format (data), not texts of this product.
import { GatewayError, fenOfYuanText } from "./transport.ts";
import { readZip } from "../../platform/zip.ts";

export interface AlipayBillRow {
  tradeNo: string;
  outTradeNo: string;
  /** 交易 (a payment) or 退款 (a refund). */
  kind: "trade" | "refund";
  /** A payment's 订单金额, a refund's amount, in fen (positive). */
  amountFen: number;
  finishedAt: string;
  refundRequestNo: string;
}

export const ALIPAY_BILL_COLUMNS = {
  tradeNo: "支付宝交易号",
  outTradeNo: "商户订单号",
  kind: "业务类型",
  created: "创建时间",
  finished: "完成时间",
  amount: "订单金额",
  received: "商家实收",
  refundNo: "退款批次号/请求号",
} as const;

/** The detail CSV's text (either encoding) parsed; throws GatewayError BILL_FORMAT when it is not one. */
export function parseAlipayBill(text: string): AlipayBillRow[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const headerAt = lines.findIndex((line) => line.startsWith(ALIPAY_BILL_COLUMNS.tradeNo));
  if (headerAt < 0) throw new GatewayError("BILL_FORMAT", "the statement has no detail header", 200);
  const header = lines[headerAt].split(",").map((cell) => cell.trim());
  const at = (name: string) => header.findIndex((cell) => cell.startsWith(name));
  const columns = Object.fromEntries(Object.entries(ALIPAY_BILL_COLUMNS).map(([key, name]) => [key, at(name)])) as Record<keyof typeof ALIPAY_BILL_COLUMNS, number>;
  if (Object.values(columns).some((i) => i < 0)) throw new GatewayError("BILL_FORMAT", "the statement's header lacks a column", 200);
  const rows: AlipayBillRow[] = [];
  for (const line of lines.slice(headerAt + 1)) {
    if (line.startsWith("#")) break;
    if (line.trim() === "") continue;
    const cells = line.split(",").map((cell) => cell.trim());
    const cell = (key: keyof typeof ALIPAY_BILL_COLUMNS) => cells[columns[key]] ?? "";
    const refund = cell("kind") === "退款";
    rows.push({
      tradeNo: cell("tradeNo"),
      outTradeNo: cell("outTradeNo"),
      kind: refund ? "refund" : "trade",
      amountFen: refund ? Math.abs(fenOfYuanText(cell("received"))) : fenOfYuanText(cell("amount")),
      finishedAt: cell("finished"),
      refundRequestNo: cell("refundNo"),
    });
  }
  return rows;
}

const decode = (bytes: Buffer): string => {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("gbk").decode(bytes); // the gateway's own encoding
  }
};

/** A downloaded statement: the zip (its detail file, not the 汇总 one) or the detail CSV itself. */
export function readAlipayStatement(bytes: Buffer): AlipayBillRow[] {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) {
    let entries;
    try {
      entries = readZip(bytes);
    } catch (err) {
      throw new GatewayError("BILL_FORMAT", (err as Error).message, 200);
    }
    const detail = entries.map((e) => ({ name: e.name, text: decode(e.data) })).find((e) => !e.name.includes("汇总") && e.text.includes(ALIPAY_BILL_COLUMNS.tradeNo));
    if (!detail) throw new GatewayError("BILL_FORMAT", "the zip holds no detail file", 200);
    return parseAlipayBill(detail.text);
  }
  return parseAlipayBill(decode(bytes));
}
