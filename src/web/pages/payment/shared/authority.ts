// Whether the signed-in user holds an authority code (the session's list, spec §6): the fee pages
// show an action only to those whose code the server will accept for it.
import { getAuthorities } from "../../../state/session.ts";

export const hasAuthority = (code: string): boolean => (getAuthorities() ?? []).includes(code);

/** Route codes of the fee pages (schemas/modules/propertyPayment.yaml). */
export const PAYMENT_CODES = {
  cashier: "HBL0701315",
  received: "HBL0701317",
  generation: "HBL1901",
  approval: "HBL1903",
  billPay: "HBL1905",
  history: "HBL1907",
  settings: "HBL1913",
  report: "HBL0701309",
} as const;
