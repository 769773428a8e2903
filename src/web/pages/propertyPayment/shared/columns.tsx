// Table columns the fee pages share: bills, charges and refunds, refunds and waivers. Each page
// picks the columns it shows, in its own order; the cells read only the value, so one column
// suits every row shape that carries the field.
import type { ReactNode } from "react";
import { MapTag } from "./labels.tsx";
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { chinaDateTime, chinaDay } from "../../../../common/china-time.ts";

/** A column of any row shape: its cell reads only the value. */
export interface Column {
  title: string;
  dataIndex: string;
  align?: "right";
  render?: (v: unknown) => ReactNode;
}

/** An instant as China time to the minute, "YYYY-MM-DD HH:mm" whatever zone the browser is in, or "-" without a time. */
export const dateTime = (v: string | null | undefined) => (v ? chinaDateTime(v).slice(0, "YYYY-MM-DD HH:mm".length) : "-");
/** An instant's calendar day in China time, "YYYY-MM-DD". */
export const chinaDate = (v: string) => chinaDay(new Date(v));
/** The value, or "-" without one. */
export const orDash = (v: unknown) => (v ?? "-") as ReactNode;

const text = (title: string, dataIndex: string): Column => ({ title, dataIndex });
/** A money column: yuan text, right-aligned. */
export const money = (title: string, dataIndex: string): Column => ({ title, dataIndex, align: "right" });
const tag = (title: string, dataIndex: string, mapping = dataIndex): Column => ({ title, dataIndex, render: (v) => <MapTag mapping={mapping} value={v as number | null} /> });
const time = (title: string, dataIndex: string): Column => ({ title, dataIndex, render: (v) => dateTime(v as string | null) });

const pick =
  <K extends string>(defs: Record<K, Column>) =>
  (...keys: K[]): Column[] =>
    keys.map((k) => defs[k]);

/** Bill columns (BillView fields). */
export const billColumns = pick({
  billNo: text("账单编号", "billNo"),
  roomLabel: text("房屋", "roomLabel"),
  itemName: text("缴费项目", "itemName"),
  period: text("账期", "period"),
  dueDate: text("截止日", "dueDate"),
  amountDue: money("应收(元)", "amountDue"),
  lateFee: money("滞纳金(元)", "lateFee"),
  amountPaid: money("已收(元)", "amountPaid"),
  amountWaived: money("减免(元)", "amountWaived"),
  amountReduced: money("退费减收(元)", "amountReduced"),
  outstanding: money("未缴(元)", "outstanding"),
  status: tag("状态", "status", "billStatus"),
  rejectReason: { title: "驳回原因", dataIndex: "rejectReason", render: orDash },
  paidAt: time("缴清时间", "paidAt"),
});

/** The money of a bill, in the order the pages show it. */
export const BILL_AMOUNTS = ["amountDue", "lateFee", "amountPaid", "amountWaived", "amountReduced", "outstanding"] as const;

/** Charge and refund (payment) columns. */
export const paymentColumns = pick({
  returnFlag: tag("收退标识", "returnFlag"),
  paymentType: tag("缴费类型", "paymentType"),
  payMethod: tag("支付方式", "payMethod"),
  accountingDay: text("记账日期", "accountingDay"),
});

/** Refund columns. */
export const refundColumns = pick({
  refundKind: tag("退款类型", "refundKind"),
  amount: money("退款金额(元)", "amount"),
  refundMethod: tag("退款方式", "refundMethod", "payMethod"),
  reason: text("原因", "reason"),
  status: tag("状态", "status", "refundStatus"),
  applyTime: time("申请时间", "applyTime"),
});

/** Waiver columns. */
export const waiverColumns = pick({
  waiverType: tag("减免方式", "waiverType"),
  discount: { title: "折扣", dataIndex: "discount", render: (v) => (v ? fillTexts.payBills.discount({ discount: v as string }) : "-") },
  amount: money("减免金额(元)", "amount"),
  reason: text("原因", "reason"),
  status: tag("状态", "status", "waiverStatus"),
  createdAt: time("申请时间", "createdAt"),
});
