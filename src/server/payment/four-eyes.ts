// Four eyes (双人审核, docs/payment.md): 作废, 退费/冲正, 减免 and 押金退还 are applied for by one person
// and approved by another holding 收费审核 (PAYMENT_APPROVE). Each kind is a rule of the tenant
// (resource approvalRules, one row per kind): on unless a row turns it off, so a one-person office
// may let the applicant approve too; the generic write logs that change in the operation log.
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { sql } from "../platform/db/sql.ts";
import { apiError } from "../platform/http/envelope.ts";
import { FourEyesRule } from "../../../generated/states.ts";

export { FourEyesRule };

/** Whether the tenant's rule asks for a second person (no row: it does). */
export async function fourEyesOn(db: DbSession, tenantId: number, rule: FourEyesRule): Promise<boolean> {
  const { rows } = await db.query<{ required: boolean | null }>(sql`select required from approval_rules where tenant_id = ${tenantId} and rule = ${rule}`);
  return rows[0]?.required !== false;
}

/** Refuses the applicant's own approval while the rule is on (SELF_APPROVAL), the main account included. */
export async function refuseSelfApproval(db: DbSession, session: Pick<SessionInfo, "tenantId" | "userId">, rule: FourEyesRule, applicantId: unknown): Promise<void> {
  if (applicantId === null || applicantId === undefined || Number(applicantId) !== Number(session.userId)) return;
  if (await fourEyesOn(db, session.tenantId, rule)) throw apiError("SELF_APPROVAL");
}
