// The staff side of the residents' accounts (docs/residents.md "Visitors, accounts and notices"): the
// resources 住户账号 (residentAppAccounts) and 房屋绑定 (residentAppRooms), views over resident_accounts
// and resident_rooms (core-migrations-after/0011_resident_visitors.sql), listed by the generic pages.
// - 停用 (the generic action disable) sets the account's status 2: its sessions end in the action's
//   transaction, and residentLogin refuses it with RESIDENT_ACCOUNT_DISABLED once its code is right;
//   启用 lets it sign in again.
// - 解除绑定 (unbind) sets the binding's status 4 已解除: the resident reads that room no more, and a
//   phone match does not bind it again (bindings.ts); a new binding request may.
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import { apiError } from "../platform/http/envelope.ts";
import { registerResourceHooks } from "../crud/hooks.ts";

/** resident_accounts.status (mapping residentAccountStatus). */
const ACCOUNT = { enabled: 1, disabled: 2 } as const;

/** Throws RESIDENT_ACCOUNT_DISABLED when the tenant's account of the phone is disabled (no account yet: nothing). */
export async function refuseDisabledAccount(db: DbSession, tenantId: number, phone: string): Promise<void> {
  const { rows } = await db.query(sql`select 1 from resident_accounts where tenant_id = ${tenantId} and phone = ${phone} and status = ${ACCOUNT.disabled}`);
  if (rows.length) throw apiError("RESIDENT_ACCOUNT_DISABLED");
}

/** The accounts' actions: a disabled account's sessions end with the action. */
export function registerAccountHooks(): void {
  registerResourceHooks("residentAppAccounts", {
    afterAction: {
      disable: async ({ tx, session, id }) => {
        await tx.query(sql`delete from resident_sessions where tenant_id = ${session.tenantId} and resident_id = ${id}`);
      },
    },
  });
}
