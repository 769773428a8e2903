// The cashier: a room's unpaid approved bills with their totals, and paying one or several of them
// (of one room, or of several rooms of one owner in one community: one receipt, issued for the
// cashier's room, a payment row per bill with that bill's room).
//
// Paying locks the bills (SELECT ... FOR UPDATE) before reading what is owed, so of two cashiers
// paying the same bill at once exactly one succeeds; the other waits for the first to commit, then
// finds the bill paid (409 该账单已缴费，请刷新后重试) or its amount changed (409). One transaction
// writes a payment row per bill (serial number from the tenant's counter), the bills' paid amounts
// and states, and one receipt numbered prefix + the tenant's receipt counter (gap-free: a failed
// payment rolls its number back). The day it counts for is the first open business day (a closed
// day is read-only: later payments go to the next day).
import type { DbSession } from "../platform/db/types.ts";
import { sessionPersonName, type SessionInfo } from "../platform/session/session-store.ts";
import { checkRule } from "../../common/validate.ts";
import { fenToYuan } from "../../common/money.ts";
import { chinaDay } from "../../common/china-time.ts";
import { mappingLabel } from "../../common/mappings.ts";
import { cycleMonths } from "../../common/payment/pricing.ts";
import { linePricing, periodEndOf, receiptKindOf, splitLateFee } from "../../common/payment/receipt-lines.ts";
import { BALANCE_PAY_METHOD, loadSettings } from "./settings.ts";
import { accountingDay, BILL_FROM, BILL_SELECT, billStatusOf, billView, lateFeeOn, normalizeBill, owedOn, type BillRow } from "./bills.ts";
import {
  audit,
  CODES,
  conflict,
  dayLockKey,
  fen,
  nextCounter,
  notFound,
  optionalText,
  payAmountWithin,
  refused,
  RETURN_FLAG_CHARGE,
  ruleBroken,
  say,
  personNameSql,
  nextPaymentSerialNo,
} from "./common.ts";
import { apiError } from "../platform/http/envelope.ts";
import { mayAccessCommunity } from "../platform/session/community-scope.ts";
import { mask } from "../../common/masks.ts";
import type { GetRoomBillsData, PayBillsBody, PrintReceiptData } from "../../../generated/operation-types.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { raw, sql, type Sql } from "../platform/db/sql.ts";
import { BillStatus, PayMethod, ReceiptStatus, ReceiptType, RefundStatus, ResidentIdentity, ReturnFlag } from "../../../generated/states.ts";
import { queueWebhookEvent } from "../webhooks/public.ts";
import { billsSettledChanged } from "./settled-bills.ts";

/** Statuses a bill can be paid in: approved, partly paid. */
export const PAYABLE: readonly number[] = [BillStatus.Approved, BillStatus.PartlyPaid];

/** The room's owner as the desk names it: its first owner (identity 业主, lowest id), phone in full; null without one. */
export async function roomOwner(db: DbSession, tenantId: number, roomId: number): Promise<{ name: string; phone: string | null } | null> {
  const rows = await camelRows<{ name: string; phone: string | null }>(
    db,
    sql`select h.name, h.phone from inhabitants h where h.tenant_id = ${tenantId} and h.room_id = ${roomId} and h.identity = ${ResidentIdentity.Owner} order by h.id limit 1`,
  );
  return rows[0] ?? null;
}

/** The building `bu` and unit `un` of the room `ro` (left joins: a room may have neither), within its tenant. */
/**
 * The order of a room's bills at the desk, of the bills a payment takes (their payments and receipt
 * lines in this order) and of their locks: by period, then by item in the order the items were set
 * up, not by bill id (a generation's two lanes number their items' bills side by side).
 */
const DESK_ORDER: Sql = raw("b.period, b.payment_item_id, b.id");

const ROOM_PLACE_JOINS: Sql = raw(`left join buildings bu on bu.tenant_id = ro.tenant_id and bu.id = ro.building_id
       left join units un on un.tenant_id = ro.tenant_id and un.id = ro.unit_id`);

export async function roomBills(db: DbSession, session: SessionInfo, roomId: number) {
  const rooms = await camelRows<GetRoomBillsData["room"]>(
    db,
    sql`select ro.id, ro.room_no, ro.full_name as room_name, ro.community_id, c.name as community_name, bu.name as building_name,
            un.name as unit_name, ro.building_area, ro.charge_area, ro.occupancy_status, ro.status
       from rooms ro join communities c on c.tenant_id = ro.tenant_id and c.id = ro.community_id
       ${ROOM_PLACE_JOINS}
      where ro.tenant_id = ${session.tenantId} and ro.id = ${roomId}`,
  );
  const room = rooms[0];
  if (!room) throw notFound();
  const rows = await camelRows<BillRow>(
    db,
    sql`select ${BILL_SELECT} from ${BILL_FROM} where b.tenant_id = ${session.tenantId} and b.room_id = ${roomId} and b.status = any(${PAYABLE}::int[]) order by ${DESK_ORDER}`,
  );
  const today = chinaDay();
  const bills = rows.map(normalizeBill);
  const sum = (f: (b: BillRow) => number) => bills.reduce((s, b) => s + f(b), 0);
  const { rows: drafts } = await db.query<{ n: number }>(sql`select count(*)::int as n from bills where tenant_id = ${session.tenantId} and room_id = ${roomId} and status = ${BillStatus.Draft}`);
  const settings = await loadSettings(db, session.tenantId, room.communityId);
  const accounts = await camelRows<{ id: number; balance: string; autoDeduct: boolean; status: number }>(
    db,
    sql`select id, balance, auto_deduct, status from prepay_accounts where tenant_id = ${session.tenantId} and room_id = ${roomId}`,
  );
  const account = accounts[0];
  const owner = await roomOwner(db, session.tenantId, roomId);
  return {
    room,
    owner: owner && { name: owner.name, phone: owner.phone === null ? null : mask("phone", owner.phone) },
    /** The room's prepayment account (the cashier can pay from its balance), or null. */
    prepay: account ? { id: Number(account.id), balance: fen(account.balance), autoDeduct: account.autoDeduct, status: account.status } : null,
    bills: bills.map((b) => billView(b, today)),
    totals: {
      count: bills.length,
      amountDue: sum((b) => b.amountDue),
      lateFee: sum((b) => lateFeeOn(b, today)),
      amountPaid: sum((b) => b.amountPaid),
      amountWaived: sum((b) => b.amountWaived),
      outstanding: sum((b) => owedOn(b, today)),
    },
    draftCount: drafts[0].n,
    payMethods: settings.payMethods,
    allowPartialPayment: settings.allowPartialPayment,
    autoPrintReceipt: settings.autoPrintReceipt,
  };
}

/** What a payment is asked for (the payBills operation's body; payFromBalance and the demo seed pass the same): amounts in fen,
 * payAmount by default everything owed, receivedAmount the cash handed over (PayMethod.Cash), expectedAmount what the page showed
 * as owed (a different amount now means someone else changed the bills). */
/** What payBills takes: the operation's body; the pay method is left out where the options name it (a balance or online payment). */
export type PayRequest = Omit<PayBillsBody, "payMethod"> & { payMethod?: number | null };

export interface PayOptions {
  /** Demo seed: the moment of the payment (default now). */
  at?: Date;
  /** Paid from the room's prepayment balance (prepay.ts takes it off the balance in the same transaction): pay method BALANCE_PAY_METHOD, no cash. */
  fromBalance?: boolean;
  /**
   * Paid online (a gateway's verified callback, src/server/onlinepay/settle.ts): the gateway's pay
   * method, which the desk's settings need not offer, and no cashier (nobody at a counter took it).
   */
  online?: { payMethod: number };
}

export async function payBills(tx: DbSession, session: SessionInfo, ip: string | null, body: PayRequest, options: PayOptions = {}) {
  // The operations' validators refused billIds missing, empty or over 200, and a pay method the counter cannot offer (an online order holds at most 200 bills too).
  const billIds = [...new Set(body.billIds)];
  const payMethod = options.fromBalance ? BALANCE_PAY_METHOD : (options.online?.payMethod ?? body.payMethod ?? 0);
  const payerName = optionalText(body.payerName, "payerName", 32, "name");
  const remark = optionalText(body.remark, "remark", 128);
  const at = options.at ?? new Date();
  const today = chinaDay(at);

  const rows = await camelRows<BillRow>(
    tx,
    sql`select ${BILL_SELECT} from ${BILL_FROM} where b.tenant_id = ${session.tenantId} and b.id = any(${billIds}::bigint[]) order by ${DESK_ORDER} for update of b`,
  );
  if (rows.length !== billIds.length) throw notFound();
  const bills = rows.map(normalizeBill);
  // The desk's room: the receipt's room, and whose owner and community the other rooms' bills must share.
  const givenFirst = rows.find((b) => b.id === billIds[0])!;
  const anchor = body.roomId ?? givenFirst.roomId;
  const roomId = bills.some((b) => b.roomId === anchor) ? anchor : givenFirst.roomId;
  const roomIds = [...new Set(bills.map((b) => b.roomId))];
  if (options.fromBalance && roomIds.length > 1) throw refused("oneRoomFromBalance", "billIds");
  const anchorRooms = await camelRows<{ communityId: number }>(tx, sql`select community_id from rooms where tenant_id = ${session.tenantId} and id = ${anchor}`);
  if (!anchorRooms.length) throw notFound();
  const communityId = anchorRooms[0].communityId;
  for (const b of bills) {
    if (!mayAccessCommunity(session, b.communityId)) throw notFound();
    if (b.communityId !== communityId) throw apiError("PAY_BILLS_OTHER_COMMUNITY", { message: say("payBillsOtherCommunity", { billNo: b.billNo }) });
  }
  await sameOwner(tx, session.tenantId, anchor, roomIds);
  for (const b of bills) {
    if (b.status === BillStatus.Paid) throw conflict("billAlreadyPaid");
    if (b.status === BillStatus.Draft) throw refused("billNotApproved", "billIds", { billNo: b.billNo });
    if (b.status === BillStatus.Rejected) throw refused("billRejected", "billIds", { billNo: b.billNo });
  }
  const settings = await loadSettings(tx, session.tenantId, communityId);
  if (!options.fromBalance && !options.online && !settings.payMethods.includes(payMethod)) throw refused("payMethodDisabled", "payMethod");

  const owed = bills.map((b) => owedOn(b, today));
  const total = owed.reduce((s, n) => s + n, 0);
  if (total <= 0) throw conflict("billAlreadyPaid");
  if (body.expectedAmount !== undefined && body.expectedAmount !== null && body.expectedAmount !== total) throw conflict("billAmountChanged");
  let payFen = total;
  if (body.payAmount !== undefined && body.payAmount !== null) {
    payFen = payAmountWithin(body.payAmount, "payAmount", total);
    if (payFen <= 0) throw refused("positiveAmount", "payAmount");
    if (payFen < total && !settings.allowPartialPayment) throw refused("partialPaymentOff", "payAmount");
  }
  let receivedFen: number | null = null;
  let changeFen: number | null = null;
  if (payMethod === PayMethod.Cash) {
    // None given: the amount paid, which the amount rule limits as if typed.
    receivedFen = body.receivedAmount ?? payFen;
    const problem = body.receivedAmount === undefined || body.receivedAmount === null ? checkRule("amount", fenToYuan(payFen)) : null;
    if (problem) throw ruleBroken(problem, "receivedAmount");
    if (receivedFen < payFen) throw refused("receivedBelowPaid", "receivedAmount");
    changeFen = receivedFen - payFen;
  }

  const [k1, k2] = dayLockKey(communityId);
  await tx.query(sql`select pg_advisory_xact_lock_shared(${k1}, ${k2})`);
  const day = await accountingDay(tx, session.tenantId, communityId, today);
  const prefix = settings.receiptPrefix || "SJ";
  const receiptNo = `${prefix}${String(await nextCounter(tx, session.tenantId, "receipt")).padStart(10, "0")}`;
  const paidAt = at.toISOString();

  const userId = options.online ? null : session.userId;
  let left = payFen;
  const paymentIds: number[] = [];
  const changed: { id: number; status: number; amountPaid: number }[] = [];
  for (let i = 0; i < bills.length && left > 0; i++) {
    const b = bills[i];
    const part = Math.min(left, owed[i]);
    if (part <= 0) continue;
    left -= part;
    const lateFee = lateFeeOn(b, today);
    const paid = b.amountPaid + part;
    const status = billStatusOf({ amountDue: b.amountDue, lateFee, amountPaid: paid, amountWaived: b.amountWaived });
    await tx.query(
      sql`update bills set amount_paid = ${paid}, late_fee = ${lateFee}, status = ${status},
              paid_at = case when ${status}::int = ${BillStatus.Paid} then ${paidAt}::timestamptz else null end,
              updated_at = now(), updated_by = ${userId}, version = version + 1
        where tenant_id = ${session.tenantId} and id = ${b.id}`,
    );
    const serialNo = await nextPaymentSerialNo(tx, session.tenantId, "P");
    const { rows: p } = await tx.query<{ id: number }>(
      sql`insert into payments (tenant_id, community_id, serial_no, bill_id, room_id, payer_name, amount, pay_method, payment_type, return_flag,
                             receipt_no, cashier_id, paid_at, accounting_day, remark, created_by, updated_by)
       values (${session.tenantId}, ${communityId}, ${serialNo}, ${b.id}, ${b.roomId}, ${payerName}, ${part}, ${payMethod}, ${b.paymentType}, ${RETURN_FLAG_CHARGE},
               ${receiptNo}, ${userId}, ${paidAt}, ${day}::date, ${remark}, ${userId}, ${userId}) returning id`,
    );
    paymentIds.push(p[0].id);
    changed.push({ id: b.id, status, amountPaid: paid });
  }
  await billsSettledChanged(
    tx,
    session.tenantId,
    changed.map((c) => c.id),
  );

  const { rows: r } = await tx.query<{ id: number }>(
    sql`insert into receipts (tenant_id, community_id, receipt_no, receipt_type, payment_id, room_id, payer_name, invoice_title, tax_no, amount,
                           pay_method, received_amount, change_amount, status, issued_at, issuer_id, created_by, updated_by)
     values (${session.tenantId}, ${communityId}, ${receiptNo}, ${settings.defaultReceiptType || ReceiptType.Receipt}, ${paymentIds[0]}, ${roomId}, ${payerName},
             ${settings.receiptTitle}, ${settings.taxNo}, ${payFen}, ${payMethod}, ${receivedFen}, ${changeFen}, ${ReceiptStatus.Issued}, ${paidAt},
             ${userId}, ${userId}, ${userId}) returning id`,
  );
  await audit(tx, { ...session, userId }, ip, "payments", "pay", r[0].id, { communityId, roomIds, billIds, payMethod, amount: fenToYuan(payFen), receiptNo }, CODES.cashier);
  for (const c of changed.filter((c) => c.status === BillStatus.Paid)) {
    const bill = bills.find((b) => b.id === c.id)!;
    await queueWebhookEvent(tx, session.tenantId, "bill.paid", { billId: c.id, communityId, roomId: bill.roomId, amountPaid: fenToYuan(c.amountPaid), receiptNo, payMethod, paidAt });
  }
  return {
    cashierName: sessionPersonName(session),
    receiptId: r[0].id,
    receiptNo,
    payAmount: payFen,
    receivedAmount: receivedFen,
    changeAmount: changeFen,
    accountingDay: day,
    paymentIds,
    bills: changed,
  };
}

/**
 * Refuses rooms (other than `anchor`) that are not its owner's: each must have an owner (identity
 * 业主) with the phone of the anchor's first owner, the person the desk shows (40070, naming the room).
 */
async function sameOwner(tx: DbSession, tenantId: number, anchor: number, roomIds: number[]): Promise<void> {
  const others = roomIds.filter((id) => id !== anchor);
  if (!others.length) return;
  const owner = await roomOwner(tx, tenantId, anchor);
  const rows = await camelRows<{ id: number; roomName: string; owned: boolean }>(
    tx,
    sql`select r.id, r.full_name as room_name,
               exists (select 1 from inhabitants h where h.tenant_id = r.tenant_id and h.room_id = r.id and h.identity = ${ResidentIdentity.Owner} and h.phone = ${owner?.phone ?? null}) as owned
          from rooms r where r.tenant_id = ${tenantId} and r.id = any(${others}::bigint[]) order by r.full_name, r.id`,
  );
  const stranger = rows.find((r) => !r.owned);
  if (stranger) throw apiError("PAY_ROOMS_OTHER_OWNER", { message: say("payRoomsOtherOwner", { roomName: stranger.roomName }) });
}

/** A receipt as read: money in fen until shown as yuan, and the columns its title needs. */
type ReceiptRow = Pick<
  PrintReceiptData,
  | "id"
  | "receiptNo"
  | "receiptType"
  | "communityName"
  | "roomNo"
  | "roomName"
  | "buildingName"
  | "unitName"
  | "payerName"
  | "payMethod"
  | "status"
  | "issuedAt"
  | "issuerName"
  | "taxNo"
  | "voidReason"
  | "voidedAt"
  | "voidedByName"
> & {
  amount: number;
  receivedAmount: number | null;
  changeAmount: number | null;
  communityId: number;
  roomId: number | null;
  invoiceTitle: string | null;
  issuerId: number | null;
  tenantName: string | null;
};
/** A line as read: the charge, its bill (late fee, quantity, amount due) and its item's pricing type. */
interface ReceiptLineRow {
  id: number;
  serialNo: string;
  amount: number;
  billId: number | null;
  billNo: string;
  period: string;
  itemName: string;
  paymentType: number | null;
  source: number;
  category: number | null;
  billLateFee: number | null;
  amountDue: number | null;
  quantity: string | null;
  pricingMethod: number | null;
  billingCycle: number | null;
  unitPrice: number | null;
  meterUnit: string | null;
  roomId: number | null;
  roomName: string | null;
}

/**
 * A receipt with its lines, for the print page: each line's late fee apart from its principal (the
 * late fee is settled first: splitLateFee), the months its bill covers, unit price × quantity where
 * the pricing type still gives the bill's amount, the receipt's kind (its printed title), and the
 * community's receipt settings (template, 收款单位 — the tenant's name when none is set —, seal).
 */
export async function receiptView(db: DbSession, session: Pick<SessionInfo, "tenantId">, id: number) {
  const rows = await camelRows<ReceiptRow>(
    db,
    sql`select r.id, r.receipt_no, r.receipt_type, r.community_id, c.name as community_name,
            r.room_id, ro.room_no, ro.full_name as room_name, bu.name as building_name, un.name as unit_name, r.payer_name,
            r.invoice_title, r.tax_no, r.amount, r.pay_method, r.received_amount,
            r.change_amount, r.status, r.issued_at, r.issuer_id, r.void_reason, r.voided_at,
            ${personNameSql("us")} as issuer_name, t.name as tenant_name,
            (select ${personNameSql("v")} from users v where v.tenant_id = r.tenant_id and v.id = r.voided_by) as voided_by_name
       from receipts r join communities c on c.tenant_id = r.tenant_id and c.id = r.community_id
       join tenants t on t.id = r.tenant_id
       left join rooms ro on ro.tenant_id = r.tenant_id and ro.id = r.room_id
       ${ROOM_PLACE_JOINS}
       left join users us on us.tenant_id = r.tenant_id and us.id = r.issuer_id
      where r.tenant_id = ${session.tenantId} and r.id = ${id}`,
  );
  const receipt = rows[0];
  if (!receipt) throw notFound();
  const lines = await camelRows<ReceiptLineRow>(
    db,
    sql`select p.id, p.serial_no, p.amount, p.bill_id, b.bill_no, b.period, i.name as item_name, p.payment_type, p.source, i.category,
               b.late_fee as bill_late_fee, b.amount_due, b.quantity, pt.pricing_method, pt.billing_cycle, pt.unit_price, pt.meter_unit,
               p.room_id, pr.full_name as room_name
       from payments p left join bills b on b.tenant_id = p.tenant_id and b.id = p.bill_id
       left join rooms pr on pr.tenant_id = p.tenant_id and pr.id = p.room_id
       left join payment_items i on i.tenant_id = p.tenant_id and i.id = coalesce(b.payment_item_id, p.payment_item_id)
       left join price_types pt on b.id is not null and pt.tenant_id = i.tenant_id and pt.id = i.price_type_id
      where p.tenant_id = ${session.tenantId} and p.receipt_no = ${receipt.receiptNo} and p.return_flag is distinct from ${ReturnFlag.Refund}
      order by pr.full_name nulls first, p.id`,
  );
  // Money received on each line's bill before the line (charges less refunds): what already went to its late fee.
  const billIds = [...new Set(lines.flatMap((l) => (l.billId === null ? [] : [Number(l.billId)])))];
  const earlier = billIds.length
    ? await camelRows<{ billId: number; id: number; amount: number; returnFlag: number | null }>(
        db,
        sql`select bill_id, id, amount, return_flag from payments where tenant_id = ${session.tenantId} and bill_id = any(${billIds}::bigint[]) order by id`,
      )
    : [];
  const paidBefore = (line: ReceiptLineRow) =>
    earlier
      .filter((e) => Number(e.billId) === Number(line.billId) && Number(e.id) < Number(line.id))
      .reduce((sum, e) => sum + (e.returnFlag === ReturnFlag.Refund ? -fen(e.amount) : fen(e.amount)), 0);
  // Its approved refunds (both kinds), by the receipt's payments: what refundedAmount sums.
  const refunds = await camelRows<Omit<PrintReceiptData["refunds"][number], "amount"> & { amount: number }>(
    db,
    sql`select f.id, f.voucher_no, f.refund_kind, f.amount, f.refund_method, f.refunded_at, b.bill_no
       from refunds f join payments p on p.tenant_id = f.tenant_id and p.id = f.payment_id
       left join bills b on b.tenant_id = f.tenant_id and b.id = f.bill_id
      where f.tenant_id = ${session.tenantId} and p.receipt_no = ${receipt.receiptNo} and f.status = ${RefundStatus.Refunded}
      order by f.refunded_at, f.id`,
  );
  const settings = await loadSettings(db, session.tenantId, receipt.communityId);
  const shown = lines.map((l) => {
    const amount = fen(l.amount);
    const split = l.billId === null ? { principal: amount, lateFee: 0 } : splitLateFee(amount, fen(l.billLateFee ?? 0), paidBefore(l));
    const pricing =
      l.billId === null
        ? null
        : linePricing({
            pricingMethod: l.pricingMethod,
            billingCycle: l.billingCycle,
            unitPriceFen: l.unitPrice === null ? null : fen(l.unitPrice),
            quantity: l.quantity === null ? null : String(l.quantity),
            amountDueFen: fen(l.amountDue ?? 0),
            roundingMode: settings.roundingMode,
            meterUnit: l.meterUnit,
          });
    const months = l.billId === null || l.billingCycle === null ? null : cycleMonths(l.billingCycle);
    return {
      id: l.id,
      serialNo: l.serialNo,
      billNo: l.billNo,
      period: l.period,
      itemName: l.itemName,
      paymentType: l.paymentType,
      source: l.source,
      category: l.category,
      amount,
      principal: split.principal,
      lateFee: split.lateFee,
      periodEnd: l.period && months !== null ? periodEndOf(l.period, months) : null,
      unitPrice: pricing?.unitPrice ?? null,
      quantity: pricing?.quantity ?? null,
      quantityUnit: pricing?.quantityUnit ?? null,
      months,
      roomId: l.roomId === null ? null : Number(l.roomId),
      roomName: l.roomName,
      lateFeeFen: split.lateFee,
    };
  });
  const kind = receiptKindOf(lines[0]);
  const lateFeeFen = shown.reduce((sum, l) => sum + l.lateFeeFen, 0);
  const { tenantName, ...shownReceipt } = receipt;
  return {
    ...shownReceipt,
    title: settings.receiptTitle || say("receiptTitleDefault", { communityName: receipt.communityName }),
    kind,
    kindTitle: mappingLabel("receiptKind", kind),
    customTitle: settings.receiptTitle,
    payeeName: settings.payeeName || tenantName || receipt.communityName,
    template: settings.receiptTemplate,
    sealEnabled: settings.sealEnabled,
    sealText: settings.sealText,
    amount: fen(receipt.amount),
    principal: fen(receipt.amount) - lateFeeFen,
    lateFee: lateFeeFen,
    receivedAmount: receipt.receivedAmount === null ? null : fen(receipt.receivedAmount),
    changeAmount: receipt.changeAmount === null ? null : fen(receipt.changeAmount),
    lines: shown.map(({ lateFeeFen: _fen, ...l }) => l),
    refundedAmount: refunds.reduce((s, f) => s + fen(f.amount), 0),
    refunds: refunds.map((f) => ({ ...f, id: Number(f.id), amount: fen(f.amount) })),
  };
}
