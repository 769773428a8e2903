// Demo data of the fee domain, made through the fee logic itself (generation, approval, cashier,
// refunds, waivers, daily closing), so it is consistent: every community gets pricing types of each
// method, payment items, meter readings, bills of the last three months in every state, payments
// by several pay methods with receipts, refunds and waivers in every state, and three closed days.
// The first community of tenant A has every setting saved (the payment guide shows all five steps
// done), the second only the payment parameters, the others none. Runs before the generic filler
// (resource-rows.ts), which then finds enough rows and adds none of its own.
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DemoTenants } from "./tenants.ts";
import type { DemoUsers } from "./users.ts";
import { addDays } from "../../common/payment/period.ts";
import { chinaDay } from "../../common/china-time.ts";
import {
  generateInline,
  approveBills,
  rejectBills,
  payBills,
  applyRefund,
  approveRefund,
  rejectRefund,
  applyWaiver,
  approveWaiver,
  rejectWaiver,
  closeDay,
  daySummary,
  loadSettings,
  saveSettings,
} from "../payment/public.ts";
import { seedCounterCharges, seedPrepayAccounts } from "./fee-depth.ts";
import { authoritiesOf, MAIN_ACCOUNT } from "../platform/session/authorities.ts";
import { ident } from "../crud/sql.ts";
import { MeterReadingStatus, PaymentItemCategory, RefundKind, ShareBasis } from "../../../generated/states.ts";
import { allocateShare } from "../payment/share-allocation.ts";
import { join, raw, sql, type Sql } from "../platform/db/sql.ts";
import { camelRows } from "../platform/db/camel-rows.ts";

/** The tenant's main account, with every code as when it signs in. */
export function seedSession(tenantId: number, userId: number, username: string): SessionInfo {
  return {
    tokenHash: "seed",
    userId,
    tenantId,
    username,
    realName: null,
    userType: MAIN_ACCOUNT,
    authorities: authoritiesOf(MAIN_ACCOUNT, null),
    communityIds: null,
    tenantName: "",
    sceneName: "社区",
  };
}

/** Month `n` months before the month of `day` ("YYYY-MM-DD") as "YYYY-MM". */
function monthBefore(day: string, n: number): string {
  let y = Number(day.slice(0, 4));
  let m = Number(day.slice(5, 7)) - n;
  while (m < 1) {
    m += 12;
    y -= 1;
  }
  return `${y}-${String(m).padStart(2, "0")}`;
}

/** 10:00 China time, `daysAgo` days before now. */
const chinaMorning = (today: string, daysAgo: number, minute = 0): Date => new Date(Date.parse(`${addDays(today, -daysAgo)}T02:${String(minute % 60).padStart(2, "0")}:00Z`));

async function ids(tx: DbSession, statement: Sql): Promise<number[]> {
  return (await tx.query<{ id: number }>(statement)).rows.map((r) => Number(r.id));
}

async function seedCommunity(tx: DbSession, s: SessionInfo, communityId: number, index: number, today: string) {
  const insert = async (table: string, columns: string[], values: unknown[]) =>
    (
      await tx.query<{ id: number }>(
        sql`insert into ${raw(ident(table))} (tenant_id, community_id, created_by, updated_by, ${raw(columns.map(ident).join(", "))})
         values (${s.tenantId}, ${communityId}, ${s.userId}, ${s.userId}, ${join(values, ", ")}) returning id`,
      )
    ).rows[0].id;

  // Pricing types: one of each method, each with only the fields its method uses (a meter unit for
  // metered pricing alone, no unit price for manual entry: schema usedWhen, crud/schema-conditions.ts).
  const cols = ["name", "pricing_method", "unit_price", "meter_unit", "billing_cycle", "enabled", "remark"];
  const area = await insert("price_types", cols, ["物业服务费", 1, 250, null, 1, true, "按建筑面积每月每平方米2.50元"]);
  const fixed = await insert("price_types", cols, ["垃圾清运费", 2, 3000, null, 2, true, "每户每月30.00元，按季收取"]);
  const meter = await insert("price_types", cols, ["自来水费", 3, 420, "吨", 1, true, "抄表用量每吨4.20元"]);
  await insert("price_types", cols, ["装修押金", 4, null, null, 4, true, "按户手工录入"]);

  // Payment items: billed periodically, but for the deposit item (category 2, what 押金管理 offers).
  const icols = ["name", "price_type_id", "payment_type", "category", "occupancy_statuses", "building_ids", "due_day", "late_fee_enabled", "late_fee_rate", "late_fee_grace_days", "enabled"];
  const item = (name: string, price: number, type: number, late: boolean, category: number = PaymentItemCategory.Periodic) =>
    insert("payment_items", icols, [name, price, type, category, JSON.stringify([1, 2, 3, 4]), "[]", 15, late, late ? "0.50" : null, late ? 15 : 0, true]);
  const propertyFee = await item("物业费", area, 1, true);
  const garbage = await item("垃圾清运费", fixed, 2, false);
  const water = await item("水费", meter, 2, false);
  const deposit = await item(
    "装修押金",
    await ids(tx, sql`select id from price_types where tenant_id = ${s.tenantId} and community_id = ${communityId} and pricing_method = 4`).then((r) => r[0]),
    2,
    false,
    PaymentItemCategory.Deposit,
  );

  // Settings: the first community has every tab saved, the second the payment parameters only.
  const prefix = "SJ";
  if (index === 0) {
    await saveSettings(tx, s, communityId, "payParams", { payMethods: [1, 2, 3, 4, 5, 6], roundingMode: 1 });
    // The 票据抬头 names who takes the money; the printed title below it follows the receipt's kind
    // (物业服务费收据, 押金收据 …).
    const [community] = await camelRows<{ name: string }>(tx, sql`select name from communities where tenant_id = ${s.tenantId} and id = ${communityId}`);
    await saveSettings(tx, s, communityId, "receipt", { receiptTitle: `${community.name}物业服务中心`, receiptPrefix: prefix, defaultReceiptType: 1, invoiceEnabled: false });
    await saveSettings(tx, s, communityId, "other", { allowPartialPayment: true, waiverAutoApproveLimit: 1000, autoPrintReceipt: true });
  } else if (index === 1) {
    await saveSettings(tx, s, communityId, "payParams", { payMethods: [1, 2, 5], roundingMode: 2 });
  }
  await tx.query(
    sql`insert into payment_settings (tenant_id, community_id, created_by, updated_by) values (${s.tenantId}, ${communityId}, ${s.userId}, ${s.userId}) on conflict (tenant_id, community_id) do nothing`,
  );

  // A water meter per billed room and its approved readings, three months (the water item bills them).
  const waterType = (await ids(tx, sql`select id from meter_types where tenant_id = ${s.tenantId} and name = '水' and built_in`))[0];
  await tx.query(sql`update payment_items set meter_type_id = ${waterType} where tenant_id = ${s.tenantId} and id = ${water}`);
  const rooms = await ids(tx, sql`select id from rooms where tenant_id = ${s.tenantId} and community_id = ${communityId} and occupancy_status in (1, 2, 3, 4) order by id`);
  await tx.query(
    sql`insert into meters (tenant_id, community_id, meter_no, meter_type_id, scope_kind, room_id, multiplier, max_reading, initial_reading, install_date, status, created_by, updated_by)
     select ${s.tenantId}, ${communityId}, 'SB' || lpad(r::text, 8, '0'), ${waterType}, 1, r, 1, 99999, (100 + k * 3)::numeric, ${`${monthBefore(today, 12)}-01`}::date, 1, ${s.userId}, ${s.userId}
       from unnest(${rooms}::bigint[]) with ordinality as x(r, k)`,
  );
  const periods = [monthBefore(today, 2), monthBefore(today, 1), monthBefore(today, 0)];
  for (const [p, period] of periods.entries()) {
    await tx.query(
      sql`insert into meter_readings (tenant_id, community_id, meter_id, meter_type_id, room_id, building_id, period, previous_reading, current_reading, usage, read_at, status, approved_by, approved_at, created_by, updated_by)
       select ${s.tenantId}, ${communityId}, m.id, m.meter_type_id, m.room_id, r.building_id, ${period}, (100 + k * 3 + ${p} * 12)::numeric(12,2), (100 + k * 3 + ${p} * 12 + 8 + (k % 7) + 0.35)::numeric(12,2),
              (8 + (k % 7) + 0.35)::numeric, ${`${period}-01`}::date, ${MeterReadingStatus.Approved}, ${s.userId}, now(), ${s.userId}, ${s.userId}
         from unnest(${rooms}::bigint[]) with ordinality as x(rid, k)
         join meters m on m.tenant_id = ${s.tenantId} and m.room_id = x.rid and m.meter_type_id = ${waterType}
         join rooms r on r.tenant_id = m.tenant_id and r.id = m.room_id`,
    );
  }

  // Bills: one run per item and period (the task centre shows one task per batch).
  for (const period of periods) {
    await generateInline(tx, s, { period, paymentItemIds: [propertyFee] });
    await generateInline(tx, s, { period, paymentItemIds: [water] });
  }
  const quarter = `${today.slice(0, 4)}-${String(Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, "0")}`;
  await generateInline(tx, s, { period: quarter, paymentItemIds: [garbage] });

  // Prepayment accounts before approval: those with auto-deduct on pay their bills from the balance.
  await seedPrepayAccounts(tx, s, communityId);

  // Approval: the two earlier months and the quarter approved; this month half approved, two rejected.
  const billIds = (period: string) => ids(tx, sql`select id from bills where tenant_id = ${s.tenantId} and community_id = ${communityId} and period = ${period} order by id`);
  await approveBills(tx, s, null, { ids: [...(await billIds(periods[0])), ...(await billIds(periods[1])), ...(await billIds(quarter))] });
  const currentOwn = await ids(
    tx,
    sql`select id from bills where tenant_id = ${s.tenantId} and community_id = ${communityId} and period = ${periods[2]} and payment_item_id <> ${garbage} order by id`,
  );
  if (currentOwn.length >= 4) {
    await rejectBills(tx, s, null, { ids: currentOwn.slice(0, 2), reason: "面积数据待核实" });
    await approveBills(tx, s, null, { ids: currentOwn.slice(2, Math.ceil(currentOwn.length / 2) + 2) });
  }

  // Payments of the earlier months (and part of the quarter), 20 to 3 days ago.
  const allowed = (await loadSettings(tx, s.tenantId, communityId)).payMethods;
  const methods = [5, 1, 2, 4, 3, 6].filter((m) => allowed.includes(m));
  const byRoom = async (period: string) =>
    (
      await tx.query<{ roomId: number; ids: number[] }>(
        sql`select room_id as "roomId", array_agg(id order by id) as ids from bills where tenant_id = ${s.tenantId} and community_id = ${communityId} and period = ${period} and status = 2 group by room_id order by room_id`,
      )
    ).rows;
  const paid: number[] = [];
  let k = 0;
  for (const [n, period] of [periods[0], periods[1]].entries()) {
    const groups = await byRoom(period);
    for (const [g, group] of groups.entries()) {
      if (g % 5 === 4) continue; // some rooms stay in arrears
      const payMethod = methods[k % methods.length];
      const daysAgo = n === 0 ? 20 - (g % 3) : 8 - (g % 4);
      const r = await payBills(
        tx,
        s,
        null,
        { billIds: group.ids.map(Number), payMethod, payerName: "业主", ...(payMethod === 5 ? { receivedAmount: 100000 } : {}) },
        { at: chinaMorning(today, daysAgo, k) },
      );
      paid.push(...r.paymentIds);
      k++;
    }
  }
  const quarterGroups = await byRoom(quarter);
  for (const group of quarterGroups.slice(0, 3)) {
    const r = await payBills(tx, s, null, { billIds: group.ids.map(Number), payMethod: methods[1] ?? methods[0], payerName: "业主" }, { at: chinaMorning(today, 2, k++) });
    paid.push(...r.paymentIds);
  }

  // Refunds: approved, rejected, pending.
  const refundIds: number[] = [];
  for (const paymentId of paid.slice(1, 4)) {
    const { rows } = await tx.query<{ amount: string }>(sql`select amount from payments where tenant_id = ${s.tenantId} and id = ${paymentId}`);
    const half = Math.max(1, Math.floor(Number(rows[0].amount) / 2));
    refundIds.push((await applyRefund(tx, s, null, { paymentId, amount: half, reason: "重复缴费退回" })).id);
  }
  if (refundIds[0]) await approveRefund(tx, s, null, refundIds[0], chinaMorning(today, 1));
  if (refundIds[1]) await rejectRefund(tx, s, null, refundIds[1], "已核实无需退款");
  // A 退费 (the charge reduced, the bill stays settled), approved: its own voucher.
  const reduced = paid[4];
  if (reduced) {
    const { rows } = await tx.query<{ amount: string }>(sql`select amount from payments where tenant_id = ${s.tenantId} and id = ${reduced}`);
    const part = Math.max(1, Math.floor(Number(rows[0].amount) / 10));
    const id = (await applyRefund(tx, s, null, { paymentId: reduced, amount: part, refundKind: RefundKind.Reduction, reason: "空置期物业费减收" })).id;
    await approveRefund(tx, s, null, id, chinaMorning(today, 1, 1));
  }

  // Waivers on unpaid approved bills: approved, rejected, pending (plus an automatic small one where allowed).
  const open = await ids(tx, sql`select id from bills where tenant_id = ${s.tenantId} and community_id = ${communityId} and status = 2 order by period, id limit 4`);
  const waiverIds: number[] = [];
  for (const [i, billId] of open.slice(0, 3).entries()) {
    const body = i === 0 ? { billId, waiverType: 1, discount: "9.5", reason: "老年住户优惠" } : { billId, waiverType: 2, amount: 2000, reason: "维修期间服务减免" };
    waiverIds.push((await applyWaiver(tx, s, null, body)).id);
  }
  const pending = await ids(tx, sql`select id from waivers where tenant_id = ${s.tenantId} and community_id = ${communityId} and status = 1 order by id`);
  if (pending[0]) await approveWaiver(tx, s, null, pending[0]);
  if (pending[1]) await rejectWaiver(tx, s, null, pending[1], "不符合减免条件");
  if (open[3]) await applyWaiver(tx, s, null, { billId: open[3], waiverType: 2, amount: 500, reason: "小额抹零" });

  // Three closed days: the earliest days with payments, declared as booked but one short.
  const days = (
    await tx.query<{ day: string }>(
      sql`select distinct accounting_day as day from payments where tenant_id = ${s.tenantId} and community_id = ${communityId} and accounting_day < ${today}::date order by 1 limit 3`,
    )
  ).rows.map((r) => String(r.day));
  for (const [i, day] of days.entries()) {
    const summary = await daySummary(tx, s, communityId, day);
    const rows = summary.rows.map((r, j) => ({
      payMethod: r.payMethod,
      cashierId: r.cashierId,
      declaredAmount: i === 1 && j === 0 ? Math.max(0, r.netAmount - 100) : r.netAmount,
      remark: i === 1 && j === 0 ? "现金短款1元，已由收银员补齐" : null,
    }));
    await closeDay(tx, s, null, communityId, { day, rows, remark: i === 1 ? "现金短款1元" : null });
  }

  // 公摊: the first community's first building shares last month's public-area electricity by area,
  // through the product's own allocation (its sheet, and draft bills that add up to the total).
  if (index === 0) {
    const [building] = await ids(tx, sql`select id from buildings where tenant_id = ${s.tenantId} and community_id = ${communityId} order by id limit 1`);
    const shared = await item("公区电费分摊", fixed, 2, false);
    for (const [i, totalAmount] of (building ? [128_650, 119_833, 131_207] : []).entries()) {
      await allocateShare(tx, s, "127.0.0.1", communityId, {
        communityId,
        buildingId: building,
        paymentItemId: shared,
        period: monthBefore(today, i + 1),
        basis: ShareBasis.ByArea,
        totalAmount,
        remark: "楼道与电梯公共用电",
      });
    }
  }

  // Deposits, temporary charges, a balance refund waiting, arrears in every ageing bucket.
  await seedCounterCharges(tx, s, communityId, { deposit, propertyFee }, { older: monthBefore(today, 4), oldest: monthBefore(today, 6), ancient: monthBefore(today, 9) });
}

export async function seedPayments(tx: DbSession, tenants: DemoTenants, users: DemoUsers): Promise<void> {
  const today = chinaDay();
  for (const [tenantId, userId, username] of [
    [tenants.a, users.admin, "admin"],
    [tenants.b, users.admin2, "admin2"],
  ] as const) {
    const s = seedSession(tenantId, userId, username);
    const communities = await ids(tx, sql`select id from communities where tenant_id = ${tenantId} order by id`);
    for (const [index, communityId] of communities.entries()) await seedCommunity(tx, s, communityId, index, today);
  }
}
