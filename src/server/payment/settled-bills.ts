// What other domains keep in step with bills' settled state (parking: a rented place's 月租缴至). A
// domain registers a listener; every write that can settle a bill or unsettle it calls them in its
// own transaction with the ids of the bills it wrote: the cashier's payment (the desk, online
// payment, prepaid months, paying from the balance), auto-deduction at approval, an approved
// waiver, an approved refund and a voided receipt (both through refunds.ts takeOffBill).
import type { DbSession } from "../platform/db/types.ts";

export type SettledBillsListener = (tx: DbSession, tenantId: number, billIds: readonly number[]) => Promise<void>;

const listeners = new Set<SettledBillsListener>();

/** Adds a listener (once: registering the same function again changes nothing). */
export function onBillsSettledChanged(listener: SettledBillsListener): void {
  listeners.add(listener);
}

/** Called by the payment domain after bills' paid amounts or states were written, in the same transaction. */
export async function billsSettledChanged(tx: DbSession, tenantId: number, billIds: readonly number[]): Promise<void> {
  if (!billIds.length) return;
  for (const listener of listeners) await listener(tx, tenantId, billIds);
}
