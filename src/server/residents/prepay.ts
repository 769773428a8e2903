// Prepaying months from the residents' app (docs/residents.md "Prepaying months"): the desk's plan
// (payment/desk.ts: a monthly item priced by area or per household, from its next unbilled period,
// not before this month) read for a bound room, and an online order of 用途 预缴 that freezes its
// terms. No bill is made when the order is: the gateway's confirmation makes them and pays them
// (onlinepay/settle.ts), so a payment abandoned leaves nothing owed. The resident's own open prepay
// order of the item is the same pay page again when nothing changed, else it is closed first.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { OnlineOrderOrigin, OnlineOrderPurpose, OnlineOrderStatus } from "../../../generated/states.ts";
import { texts } from "../../../generated/texts.ts";
import type { GetMyPrepayPlanResult, PayMyBillsResult } from "../../../generated/operation-types.ts";
import { chinaDateTime } from "../../common/china-time.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import { apiError } from "../platform/http/envelope.ts";
import { route } from "../platform/http/operation.ts";
import type { ResidentInfo } from "../platform/session/resident-session.ts";
import { prepayPlan, prepayTerms } from "../payment/public.ts";
import { onlinePayContext, originOf } from "../onlinepay/index.ts";
import { createOrder, ORDER_SELECT, type OnlinePayContext, type OrderRow } from "../onlinepay/orders.ts";
import { closeOrder } from "../onlinepay/gateway-query.ts";
import { scheduleOrderChecks } from "../onlinepay/jobs.ts";
import { assertBoundRoom } from "./bindings.ts";
import { asPayerRefusal, orderAnswer, RESULT_PAGE } from "./payments.ts";

type Resident = Pick<ResidentInfo, "residentId" | "tenantId">;

interface PrepayInput {
  roomId: number;
  paymentItemId: number;
  months: number;
  channel: number;
  expectedAmount: number;
}

/** getMyPrepayPlan: the desk's plan of a bound room, without the desk's start period choice. */
async function myPrepayPlan(app: FastifyInstance, resident: Resident, roomId: number, query: { paymentItemId?: number; months?: number }): Promise<GetMyPrepayPlanResult> {
  await assertBoundRoom(app.db, resident, roomId);
  const planned = await prepayPlan(app.db, resident, { roomId, paymentItemId: query.paymentItemId, months: query.months });
  const plan = planned.plan && {
    paymentItemId: planned.plan.paymentItemId,
    itemName: planned.plan.itemName,
    startPeriod: planned.plan.startPeriod,
    months: planned.plan.months,
    bills: planned.plan.bills.map((b) => ({ period: b.period, amountDue: b.amountDue, outstanding: b.outstanding })),
    total: planned.plan.total,
  };
  return { maxMonths: planned.maxMonths, items: planned.items.map((i) => ({ id: i.id, name: i.name, nextPeriod: i.nextPeriod })), plan };
}

/** prepayMyMonths: the terms priced now (refused when they are not what the page showed), then an order of 用途 预缴. */
async function prepayMyMonths(app: FastifyInstance, ctx: OnlinePayContext, request: FastifyRequest, resident: Resident, input: PrepayInput): Promise<PayMyBillsResult> {
  const { tenantId } = resident;
  await assertBoundRoom(app.db, resident, input.roomId);
  const terms = await prepayTerms(app.db, tenantId, input.roomId, input.paymentItemId, Number(input.months));
  if (terms.total !== input.expectedAmount) throw apiError("CONFLICT", { message: texts.residentPay.prepayChanged });
  const pending = await camelRows<OrderRow>(
    app.db,
    sql`${ORDER_SELECT} where tenant_id = ${tenantId} and room_id = ${input.roomId} and status = ${OnlineOrderStatus.Pending} and purpose = ${OnlineOrderPurpose.Prepay}
          and prepay_item_id = ${input.paymentItemId} and resident_id = ${resident.residentId}
        order by id desc`,
  );
  const same = pending.find(
    (o) =>
      o.channel === input.channel &&
      o.amount === terms.total &&
      o.prepayStartPeriod === terms.startPeriod &&
      o.prepayMonths === terms.months &&
      o.payUrl &&
      new Date(o.expiresAt).getTime() > Date.now() + 5 * 60_000,
  );
  if (same) return orderAnswer({ ...same, expiresAt: chinaDateTime(same.expiresAt) });
  for (const order of pending) await closeOrder(ctx, order).catch(() => false); // a gateway that cannot close it now: a second payment would be flagged 多缴待退, never lost
  const origin = originOf(request);
  const made = await createOrder(
    ctx,
    tenantId,
    { roomId: input.roomId, billIds: null, channel: input.channel, origin: OnlineOrderOrigin.Resident, returnUrl: (id) => `${origin}${RESULT_PAGE}${id}`, prepay: terms },
    origin,
  ).catch((err: unknown) => asPayerRefusal(app.db, tenantId, [], err));
  await app.db.query(sql`update online_payment_orders set resident_id = ${resident.residentId} where tenant_id = ${tenantId} and id = ${made.id}`);
  await scheduleOrderChecks(app.jobs, tenantId, made.id, (message, err) => app.log.error({ err }, `[residents] ${message}`));
  return orderAnswer(made);
}

export async function residentPrepayRoutes(app: FastifyInstance): Promise<void> {
  const { ctxOf } = onlinePayContext(app);
  route(app, operations.getMyPrepayPlan, async ({ params, query, resident }) => myPrepayPlan(app, resident, params.roomId, query));
  route(app, operations.prepayMyMonths, async ({ params, body, resident, request }) =>
    prepayMyMonths(app, ctxOf(request), request, resident, {
      roomId: params.roomId,
      paymentItemId: body.paymentItemId,
      months: body.months,
      channel: body.channel,
      expectedAmount: body.expectedAmount,
    }),
  );
}
