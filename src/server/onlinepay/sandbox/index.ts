// The sandbox gateway: WeChat Pay v3 under <prefix>/wechatpay, Alipay under <prefix>/alipay/gateway.do
// and the payer's pay page under <prefix>/pay/<token>, all speaking the real gateways' wire formats
// with keys made at first start in its folder (sandbox/keys.ts). It is an outside party the product
// talks to over HTTP like any gateway, only served by the same process so that a fresh clone shows
// the whole flow without an account anywhere.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Transport } from "../gateways/transport.ts";
import { alipaySandboxRoutes, payAlipayTrade, resendAlipayNotification } from "./alipay-gateway.ts";
import { sandboxKeys } from "./keys.ts";
import { notifier } from "./notifier.ts";
import { notFoundPage, payPage } from "./pay-page.ts";
import { sandboxBooks } from "./trades.ts";
import { payWechatTrade, resendWechatCallback, wechatSandboxRoutes } from "./wechatpay-gateway.ts";

export interface SandboxGatewayOptions {
  /** The sandbox's folder: its keys and its books. */
  dir: string;
  /** The prefix it is registered under (its pages' addresses), e.g. "/sandbox". */
  prefix: string;
  /** How callbacks are sent (fetch by default). */
  transport?: Transport;
  /** Pauses between unacknowledged callbacks' attempts. */
  retryPauses?: number[];
}

export async function sandboxGateway(app: FastifyInstance, options: SandboxGatewayOptions): Promise<void> {
  const keys = sandboxKeys(options.dir);
  const books = sandboxBooks(options.dir);
  const sender = notifier(options.transport, options.retryPauses);
  app.addHook("onClose", async () => sender.close());
  const publicBase = (request: FastifyRequest) => `${request.protocol}://${request.host}${options.prefix}`;
  const sandbox = { keys, books, notifier: sender, publicBase };

  // Signatures cover the exact bytes: every body reaches the handlers as text.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  await app.register(async (wechat) => wechatSandboxRoutes(wechat, sandbox), { prefix: "/wechatpay" });
  await app.register(async (alipay) => alipaySandboxRoutes(alipay, sandbox), { prefix: "/alipay" });

  const html = (text: string) => ({ "content-type": "text/html; charset=utf-8", body: text });
  app.get<{ Params: { token: string }; Querystring: { redirect_url?: unknown } }>("/pay/:token", async (request, reply) => {
    const trade = books.tradeByToken(request.params.token);
    // A WeChat H5 page opened with the merchant's redirect_url: where 返回商户页面 goes after paying (an http(s) address only).
    const redirect = request.query.redirect_url;
    if (trade?.gateway === "wechatpay" && trade.kind === "h5" && typeof redirect === "string" && /^https?:\/\/[^\s]{1,2000}$/.test(redirect) && trade.returnUrl !== redirect) {
      books.updateTrade(trade, { returnUrl: redirect });
    }
    const out = trade ? html(payPage(trade, `${options.prefix}/pay/${trade.token}`)) : html(notFoundPage());
    return reply
      .code(trade ? 200 : 404)
      .header("content-type", out["content-type"])
      .send(out.body);
  });
  app.post<{ Params: { token: string } }>("/pay/:token", async (request, reply) => {
    const trade = books.tradeByToken(request.params.token);
    if (!trade) return reply.code(404).header("content-type", "text/html; charset=utf-8").send(notFoundPage());
    const open = trade.state === "NOTPAY" && Date.parse(trade.expiresAt) >= Date.now();
    if (open) await (trade.gateway === "wechatpay" ? payWechatTrade(sandbox, trade) : payAlipayTrade(sandbox, trade));
    return reply.redirect(`${options.prefix}/pay/${trade.token}`, 303);
  });
  app.post<{ Params: { token: string } }>("/pay/:token/notify", async (request, reply) => {
    const trade = books.tradeByToken(request.params.token);
    if (!trade) return reply.code(404).header("content-type", "text/html; charset=utf-8").send(notFoundPage());
    if (trade.state === "SUCCESS" || trade.state === "REFUND") await (trade.gateway === "wechatpay" ? resendWechatCallback(sandbox, trade) : resendAlipayNotification(sandbox, trade));
    return reply.redirect(`${options.prefix}/pay/${trade.token}`, 303);
  });
}
