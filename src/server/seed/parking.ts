// Demo data of parking paid like any bill, made through the product's own logic after the generic
// filler made the lots, their rules and places: in the first community of each tenant a monthly rent
// item (停车月租类, 300.00 a month) and three places rented by it to the first rooms, billed for last
// month and this month, approved (auto-deduction pays some from the balance) and partly paid at the
// desk, so 车位管理 shows 月租缴至 dates (this month's end, last month's end, none); and stays paid at exit (one free) in 停车缴费, 实收记录 and 日结.
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { resourceByName } from "../../../generated/resources.ts";
import { buildModel } from "../crud/model.ts";
import { createRow } from "../crud/repository.ts";
import type { ResourceInput } from "../crud/row.ts";
import { generateInline, approveBills, payBills, loadSettings } from "../payment/public.ts";
import { payStay } from "../parking/stays.ts";
import { chinaDay } from "../../common/china-time.ts";
import { addDays } from "../../common/payment/period.ts";
import { ParkingPlaceStatus, PaymentItemCategory, PayMethod } from "../../../generated/states.ts";
import { seedSession } from "./payments.ts";
import { within } from "./fee-depth.ts";
import type { DemoTenants } from "./tenants.ts";
import type { DemoUsers } from "./users.ts";

const idsOf = async (tx: DbSession, statement: ReturnType<typeof sql>) => (await tx.query<{ id: number }>(statement)).rows.map((r) => Number(r.id));

async function seedCommunityParking(tx: DbSession, s: SessionInfo, communityId: number): Promise<void> {
  const create = async (resource: string, body: ResourceInput) => Number((await createRow(within(tx), buildModel(resourceByName[resource]), { session: s, ip: "" }, { communityId, ...body })).id);
  const [lotId] = await idsOf(
    tx,
    sql`select l.id from parking_lots l where l.tenant_id = ${s.tenantId} and l.community_id = ${communityId}
                                        and exists (select 1 from parking_fee_rules r where r.tenant_id = l.tenant_id and r.lot_id = l.id) order by l.id limit 1`,
  );
  if (!lotId) return;
  const rooms = await idsOf(tx, sql`select id from rooms where tenant_id = ${s.tenantId} and community_id = ${communityId} and occupancy_status in (1, 2, 3, 4) order by id limit 3`);
  const priceTypeId = await create("priceTypes", { name: "车位月租", pricingMethod: 2, unitPrice: "300.00", billingCycle: 1, enabled: true, remark: "地库车位每月300.00元" });
  const itemId = await create("paymentItems", { name: "地库车位月租", priceTypeId, category: PaymentItemCategory.Parking, paymentType: 2, dueDay: 10 });
  for (const [i, roomId] of rooms.entries()) {
    const placeId = await create("parkingPlaces", { lotId, placeNo: `YZ0${i + 1}`, placeType: 2, status: ParkingPlaceStatus.Rented, roomId, rentItemId: itemId });
    // Each renter's car, bound to the place (its 月租缴至 is the place's), in the name of the room's first resident.
    const [owner] = (
      await tx.query<{ id: number; name: string; phone: string }>(
        sql`select id, name, phone from inhabitants where tenant_id = ${s.tenantId} and room_id = ${roomId} order by identity nulls last, id limit 1`,
      )
    ).rows;
    const ownedBy = owner ? { inhabitantId: Number(owner.id), ownerName: owner.name, ownerPhone: owner.phone } : {};
    await create("licencePlates", { plate: `浙AYZ00${i + 1}`, plateType: 1, roomId, parkingPlaceId: placeId, ...ownedBy });
  }
  const today = chinaDay();
  const thisMonth = today.slice(0, 7);
  const lastMonth = addDays(`${thisMonth}-01`, -1).slice(0, 7);
  for (const period of [lastMonth, thisMonth]) await generateInline(tx, s, { period, paymentItemIds: [itemId] });
  const bills = await idsOf(tx, sql`select id from bills where tenant_id = ${s.tenantId} and payment_item_id = ${itemId} order by period, id`);
  await approveBills(tx, s, null, { ids: bills });
  // The first room pays what it still owes at the desk, in cash.
  const owed = await idsOf(tx, sql`select id from bills where tenant_id = ${s.tenantId} and payment_item_id = ${itemId} and room_id = ${rooms[0]} and status in (2, 5) order by period`);
  if (owed.length) await payBills(tx, s, null, { billIds: owed, payMethod: PayMethod.Cash, payerName: "业主" });
  // The second pays last month only; the third owes both (paid in the browser journey).
  const second = await idsOf(
    tx,
    sql`select id from bills where tenant_id = ${s.tenantId} and payment_item_id = ${itemId} and room_id = ${rooms[1] ?? 0} and period = ${lastMonth} and status in (2, 5)`,
  );
  if (second.length) await payBills(tx, s, null, { billIds: second, payMethod: PayMethod.Cash, payerName: "业主" });

  // Stays paid at exit yesterday: a day's stay into the night, a short one, and a free one.
  const cash = (await loadSettings(tx, s.tenantId, communityId)).payMethods.includes(PayMethod.Cash) ? PayMethod.Cash : PayMethod.WeChat;
  const yesterday = addDays(today, -1);
  const stays = [
    { plate: "浙A7K2M9", enteredAt: `${yesterday} 09:12`, leftAt: `${yesterday} 21:40` },
    { plate: "浙B3D8L1", enteredAt: `${yesterday} 14:05`, leftAt: `${yesterday} 16:30` },
    { plate: "沪C5N6P2", enteredAt: `${yesterday} 18:00`, leftAt: `${yesterday} 18:10` },
  ];
  for (const stay of stays) await payStay(tx, s, { lotId, ...stay, payMethod: cash });
}

export async function seedParkingPaid(tx: DbSession, tenants: DemoTenants, users: DemoUsers): Promise<void> {
  for (const [tenantId, userId, username] of [
    [tenants.a, users.admin, "admin"],
    [tenants.b, users.admin2, "admin2"],
  ] as const) {
    const [communityId] = await idsOf(tx, sql`select id from communities where tenant_id = ${tenantId} order by id limit 1`);
    if (communityId) await seedCommunityParking(tx, seedSession(tenantId, userId, username), communityId);
  }
}
