// Whether the signed-in user holds an authority code (the session's list, spec §6): the fee pages
// show an action only to those whose code the server will accept for it.
import { getAuthorities } from "../../../state/session.ts";

export const hasAuthority = (code: string): boolean => (getAuthorities() ?? []).includes(code);

export { PAYMENT_CODES } from "../../../../common/payment/codes.ts";
