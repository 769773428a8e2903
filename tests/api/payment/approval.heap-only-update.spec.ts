// Approving a batch rewrites each bill beside itself on its page without writing any of the bills'
// indexes (a heap-only update), and the same for the prepayment accounts it deducts from: the
// schema's `updatedInBulk` leaves the changed fields unindexed and half of each page free. Counted
// by the database itself, inside the approval's transaction, on both backends.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { approveBills } from "../../../src/server/payment/approval.ts";
import type { SessionInfo } from "../../../src/server/platform/session/session-store.ts";
import { generate, makeCommunity, paymentItem, PERIOD, priceType } from "./support.ts";

const ROOMS = 40;

describe.each(backends)("approval as heap-only updates (%s)", (backend) => {
  const t = useDemoServer(backend);
  let batchId: number;
  let session: SessionInfo;

  beforeAll(async () => {
    const fx = await makeCommunity(
      t.server,
      t.ids.tenantA,
      "整页审核社区",
      Array.from({ length: ROOMS }, () => ({ area: "80.00" })),
    );
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "整页计价", pricingMethod: 2, unitPrice: "100.00" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "整页项目" });
    batchId = (await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] })).batches[0].id;
    // Every other room pays from a balance at approval.
    await t.server.db.query(`insert into prepay_accounts (tenant_id, community_id, room_id, balance, auto_deduct, status) select $1, $2, r, 1000000, true, 1 from unnest($3::bigint[]) as r`, [
      t.ids.tenantA,
      fx.communityId,
      fx.rooms.filter((_, i) => i % 2 === 0).map((r) => r.id),
    ]);
    const { rows } = await t.server.db.query<{ id: number }>("select id from users where tenant_id = $1 order by id limit 1", [t.ids.tenantA]);
    session = {
      tokenHash: "test",
      userId: Number(rows[0].id),
      tenantId: t.ids.tenantA,
      username: "admin",
      realName: null,
      userType: "0",
      authorities: [],
      communityIds: null,
      tenantName: "",
      sceneName: "",
    };
  });

  it("updates every bill and every account it pays from without touching their indexes", async () => {
    const counts = await t.server.db.transaction(async (tx) => {
      const result = await approveBills(tx, session, null, { batchId });
      const { rows } = await tx.query<{ bills: string; bills_hot: string; accounts: string; accounts_hot: string }>(
        `select pg_stat_get_xact_tuples_updated('bills'::regclass) as bills, pg_stat_get_xact_tuples_hot_updated('bills'::regclass) as bills_hot,
                pg_stat_get_xact_tuples_updated('prepay_accounts'::regclass) as accounts, pg_stat_get_xact_tuples_hot_updated('prepay_accounts'::regclass) as accounts_hot`,
      );
      return { result, ...rows[0] };
    });
    expect(counts.result).toMatchObject({ changed: ROOMS, deducted: ROOMS / 2 });
    expect(Number(counts.bills)).toBe(ROOMS);
    expect(Number(counts.bills_hot)).toBe(ROOMS);
    expect(Number(counts.accounts)).toBe(ROOMS / 2);
    expect(Number(counts.accounts_hot)).toBe(ROOMS / 2);
  });
});
