// The sandbox's pay page: what a payer sees after scanning a QR or opening a pay link. Plain HTML
// with a form (no script), so it works in any browser under the product's Content-Security-Policy.
import { fenToYuan } from "../../../common/money.ts";
import type { SandboxTrade } from "./trades.ts";
import { escapeHtml } from "../html.ts";

export const PAY_PAGE_TEXTS = {
  title: "沙箱支付",
  gateways: { wechatpay: "微信支付（沙箱）", alipay: "支付宝（沙箱）" },
  outTradeNo: "商户订单号",
  subject: "商品",
  amount: "金额",
  confirm: "确认支付",
  paid: "支付成功",
  closed: "订单已关闭",
  expired: "订单已过期",
  resend: "重新发送支付通知",
  back: "返回商户页面",
  notFound: "订单不存在",
  note: "这是沙箱网关：不会扣除任何真实款项。",
} as const;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

export function notFoundPage(): string {
  const t = PAY_PAGE_TEXTS;
  return page(t.title, `<h1>${t.notFound}</h1>`);
}

export function payPage(trade: SandboxTrade, action: string): string {
  const t = PAY_PAGE_TEXTS;
  const expired = trade.state === "NOTPAY" && Date.parse(trade.expiresAt) < Date.now();
  const facts = `<dl><dt>${t.outTradeNo}</dt><dd>${escapeHtml(trade.outTradeNo)}</dd><dt>${t.subject}</dt><dd>${escapeHtml(trade.description)}</dd><dt>${t.amount}</dt><dd data-amount>¥${fenToYuan(trade.paidFen ?? trade.totalFen)}</dd></dl>`;
  let state: string;
  if (trade.state === "SUCCESS" || trade.state === "REFUND") {
    const back = trade.returnUrl ? `<p><a href="${escapeHtml(trade.returnUrl)}">${t.back}</a></p>` : "";
    state = `<p role="status">${t.paid}</p><form method="post" action="${escapeHtml(action)}/notify"><button type="submit">${t.resend}</button></form>${back}`;
  } else if (trade.state === "CLOSED") state = `<p role="status">${t.closed}</p>`;
  else if (expired) state = `<p role="status">${t.expired}</p>`;
  else state = `<form method="post" action="${escapeHtml(action)}"><button type="submit">${t.confirm}</button></form>`;
  return page(t.title, `<h1>${t.gateways[trade.gateway]}</h1>${facts}${state}<p><small>${t.note}</small></p>`);
}
