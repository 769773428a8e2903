// The approval decisions of bills, refunds and waivers, once for the server and the fee pages: the
// transitions are declared in schemas/modules/propertyPayment.yaml (`actions`, read from
// generated/actions.ts), and what a state alone does not decide is one condition per action here.
// The server's operations (src/server/payment/approval.ts, refunds.ts, waivers.ts) select by the
// declared `from` states and apply these conditions; the pages offer a row the buttons
// `…RowActions` returns. So a page offers only what the server accepts
// (tests/api/payment/state-actions.pages-offer-what-the-server-accepts.spec.ts).
import { stateActions, type ResourceStateActions, type StateAction } from "../../../generated/actions.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import { BillStatus } from "../../../generated/states.ts";
import { mappingLabel } from "../mappings.ts";
import { yuanToFen } from "../money.ts";

type BillAction = keyof typeof stateActions.bills.actions;
type WaiverAction = keyof typeof stateActions.waivers.actions;

/** Bills that can be paid, and waived: approved, or partly paid. */
export const PAYABLE_STATES: readonly number[] = [BillStatus.Approved, BillStatus.PartlyPaid];

/** Whether a row in `state` may start the action (its declared `from` states). */
export const startsFrom = (action: StateAction, state: unknown): boolean => (action.from as readonly unknown[]).includes(state);

/** Why a row in `state` cannot start the action: 当前状态为“已退款”，不能通过 (errors.yaml illegalState). */
export const stateRefusedMessage = (flow: ResourceStateActions, action: StateAction, state: number | string): string =>
  fillMessage.illegalState({ state: mappingLabel(flow.mapping, state) || "-", action: action.label });

/** What decides a bill's approval beyond its state; money in fen. */
export interface BillFacts {
  amountPaid: number;
  amountWaived: number;
  /** The bill's waivers waiting for approval, in all; null when not known (nothing is offered then). */
  pendingWaived: number | null;
}

/** What decides a waiver's approval beyond its state: its bill as it is now, money in fen (null: not known). */
export interface WaiverBillFacts {
  status: number;
  /** What the bill owes today, the late fee included. */
  owed: number;
  /** Every waiver of the bill waiting for approval, this one included. */
  pendingWaived: number;
}

/**
 * A bill is rejected only while no money is on it: nothing paid, nothing waived and no waiver
 * waiting (a draft never has any), so a rejection never has to give money back.
 */
export const billConditions: { [A in BillAction]?: (bill: BillFacts) => boolean } = {
  reject: (b) => b.amountPaid === 0 && b.amountWaived === 0 && b.pendingWaived === 0,
};

/**
 * A waiver is approved only while its bill can still be paid and owes at least all of its waiting
 * waivers (the bill may have been paid since the waiver was applied for).
 */
export const waiverConditions: { [A in WaiverAction]?: (bill: WaiverBillFacts | null) => boolean } = {
  approve: (bill) => bill !== null && PAYABLE_STATES.includes(bill.status) && bill.pendingWaived <= bill.owed,
};

// A refund needs nothing beyond its state: what it returns was held back from the payment when it
// was applied for (paid − refunded − waiting), and the server checks those amounts again on approval.

/** A bill as the pages list it (queryBills: yuan text; pendingWaived added by the approval routes). */
export interface BillRowView {
  status: number;
  amountPaid: string;
  amountWaived: string;
  outstanding: string;
  pendingWaived?: string | null;
}

const fenOrNull = (yuan: string | null | undefined): number | null => (typeof yuan === "string" && yuan !== "" ? yuanToFen(yuan) : null);

/** The approval buttons of a bill row (approve, reject), in declaration order. */
export function billRowActions(bill: BillRowView): StateAction[] {
  const facts: BillFacts = { amountPaid: yuanToFen(bill.amountPaid), amountWaived: yuanToFen(bill.amountWaived), pendingWaived: fenOrNull(bill.pendingWaived) };
  return Object.values(stateActions.bills.actions).filter((a) => startsFrom(a, bill.status) && (billConditions[a.name]?.(facts) ?? true));
}

/** The approval buttons of a refund row. */
export function refundRowActions(refund: { status: number }): StateAction[] {
  return Object.values(stateActions.refunds.actions).filter((a) => startsFrom(a, refund.status));
}

/** The approval buttons of a waiver row, given its bill as the pages list it (undefined: not loaded). */
export function waiverRowActions(waiver: { status: number }, bill: BillRowView | undefined): StateAction[] {
  const pending = fenOrNull(bill?.pendingWaived);
  const facts: WaiverBillFacts | null = bill && pending !== null ? { status: bill.status, owed: yuanToFen(bill.outstanding), pendingWaived: pending } : null;
  return Object.values(stateActions.waivers.actions).filter((a) => startsFrom(a, waiver.status) && (waiverConditions[a.name]?.(facts) ?? true));
}
