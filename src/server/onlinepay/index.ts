// Online payment as one Fastify plugin (listed in src/server/domains.ts): the merchants' hooks, the
// operations of schemas/operations/onlinepay.yaml, and the sandbox gateway under /sandbox (the demo
// data's merchant; SANDBOX_GATEWAY=0 leaves it out). The server's secrets key (platform/secrets.ts) and the
// sandbox's keys (DATA_DIR/sandbox, or SANDBOX_DIR) are read or made as the plugin starts.
// A sandbox merchant reaches the sandbox in this same process (Fastify's inject: no network), and
// the sandbox sends its callbacks the same way; a real merchant reaches its gateway over HTTPS.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { join } from "node:path";
import { operations } from "../../../generated/operations.ts";
import { OnlineOrderOrigin, OnlineOrderStatus, PayChannel, PayGateway, ReconSource } from "../../../generated/states.ts";
import { texts } from "../../../generated/texts.ts";
import { errorCodes } from "../../../generated/errors.ts";
import { fillErrorCode } from "../../../generated/fill-errors.ts";
import { mappingLabel } from "../../common/mappings.ts";
import { scalarText } from "../../common/scalar-text.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import { apiError, ApiError } from "../platform/http/envelope.ts";
import { route } from "../platform/http/operation.ts";
import { closeOrder, queryOrder } from "./gateway-query.ts";
import { alipayAnswer, wechatAnswer } from "./gateways/callbacks.ts";
import { GatewayError, type Transport } from "./gateways/transport.ts";
import { merchantById, registerMerchantHooks } from "./merchants.ts";
import { takeCallback } from "./notifications.ts";
import { defineOnlinePayJobs, scheduleOrderChecks } from "./jobs.ts";
import { registerReconHooks } from "./recon-actions.ts";
import { reconcileDay } from "./reconcile.ts";
import { chinaDay } from "../../common/china-time.ts";
import { createOrder, openOrderOfRoom, ORDER_SELECT, orderView, type OnlinePayContext, type OrderRow } from "./orders.ts";
import { payLinkPage, payLinkToken, readPayLinkToken } from "./pay-links.ts";
import { registerRefundGateway } from "../payment/public.ts";
import { pollRefund, refundOverpaid, refundView, sendRefund, takeRefund } from "./refunds.ts";
import { sandboxGateway } from "./sandbox/index.ts";
import { sandboxKeys } from "./sandbox/keys.ts";
import { processSecretsKey, secretBox } from "../platform/secrets.ts";

const SANDBOX_PREFIX = "/sandbox";

/** Requests to this very server, answered in process (a sandbox merchant's gateway, the sandbox's callbacks). */
function injectTransport(app: FastifyInstance): Transport {
  return async (url, init) => {
    const target = new URL(url);
    const answer = await app.inject({ method: init.method as "GET" | "POST", url: `${target.pathname}${target.search}`, headers: { ...init.headers, host: target.host }, payload: init.body });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers[name.toLowerCase()] = String(value);
    return { status: answer.statusCode, headers, text: async () => answer.body, bytes: async () => answer.rawPayload };
  };
}

/** This server's address where no request tells it (scheduled work): PUBLIC_BASE_URL, else localhost. */
const configuredOrigin = (): string => (process.env.PUBLIC_BASE_URL || "http://localhost").replace(/\/$/, "");
/** This server's address as a payer's phone and a gateway reach it: PUBLIC_BASE_URL, else the request's own. */
export const originOf = (request: FastifyRequest): string => (process.env.PUBLIC_BASE_URL || `${request.protocol}://${request.host}`).replace(/\/$/, "");

const sandboxDirOf = (app: FastifyInstance): string => process.env.SANDBOX_DIR || join(app.dataDir, "sandbox");

/**
 * The module's context on this server: its secrets box, the sandbox's keys, how a sandbox merchant is
 * reached; and the context for a request (the sandbox at the request's address). Another domain that
 * takes a payment (the residents' app, residents/payments.ts) uses the same.
 */
export function onlinePayContext(app: FastifyInstance): { base: OnlinePayContext; key: Buffer; ctxOf: (request: FastifyRequest) => OnlinePayContext } {
  const key = processSecretsKey(app.dataDir);
  const inject = injectTransport(app);
  const base: OnlinePayContext = {
    db: app.db,
    box: secretBox(key),
    sandboxKeys: sandboxKeys(sandboxDirOf(app)),
    sandboxBase: `${configuredOrigin()}${SANDBOX_PREFIX}`,
    transportFor: (sandbox) => (sandbox ? inject : undefined),
  };
  return { base, key, ctxOf: (request) => ({ ...base, sandboxBase: `${originOf(request)}${SANDBOX_PREFIX}` }) };
}

export async function onlinePayModule(app: FastifyInstance): Promise<void> {
  const { base, key, ctxOf } = onlinePayContext(app);
  const box = base.box;
  const sandboxDir = sandboxDirOf(app);
  const inject = injectTransport(app);
  registerMerchantHooks(() => box);
  const log = (message: string, err?: unknown) => app.log.error({ err }, `[onlinepay] ${message}`);
  // The queries and closing of orders, the sweep and the morning's reconciliation (jobs.ts).
  defineOnlinePayJobs(app.jobs, base, configuredOrigin(), log);
  registerReconHooks();
  /** An order just made: its queries and its closing put on the job queue. */
  const scheduled = async <T extends { id: number }>(tenantId: number, made: T): Promise<T> => {
    await scheduleOrderChecks(app.jobs, tenantId, made.id, log);
    return made;
  };
  // An approved refund of a payment this module took goes back through its gateway (payment/refund-gateway.ts).
  registerRefundGateway(app.db, {
    take: takeRefund,
    send: (request, tenantId, id) => sendRefund(ctxOf(request), originOf(request), tenantId, id),
  });

  if (process.env.SANDBOX_GATEWAY !== "0") {
    await app.register(async (outside) => {
      // Another party's endpoints: no session, no XHR marker (its callers are merchants' servers and a payer's browser).
      outside.addHook("onRoute", (options) => void (options.config = { ...options.config, public: true, serverCaller: true }));
      await outside.register(sandboxGateway, { prefix: SANDBOX_PREFIX, dir: sandboxDir, transport: inject });
    });
  }

  // Callbacks: the body as received (signatures cover its bytes), whatever its content type.
  await app.register(async (callbacks) => {
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser("*", { parseAs: "string", bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    route(callbacks, operations.wechatpayNotify, async ({ params, request, reply }) => {
      const answer = wechatAnswer(await takeCallback(base, PayGateway.WechatPay, params.merchantId, request.headers, scalarText(request.body)));
      if (answer.body === "") return reply.code(answer.status).send();
      return reply.code(answer.status).header("content-type", "application/json; charset=utf-8").send(answer.body);
    });
    route(callbacks, operations.alipayNotify, async ({ params, request, reply }) => {
      const answer = alipayAnswer(await takeCallback(base, PayGateway.Alipay, params.merchantId, request.headers, scalarText(request.body)));
      return reply.code(answer.status).header("content-type", "text/plain; charset=utf-8").send(answer.body);
    });
  });

  const orderOf = async (tenantId: number, id: number): Promise<OrderRow> => {
    const rows = await camelRows<OrderRow>(app.db, sql`${ORDER_SELECT} where tenant_id = ${tenantId} and id = ${id}`);
    if (!rows[0]) throw apiError("NOT_FOUND");
    return rows[0];
  };
  const asGatewayFailure = (err: unknown): never => {
    if (err instanceof ApiError) throw err;
    throw apiError("ONLINE_PAY_GATEWAY_FAILED");
  };

  route(app, operations.createOnlinePayment, async ({ body, session, request }) =>
    scheduled(
      session.tenantId,
      await createOrder(ctxOf(request), session.tenantId, { roomId: body.roomId, billIds: body.billIds, channel: body.channel, origin: OnlineOrderOrigin.Desk }, originOf(request)),
    ),
  );
  route(app, operations.getOnlinePayment, async ({ query, session }) => orderView(app.db, session.tenantId, query.id));
  route(app, operations.queryOnlinePayment, async ({ body, session, request }) => {
    const order = await orderOf(session.tenantId, body.id);
    if (order.status === OnlineOrderStatus.Pending || order.status === OnlineOrderStatus.Closed) await queryOrder(ctxOf(request), order).catch(asGatewayFailure);
    return orderView(app.db, session.tenantId, body.id);
  });
  route(app, operations.closeOnlinePayment, async ({ body, session, request }) => {
    const order = await orderOf(session.tenantId, body.id);
    if (order.status !== OnlineOrderStatus.Pending) {
      throw apiError("ONLINE_PAY_ORDER_NOT_PENDING", { message: fillErrorCode.ONLINE_PAY_ORDER_NOT_PENDING({ status: mappingLabel("onlineOrderStatus", order.status) }) });
    }
    await closeOrder(ctxOf(request), order).catch(asGatewayFailure);
    return orderView(app.db, session.tenantId, body.id);
  });
  route(app, operations.queryOnlinePaymentRefund, async ({ body, session, request }) => {
    await refundView(app.db, session.tenantId, body.id); // another tenant's: 404 before any gateway is asked
    await pollRefund(ctxOf(request), originOf(request), session.tenantId, body.id).catch((err: unknown) => {
      if (err instanceof ApiError) throw err;
      throw apiError("ONLINE_PAY_REFUND_QUERY_FAILED", { message: fillErrorCode.ONLINE_PAY_REFUND_QUERY_FAILED({ reason: err instanceof GatewayError ? err.code : "NETWORK" }) });
    });
    return refundView(app.db, session.tenantId, body.id);
  });
  route(app, operations.refundOnlineOverpaid, async ({ body, session, request }) => refundOverpaid(ctxOf(request), originOf(request), session.tenantId, body.id));
  route(app, operations.getRoomPayLinks, async ({ body, session, request }) => {
    const rooms = await camelRows<{ id: number }>(app.db, sql`select id from rooms where tenant_id = ${session.tenantId} and id = any(${body.roomIds}::bigint[])`);
    if (rooms.length !== new Set(body.roomIds).size) throw apiError("NOT_FOUND");
    return body.roomIds.map((roomId) => ({ roomId, url: `${originOf(request)}/api/pay/rooms/${payLinkToken(key, session.tenantId, roomId)}/pay` }));
  });
  route(app, operations.openRoomPayLink, async ({ params, query, request, reply }) => {
    const page = (message: string) => reply.code(200).header("content-type", "text/html; charset=utf-8").send(payLinkPage(message));
    const named = readPayLinkToken(key, params.token);
    // A page for a person's phone: it says why in words (always 200: the API's error envelope is not for a browser tab).
    if (!named) return page(texts.onlinePay.linkInvalid);
    const preferred = query.via === "alipay" ? [PayChannel.AlipayWap, PayChannel.WechatH5] : [PayChannel.WechatH5, PayChannel.AlipayWap];
    for (const channel of preferred) {
      const open = await openOrderOfRoom(app.db, named.tenantId, named.roomId, channel);
      if (open?.payUrl) return reply.redirect(open.payUrl);
      try {
        const made = await scheduled(
          named.tenantId,
          await createOrder(ctxOf(request), named.tenantId, { roomId: named.roomId, billIds: null, channel, origin: OnlineOrderOrigin.Letter }, originOf(request)),
        );
        if (made.payUrl) return reply.redirect(made.payUrl);
      } catch (err) {
        const code = err instanceof ApiError ? err.code : 0;
        if (code === errorCodes.ONLINE_PAY_NO_MERCHANT.code) continue; // the other gateway, if the community has one
        if (code === errorCodes.ONLINE_PAY_NOTHING_OWED.code) return page(texts.onlinePay.linkNothingOwed);
        if (code === errorCodes.NOT_FOUND.code) return page(texts.onlinePay.linkInvalid);
        return page(texts.onlinePay.linkGatewayFailed); // the gateway's trouble, not the payer's: a page that says so
      }
    }
    return page(texts.onlinePay.linkNoMerchant);
  });

  route(app, operations.reconcileOnlinePayments, async ({ body, session, request }) => {
    const ctx = ctxOf(request);
    const merchant = await merchantById(app.db, ctx, body.merchantId);
    if (!merchant || merchant.tenantId !== session.tenantId) throw apiError("NOT_FOUND");
    if (body.billDate >= chinaDay()) throw apiError("RECON_FUTURE_DAY");
    const statement = body.statement?.trim() ? body.statement : null;
    return reconcileDay(ctx, merchant, body.billDate, statement ? ReconSource.Uploaded : ReconSource.Manual, statement).catch((err: unknown) => {
      if (err instanceof ApiError) throw err;
      throw apiError("RECON_STATEMENT_UNREADABLE", { message: fillErrorCode.RECON_STATEMENT_UNREADABLE({ reason: err instanceof GatewayError ? err.code : texts.onlinePay.gatewayUnreachable }) });
    });
  });
}
