// Arrears kept per room (issue 40, core-migrations-after/0018_room_arrears.sql): after random changes
// of bills — new ones, payments, refunds, waivers, fixed late fees, voids, deletes, moved due dates,
// items' late fees switched, whole statements over many rooms, a generation and approval and a payment
// through the API — and days moved on, room_arrears equals a recount from the bills, and the arrears
// list read from it equals the list summed from every bill, to the fen, for the whole tenant and
// for a community, on the day it counts up to and on later days.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { addDays } from "../../../src/common/payment/period.ts";
import { chinaDay } from "../../../src/common/china-time.ts";
import { advanceArrears, arrearsPage, arrearsQueryOf, owingFromBills } from "../../../src/server/payment/arrears.ts";
import { camelRows } from "../../../src/server/platform/db/camel-rows.ts";
import { sql } from "../../../src/server/platform/db/sql.ts";
import type { SessionInfo } from "../../../src/server/platform/session/session-store.ts";
import { approve, billsOf, generate, ok, paymentItem, priceType } from "./support.ts";

/** A small seeded generator (mulberry32): the same operations on every run and backend. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)] };
}

interface OwingRow {
  roomId: number;
  owed: number;
  bills: number;
  oldestPeriod: string;
  days: number;
  bucket: number;
}

describe.each(backends)("arrears kept per room (%s)", (backend) => {
  const t = useDemoServer(backend);
  const today = chinaDay();
  let session: SessionInfo;
  let rooms: { id: number; communityId: number }[];
  let items: { id: number; communityId: number }[];

  /** room_arrears as it is, and as a recount of the bills due before its day would make it. */
  async function keptAndRecounted() {
    const db = t.server.db;
    const kept = await camelRows(db, sql`select tenant_id, community_id, room_id, owed, bills, oldest_due::text, oldest_period from room_arrears order by 1, 2, 3`);
    const recounted = await camelRows(
      db,
      sql`select b.tenant_id, b.community_id, b.room_id, sum(b.amount_due - b.amount_paid - b.amount_waived + b.late_fee)::bigint as owed, count(*)::int as bills,
                 min(b.due_date)::text as oldest_due, min(b.period) as oldest_period
            from bills b
           where b.status in (2, 5) and b.due_date < (select day from arrears_as_of) and b.amount_due - b.amount_paid - b.amount_waived + b.late_fee > 0
           group by 1, 2, 3 order by 1, 2, 3`,
    );
    return { kept, recounted };
  }

  /** The list from the kept rooms against rooms_owing summed from every bill, on `day`. */
  async function compareList(day: string, communityId: number | null) {
    const data = await arrearsPage(t.server.db, session, arrearsQueryOf({ communityId, pageNo: 1, pageSize: 100_000 }, 100_000), day);
    const where = communityId === null ? [] : [sql`b.community_id = ${communityId}`];
    const expected = await camelRows<OwingRow>(
      t.server.db,
      sql`with ${owingFromBills(session.tenantId, where, day)} select room_id, owed, bills, oldest_period, days, bucket from rooms_owing order by room_id`,
    );
    const actual = data.list
      .map((r) => ({ roomId: r.roomId, owed: r.amountOwed, bills: r.billCount, oldestPeriod: r.oldestPeriod, days: r.daysPastDue, bucket: r.bucket }))
      .sort((a, b) => a.roomId - b.roomId);
    expect(actual).toEqual(expected.map((r) => ({ ...r, roomId: Number(r.roomId), owed: Number(r.owed) })));
    expect(data.total).toBe(expected.length);
    expect(data.totalOwed).toBe(expected.reduce((s, r) => s + Number(r.owed), 0));
    const byBucket = [1, 2, 3, 4].map((bucket) => {
      const rs = expected.filter((r) => r.bucket === bucket);
      return { bucket, households: rs.length, amountOwed: rs.reduce((s, r) => s + Number(r.owed), 0) };
    });
    expect(data.summary.buckets.map(({ bucket, households, amountOwed }) => ({ bucket, households, amountOwed }))).toEqual(byBucket);
    return expected.length;
  }

  beforeAll(async () => {
    session = { tenantId: t.ids.tenantA } as SessionInfo;
    const db = t.server.db;
    rooms = (await camelRows<{ id: number; communityId: number }>(db, sql`select id, community_id from rooms where tenant_id = ${t.ids.tenantA} order by id limit 60`)).map((r) => ({
      id: Number(r.id),
      communityId: Number(r.communityId),
    }));
    // An item with a late fee in the demo community, so that accruing fees are part of the sums.
    const fixed = await priceType(t.server, t.admin, t.ids.communityA, { name: "欠费核对固定", pricingMethod: 2, unitPrice: "88.88" });
    await paymentItem(t.server, t.admin, t.ids.communityA, fixed, { name: "欠费核对滞纳金项", lateFeeEnabled: true, lateFeeRate: "1.50", lateFeeGraceDays: 3 });
    items = (await camelRows<{ id: number; communityId: number }>(db, sql`select id, community_id from payment_items where tenant_id = ${t.ids.tenantA} order by id`)).map((r) => ({
      id: Number(r.id),
      communityId: Number(r.communityId),
    }));
    // Start the kept rooms 40 days back, so that bills fall due between their day and today.
    await db.query(sql`update arrears_as_of set day = ${addDays(today, -40)}::date`);
    await db.query(sql`delete from room_arrears`);
    await db.query(
      sql`insert into room_arrears (tenant_id, community_id, room_id, owed, bills, oldest_due, oldest_period)
          select b.tenant_id, b.community_id, b.room_id, sum(b.amount_due - b.amount_paid - b.amount_waived + b.late_fee), count(*), min(b.due_date), min(b.period)
            from bills b where b.status in (2, 5) and b.due_date < (select day from arrears_as_of) and b.amount_due - b.amount_paid - b.amount_waived + b.late_fee > 0
           group by 1, 2, 3`,
    );
  });

  it("stays equal to a recount of the bills, and the list to the bills' sums, through random changes", async () => {
    const db = t.server.db;
    const rnd = random(backend === "pglite" ? 20261130 : 20261201);
    let made = 0;
    const billIds = async () => (await camelRows<{ id: number }>(db, sql`select id from bills where tenant_id = ${t.ids.tenantA} order by id`)).map((r) => Number(r.id));
    const operations: [string, () => Promise<void>][] = [
      [
        "new bills",
        async () => {
          for (let i = rnd.int(1, 6); i > 0; i--) {
            const room = rnd.pick(rooms);
            const item = items.find((x) => x.communityId === room.communityId) ?? items[0];
            if (item.communityId !== room.communityId) continue;
            made++;
            const period = `${2040 + (made % 50)}-${String(rnd.int(1, 12)).padStart(2, "0")}`;
            await db.query(
              sql`insert into bills (tenant_id, community_id, bill_no, room_id, payment_item_id, period, amount_due, due_date, status)
                  values (${t.ids.tenantA}, ${room.communityId}, ${`KP${backend}${made}`}, ${room.id}, ${item.id}, ${period}, ${rnd.int(0, 30000)},
                          ${addDays(today, rnd.int(-300, 40))}::date, ${rnd.pick([1, 2, 2, 2, 5])})
                  on conflict do nothing`,
            );
          }
        },
      ],
      [
        "part payments",
        async () => {
          const id = rnd.pick(await billIds());
          await db.query(
            sql`update bills set amount_paid = amount_paid + ${rnd.int(1, 5000)}, status = case when amount_paid + ${1} >= amount_due then 4 else 5 end where tenant_id = ${t.ids.tenantA} and id = ${id}`,
          );
        },
      ],
      [
        "refund",
        async () => {
          const id = rnd.pick(await billIds());
          await db.query(sql`update bills set amount_paid = 0, status = 2 where tenant_id = ${t.ids.tenantA} and id = ${id} and status in (4, 5)`);
        },
      ],
      [
        "waiver or fixed late fee",
        async () => {
          const id = rnd.pick(await billIds());
          await db.query(
            rnd.next() < 0.5
              ? sql`update bills set amount_waived = amount_waived + ${rnd.int(1, 3000)} where tenant_id = ${t.ids.tenantA} and id = ${id}`
              : sql`update bills set late_fee = ${rnd.int(1, 900)} where tenant_id = ${t.ids.tenantA} and id = ${id}`,
          );
        },
      ],
      [
        "void or delete",
        async () => {
          const id = rnd.pick(await billIds());
          await db.query(
            rnd.next() < 0.5
              ? sql`update bills set status = 3 where tenant_id = ${t.ids.tenantA} and id = ${id}`
              : // Only bills this test made: no other record refers to them.
                sql`delete from bills where tenant_id = ${t.ids.tenantA} and id = ${id} and bill_no like 'KP%'`,
          );
        },
      ],
      [
        "due dates moved, many rooms in one statement",
        async () => {
          const m = rnd.int(2, 9);
          await db.query(sql`update bills set due_date = due_date + ${rnd.int(-60, 60)}::int where tenant_id = ${t.ids.tenantA} and id % ${m} = ${rnd.int(0, m - 1)} and due_date is not null`);
        },
      ],
      [
        "everything of a room paid in one statement",
        async () => {
          const room = rnd.pick(rooms);
          await db.query(sql`update bills set amount_paid = amount_due, status = 4 where tenant_id = ${t.ids.tenantA} and room_id = ${room.id} and status in (2, 5)`);
        },
      ],
      [
        "an item's late fee switched",
        async () => {
          const item = rnd.pick(items);
          await db.query(
            sql`update payment_items set late_fee_enabled = ${rnd.next() < 0.6}, late_fee_rate = ${rnd.int(0, 30) / 10}, late_fee_grace_days = ${rnd.int(0, 10)} where tenant_id = ${t.ids.tenantA} and id = ${item.id}`,
          );
        },
      ],
    ];
    const days = [addDays(today, -25), addDays(today, -10), today];
    const owing: number[] = [];
    for (const asOf of days) {
      for (let i = 0; i < 25; i++) {
        const [, run] = rnd.pick(operations);
        await run();
      }
      const { kept, recounted } = await keptAndRecounted();
      expect(kept).toEqual(recounted);
      await advanceArrears(db, asOf);
      const after = await keptAndRecounted();
      expect(after.kept).toEqual(after.recounted);
      // On the day it counts up to, later, and for one community.
      owing.push(await compareList(today, null));
      await compareList(addDays(today, 35), null);
      await compareList(today, t.ids.communityA);
    }
    // The sums compared were not empty ones.
    expect(Math.min(...owing)).toBeGreaterThan(0);
  });

  it("takes in a generation, an approval and a desk payment made through the API", async () => {
    const fixed = await priceType(t.server, t.admin, t.ids.communityA, { name: "欠费核对生成", pricingMethod: 2, unitPrice: "12.34" });
    const item = await paymentItem(t.server, t.admin, t.ids.communityA, fixed, { name: "欠费核对生成项" });
    await generate(t.server, t.admin, { period: "2039-01", paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    await t.server.db.query("update bills set due_date = $2::date where payment_item_id = $1", [item, addDays(today, -15)]);
    await approve(
      t.server,
      t.admin,
      bills.map((b) => b.id),
    );
    await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [bills[0].id], payMethod: 1 });
    const { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual(recounted);
    await compareList(today, null);
    await compareList(today, t.ids.communityA);
    // Nothing left to read live (no late fee accruing, the day moved on): the list is room_arrears alone.
    await t.server.db.query(sql`update payment_items set late_fee_enabled = false where tenant_id = ${t.ids.tenantA}`);
    await advanceArrears(t.server.db, today);
    expect(await compareList(today, null)).toBeGreaterThan(0);
    await compareList(today, t.ids.communityA);
  });

  it("reads the bills when asked for a day before the one it counts up to", async () => {
    await advanceArrears(t.server.db, addDays(today, 5));
    await compareList(today, null);
    await compareList(addDays(today, -3), t.ids.communityA);
  });
});
