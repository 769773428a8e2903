// Demo data of prepayment, deposits, temporary charges and arrears, made through the same generic
// create and declared actions the screens call (so receipts, payments and the ledger agree):
//   before approval (seedPrepayAccounts): accounts for the first rooms with a balance, every other
//     one with auto-deduct on, so approving the bills pays theirs from the balance;
//   after the cashier's work (seedCounterCharges): deposits held, refunded in part and waiting,
//     temporary charges to rooms and a visitor, a refund of a balance waiting for approval, and
//     older unpaid bills so that arrears fall in every ageing bucket, and dunning notices for them,
//     published to the rooms' residents.
import type { DbSession, Db } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { resourceByName } from "../../../generated/resources.ts";
import { validateResource } from "../../common/validate.ts";
import { buildModel } from "../crud/model.ts";
import { createRow } from "../crud/repository.ts";
import { runAction } from "../crud/actions.ts";
import type { ResourceInput } from "../crud/row.ts";
import { registerPrepayHooks, registerCounterChargeHooks, generateInline, approveBills, dunningInline } from "../payment/public.ts";
import { PaymentItemCategory } from "../../../generated/states.ts";

/** The seed's transaction as the Db the generic path expects (its own transactions run inside it). */
export const within = (tx: DbSession): Db => ({
  kind: tx.kind,
  query: (...statement) => tx.query(...statement),
  exec: (text) => tx.exec(text),
  transaction: (fn) => fn(tx),
  close: async () => {},
});

function generic(tx: DbSession, s: SessionInfo) {
  registerPrepayHooks();
  registerCounterChargeHooks();
  const db = within(tx);
  const actor = { session: s, ip: "" };
  const create = async (resource: string, body: ResourceInput) => Number((await createRow(db, buildModel(resourceByName[resource]), actor, body)).id);
  const act = async (resource: string, id: number, action: string, body: ResourceInput = {}) => {
    const def = resourceByName[resource];
    await runAction(
      db,
      buildModel(def),
      actor,
      id,
      def.actions!.list.find((a) => a.name === action)!,
      body,
      validateResource,
    );
  };
  return { create, act };
}

const roomsOf = async (tx: DbSession, s: SessionInfo, communityId: number) =>
  (await tx.query<{ id: number }>(sql`select id from rooms where tenant_id = ${s.tenantId} and community_id = ${communityId} and occupancy_status in (1, 2, 3, 4) order by id`)).rows.map((r) =>
    Number(r.id),
  );

/** Accounts for the first six rooms (balances 300.00 to 1300.00), auto-deduct on every other one. */
export async function seedPrepayAccounts(tx: DbSession, s: SessionInfo, communityId: number): Promise<void> {
  const { create, act } = generic(tx, s);
  for (const [i, roomId] of (await roomsOf(tx, s, communityId)).slice(0, 6).entries()) {
    const id = await create("prepayAccounts", { communityId, roomId, autoDeduct: i % 2 === 0 });
    await act("prepayAccounts", id, "recharge", { amount: `${300 + i * 200}.00`, payMethod: [5, 1, 2][i % 3], payerName: "业主", remark: "预存物业费" });
  }
}

export async function seedCounterCharges(
  tx: DbSession,
  s: SessionInfo,
  communityId: number,
  items: { deposit: number; propertyFee: number },
  periods: { older: string; oldest: string; ancient: string },
): Promise<void> {
  const { create, act } = generic(tx, s);
  const rooms = await roomsOf(tx, s, communityId);
  // Items of the counter: a deposit item (押金管理 offers only those) and temporary ones (临时收费).
  const item = async (name: string, category: number) => {
    const { rows } = await tx.query<{ id: number }>(
      sql`insert into payment_items (tenant_id, community_id, name, price_type_id, payment_type, category, occupancy_statuses, building_ids, due_day, enabled, created_by, updated_by)
       select ${s.tenantId}, ${communityId}, ${name}, price_type_id, 2, ${category}, '[]', '[]', 15, true, ${s.userId}, ${s.userId} from payment_items where tenant_id = ${s.tenantId} and id = ${items.deposit} returning id`,
    );
    return Number(rows[0].id);
  };
  // Each is priced as what it is (按户固定金额, 一次性), not as the deposit item's 装修押金 it was copied from.
  const pricedAs = async (itemId: number, name: string, fen: number, remark: string) =>
    tx.query(
      sql`with t as (insert into price_types (tenant_id, community_id, name, pricing_method, unit_price, billing_cycle, enabled, remark, created_by, updated_by)
         values (${s.tenantId}, ${communityId}, ${name}, 2, ${fen}, 4, true, ${remark}, ${s.userId}, ${s.userId}) returning id)
       update payment_items set price_type_id = (select id from t) where tenant_id = ${s.tenantId} and id = ${itemId}`,
    );
  const keyDeposit = await item("钥匙押金", PaymentItemCategory.Deposit);
  await pricedAs(keyDeposit, "钥匙押金", 20000, "每户门禁钥匙押金200.00元");
  const parkingCard = await item("停车卡工本费", PaymentItemCategory.Temporary);
  await pricedAs(parkingCard, "停车卡工本费", 2000, "每张停车卡20.00元");
  const certificate = await item("证明开具费", PaymentItemCategory.Temporary);
  await pricedAs(certificate, "证明开具费", 1000, "每份证明10.00元");

  // Deposits: held, refunded in part (a deduction), waiting for approval.
  const deposits: number[] = [];
  for (const [i, roomId] of rooms.slice(0, 4).entries()) {
    deposits.push(
      await create("deposits", {
        communityId,
        roomId,
        paymentItemId: i % 2 ? keyDeposit : items.deposit,
        amount: i % 2 ? "200.00" : "3000.00",
        payMethod: 5,
        payerName: "业主",
        remark: i % 2 ? "门禁钥匙两把" : "装修押金",
      }),
    );
  }
  if (deposits[1]) {
    await act("deposits", deposits[1], "refund", { refundAmount: "200.00", refundMethod: 5 });
    await act("deposits", deposits[1], "approveRefund");
  }
  if (deposits[2]) {
    await act("deposits", deposits[2], "refund", { refundAmount: "2500.00", refundMethod: 6, deductionReason: "损坏公共墙面修复费" });
    await act("deposits", deposits[2], "approveRefund");
  }
  if (deposits[3]) await act("deposits", deposits[3], "refund", { refundAmount: "200.00", refundMethod: 5 });

  // Temporary charges: rooms and a visitor.
  await create("tempCharges", { communityId, roomId: rooms[0], paymentItemId: parkingCard, amount: "20.00", payMethod: 1, payerName: "业主" });
  await create("tempCharges", { communityId, roomId: rooms[1] ?? rooms[0], paymentItemId: certificate, amount: "10.00", payMethod: 5 });
  await create("tempCharges", { communityId, visitorName: "访客李女士", paymentItemId: parkingCard, amount: "20.00", payMethod: 2, payerName: "李女士" });

  // A refund of a balance waiting for approval.
  const { rows: acc } = await tx.query<{ id: number }>(sql`select id from prepay_accounts where tenant_id = ${s.tenantId} and community_id = ${communityId} and balance >= 10000 order by id limit 1`);
  if (acc[0]) await act("prepayAccounts", Number(acc[0].id), "applyRefund", { refundAmount: "100.00", refundMethod: 5, reason: "业主申请退还部分预存款" });

  // Older unpaid bills of the last rooms (without accounts): arrears 91–180 and over 180 days.
  const late = rooms.slice(-4);
  if (late.length) {
    await generateInline(tx, s, { period: periods.older, paymentItemIds: [items.propertyFee], roomIds: late.slice(0, 2) });
    await generateInline(tx, s, { period: periods.oldest, paymentItemIds: [items.propertyFee], roomIds: late.slice(2) });
    await generateInline(tx, s, { period: periods.ancient, paymentItemIds: [items.propertyFee], roomIds: late.slice(3) });
    const { rows } = await tx.query<{ id: number }>(
      sql`select id from bills where tenant_id = ${s.tenantId} and community_id = ${communityId} and period = any(${[periods.older, periods.oldest, periods.ancient]}::text[]) and status = 1`,
    );
    if (rows.length) await approveBills(tx, s, null, { ids: rows.map((r) => Number(r.id)) });
  }

  // Dunning notices for every room of the community in arrears, published to each room's residents.
  await dunningInline(tx, s, communityId, { publish: true });
  // The demo sends them to the residents' app too (发布到住户端, docs/residents.md).
  await tx.query(sql`update notices set to_residents = true where tenant_id = ${s.tenantId} and community_id = ${communityId} and room_id is not null and publish_status = 1`);
}
