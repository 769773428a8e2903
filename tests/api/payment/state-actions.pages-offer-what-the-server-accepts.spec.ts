// The approval buttons of the fee pages offer exactly what the server accepts. For every state a
// bill, a refund or a waiver can be in, and where more than the state decides for each combination
// of those facts (money paid or waived on a bill, waivers waiting, a bill paid since its waiver was
// applied for), rows are made through the API; the pages' own rule (src/common/payment/row-actions.ts,
// over the rows as the pages read them: the bill lists, the refunds' and waivers' lists) decides
// their buttons, and then every declared action (generated/actions.ts) is tried on the server's
// operation: accepted exactly when the page offers it. Each scenario has a row per action, so one
// try never changes what the next one sees.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { stateActions, type StateAction } from "../../../generated/actions.ts";
import { BillStatus, RefundStatus, WaiverStatus } from "../../../generated/states.ts";
import { mappingLabel } from "../../../src/common/mappings.ts";
import { billRowActions, refundRowActions, startsFrom, waiverRowActions, type BillRowView } from "../../../src/common/payment/row-actions.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, setFourEyes, type Fixture } from "./support.ts";

type Step = (billId: number) => Promise<void>;
interface Scenario<T> {
  name: string;
  /** The state the row is in when the page looks at it. */
  state: number;
  /** From an approved-or-draft bill to the row the scenario is about (its id). */
  make: (billId: number) => Promise<T>;
}

const namesOf = (actions: StateAction[]) => actions.map((a) => a.name).sort();

describe.each(backends)("the fee pages offer only what the server accepts (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let drafts: number[];
  const take = () => {
    const id = drafts.shift();
    if (id === undefined) throw new Error("more scenarios than rooms");
    return id;
  };

  beforeAll(async () => {
    // About the limits and states, not four eyes (four-eyes.spec.ts): one person applies and approves.
    await setFourEyes(t.server, t.admin, false);
    fx = await makeCommunity(
      t.server,
      t.ids.tenantA,
      "按钮契约社区",
      Array.from({ length: 48 }, () => ({ area: "80.00" })),
    );
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "契约计价", pricingMethod: 2, unitPrice: "100.00" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "契约项目" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    drafts = (await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item])).map((b) => b.id);
    // Partial payments, and every waiver waits for approval (no automatic limit).
    await ok(t.server, "POST", "/api/property/paymentSettings/actions/save", t.admin, { communityId: fx.communityId, section: "other", allowPartialPayment: true, waiverAutoApproveLimit: "0.00" });
  });

  // What the scenarios do, through the same API the pages use.
  const post = (url: string, body?: unknown) => ok(t.server, "POST", url, t.admin, body);
  const approveBill: Step = async (id) => void (await approve(t.server, t.admin, [id]));
  const rejectBill: Step = async (id) => void (await post("/api/property/bills/actions/reject", { ids: [id], reason: "核对面积" }));
  const pay = async (id: number, payAmount?: string): Promise<number> =>
    (await post("/api/property/bills/actions/pay", { billIds: [id], payMethod: 1, ...(payAmount ? { payAmount } : {}) })).paymentIds[0];
  const applyWaiver = async (billId: number, amount: string): Promise<number> => (await post("/api/property/waivers/actions/apply", { billId, waiverType: 2, amount, reason: "困难住户" })).id;
  const applyRefund = async (paymentId: number, amount: string): Promise<number> => (await post("/api/property/refunds/actions/apply", { paymentId, amount, reason: "多收退回" })).id;

  // The rows as the pages read them.
  const billRow = async (billId: number): Promise<BillRowView & { id: number; roomId: number }> => {
    const roomId = (await billsOf(t.server, t.ids.tenantA, "id = $2", [billId]))[0].room_id;
    const page = await post("/api/property/bills/actions/query", { communityId: fx.communityId, roomId, pageNo: 1, pageSize: 500 });
    return page.list.find((b: { id: number }) => b.id === billId);
  };
  const resourceRow = async (resource: "refunds" | "waivers", id: number) => {
    const page = await post(`/api/property/${resource}/actions/pageList`, { communityId: fx.communityId, pageNo: 1, pageSize: 500 });
    return page.list.find((r: { id: number }) => r.id === id);
  };

  /** Tries one action on the server: whether it was accepted, and the message when refused. */
  const tryBills = async (action: string, id: number) => {
    const r = await t.server.request("POST", `/api/property/bills/actions/${action}`, { token: t.admin, body: { ids: [id], ...(action === "reject" ? { reason: "核对面积" } : {}) } });
    expect(r.status).toBe(200);
    return { accepted: r.body.data.changed === 1, message: null as string | null };
  };
  const tryOne = async (resource: "refunds" | "waivers", action: string, id: number) => {
    const r = await t.server.request("POST", `/api/property/${resource}/${id}/actions/${action}`, { token: t.admin, body: action === "reject" ? { reason: "不符合条件" } : {} });
    return { accepted: r.status === 200, message: r.status === 200 ? null : (r.body.message as string) };
  };

  it("bills: 通过 and 驳回 are offered exactly where the server decides them", async () => {
    const scenarios: Scenario<number>[] = [
      { name: "草稿", state: BillStatus.Draft, make: async (id) => id },
      { name: "已审核", state: BillStatus.Approved, make: async (id) => (await approveBill(id), id) },
      { name: "已驳回", state: BillStatus.Rejected, make: async (id) => (await rejectBill(id), id) },
      { name: "已审核，减免待审核", state: BillStatus.Approved, make: async (id) => (await approveBill(id), await applyWaiver(id, "10.00"), id) },
      {
        name: "已审核，减免已通过",
        state: BillStatus.Approved,
        make: async (id) => {
          await approveBill(id);
          await post(`/api/property/waivers/${await applyWaiver(id, "10.00")}/actions/approve`);
          return id;
        },
      },
      {
        name: "已审核，减免已驳回",
        state: BillStatus.Approved,
        make: async (id) => {
          await approveBill(id);
          await post(`/api/property/waivers/${await applyWaiver(id, "10.00")}/actions/reject`, { reason: "不符合条件" });
          return id;
        },
      },
      { name: "部分缴费", state: BillStatus.PartlyPaid, make: async (id) => (await approveBill(id), await pay(id, "30.00"), id) },
      { name: "部分缴费，减免待审核", state: BillStatus.PartlyPaid, make: async (id) => (await approveBill(id), await pay(id, "30.00"), await applyWaiver(id, "10.00"), id) },
      { name: "已缴清", state: BillStatus.Paid, make: async (id) => (await approveBill(id), await pay(id), id) },
      {
        name: "缴清后全额退款",
        state: BillStatus.Approved,
        make: async (id) => {
          await approveBill(id);
          await post(`/api/property/refunds/${await applyRefund(await pay(id), "100.00")}/actions/approve`);
          return id;
        },
      },
    ];
    const seen: string[] = [];
    for (const s of scenarios) {
      for (const action of Object.values(stateActions.bills.actions)) {
        const id = await s.make(take());
        const row = await billRow(id);
        expect([s.name, row.status]).toEqual([s.name, s.state]);
        const offered = namesOf(billRowActions(row)).includes(action.name);
        const { accepted } = await tryBills(action.name, id);
        expect([s.name, action.name, { offered, accepted }]).toEqual([s.name, action.name, { offered: accepted, accepted }]);
        seen.push(`${s.name} ${action.name} ${offered ? "offered" : "-"}`);
      }
    }
    // What the rule says, spelled out: the approval page no longer offers 驳回 where the server skips it.
    expect(seen.filter((s) => s.endsWith("offered"))).toEqual([
      "草稿 approve offered",
      "草稿 reject offered",
      "已审核 reject offered",
      "已驳回 approve offered",
      "已审核，减免已驳回 reject offered",
      "缴清后全额退款 reject offered",
    ]);
    expect(new Set(scenarios.map((s) => s.state))).toEqual(new Set(Object.values(BillStatus)));
  });

  it("refunds: 通过 and 驳回 only on a refund waiting for approval, and refused otherwise with the state named", async () => {
    const scenarios: Scenario<number>[] = [
      { name: "待审核", state: RefundStatus.Pending, make: async (id) => (await approveBill(id), await applyRefund(await pay(id), "20.00")) },
      {
        name: "已退款",
        state: RefundStatus.Refunded,
        make: async (id) => {
          await approveBill(id);
          const refund = await applyRefund(await pay(id), "20.00");
          await post(`/api/property/refunds/${refund}/actions/approve`);
          return refund;
        },
      },
      {
        name: "已驳回",
        state: RefundStatus.Rejected,
        make: async (id) => {
          await approveBill(id);
          const refund = await applyRefund(await pay(id), "20.00");
          await post(`/api/property/refunds/${refund}/actions/reject`, { reason: "无需退款" });
          return refund;
        },
      },
      // A refund of an online payment on its way back through the gateway, or refused by it: the
      // gateway's own journey is tests/api/onlinepay/refunds.spec.ts; here only the row's state counts.
      ...[
        { name: "退款中", state: RefundStatus.GatewayProcessing },
        { name: "退款失败", state: RefundStatus.GatewayFailed },
      ].map(({ name, state }) => ({
        name,
        state,
        make: async (id: number) => {
          await approveBill(id);
          const refund = await applyRefund(await pay(id), "20.00");
          await t.server.db.query("update refunds set status = $2 where tenant_id = $1 and id = $3", [t.ids.tenantA, state, refund]);
          return refund;
        },
      })),
    ];
    for (const s of scenarios) {
      for (const action of Object.values(stateActions.refunds.actions)) {
        const id = await s.make(take());
        const row = await resourceRow("refunds", id);
        expect([s.name, row.status]).toEqual([s.name, s.state]);
        const offered = namesOf(refundRowActions(row)).includes(action.name);
        const { accepted, message } = await tryOne("refunds", action.name, id);
        expect([s.name, action.name, { offered, accepted }]).toEqual([s.name, action.name, { offered: accepted, accepted }]);
        if (!accepted && !startsFrom(action, row.status)) expect(message).toBe(`当前状态为“${mappingLabel("refundStatus", row.status)}”，不能${action.label}`);
      }
    }
    expect(new Set(scenarios.map((s) => s.state))).toEqual(new Set(Object.values(RefundStatus)));
  });

  it("waivers: 通过 only while the bill still owes them, 驳回 on any waiting waiver", async () => {
    const scenarios: Scenario<number>[] = [
      { name: "待审核", state: WaiverStatus.Pending, make: async (id) => (await approveBill(id), await applyWaiver(id, "10.00")) },
      {
        name: "待审核，账单已缴清",
        state: WaiverStatus.Pending,
        make: async (id) => {
          await approveBill(id);
          const waiver = await applyWaiver(id, "10.00");
          await pay(id);
          return waiver;
        },
      },
      {
        name: "待审核，账单所欠不足",
        state: WaiverStatus.Pending,
        make: async (id) => {
          await approveBill(id);
          const waiver = await applyWaiver(id, "40.00");
          await pay(id, "70.00");
          return waiver;
        },
      },
      {
        name: "待审核，同一账单的待审核减免合计超过所欠",
        state: WaiverStatus.Pending,
        make: async (id) => {
          await approveBill(id);
          const waiver = await applyWaiver(id, "30.00");
          await applyWaiver(id, "30.00");
          await pay(id, "50.00");
          return waiver;
        },
      },
      {
        name: "待审核，部分缴费后仍够",
        state: WaiverStatus.Pending,
        make: async (id) => {
          await approveBill(id);
          const waiver = await applyWaiver(id, "20.00");
          await pay(id, "50.00");
          return waiver;
        },
      },
      {
        name: "已通过",
        state: WaiverStatus.Approved,
        make: async (id) => {
          await approveBill(id);
          const waiver = await applyWaiver(id, "10.00");
          await post(`/api/property/waivers/${waiver}/actions/approve`);
          return waiver;
        },
      },
      {
        name: "已驳回",
        state: WaiverStatus.Rejected,
        make: async (id) => {
          await approveBill(id);
          const waiver = await applyWaiver(id, "10.00");
          await post(`/api/property/waivers/${waiver}/actions/reject`, { reason: "不符合条件" });
          return waiver;
        },
      },
    ];
    const offeredApprovals: string[] = [];
    for (const s of scenarios) {
      for (const action of Object.values(stateActions.waivers.actions)) {
        const id = await s.make(take());
        const row = await resourceRow("waivers", id);
        expect([s.name, row.status]).toEqual([s.name, s.state]);
        const offered = namesOf(waiverRowActions(row, await billRow(row.billId))).includes(action.name);
        const { accepted, message } = await tryOne("waivers", action.name, id);
        expect([s.name, action.name, { offered, accepted }]).toEqual([s.name, action.name, { offered: accepted, accepted }]);
        if (!accepted && !startsFrom(action, row.status)) expect(message).toBe(`当前状态为“${mappingLabel("waiverStatus", row.status)}”，不能${action.label}`);
        if (offered && action.name === "approve") offeredApprovals.push(s.name);
      }
    }
    expect(offeredApprovals).toEqual(["待审核", "待审核，部分缴费后仍够"]);
    expect(new Set(scenarios.map((s) => s.state))).toEqual(new Set(Object.values(WaiverStatus)));
  });

  it("offers nothing it cannot decide: a bill list without the waiting waivers offers no rejection", () => {
    const view = { status: BillStatus.Approved, amountPaid: "0.00", amountWaived: "0.00", outstanding: "100.00" };
    expect(namesOf(billRowActions(view))).toEqual([]);
    expect(namesOf(billRowActions({ ...view, pendingWaived: "0.00" }))).toEqual(["reject"]);
    expect(namesOf(waiverRowActions({ status: WaiverStatus.Pending }, undefined))).toEqual(["reject"]);
  });
});
