// The actions on a reconciliation difference (对账差异), run by the generic action route (its tenant
// scope, its permission code HBL0701317, the row locked and its state checked: a difference is
// handled once), with these hooks inside the action's transaction:
// - 补单 (settle): a payment the gateway took whose callback never came (仅渠道有, an order here) is
//   settled through the callback's own path (settle.ts settlePaid: the order row locked, settled only
//   when not yet settled), at the statement's amount and time; the day's batch counts it as matched.
// - 标记退款 (flagRefund): the state and the remark only; the refund is asked of the gateway elsewhere.
import { NotificationOutcome, ReconDifferenceKind, ReconEntryType, ReconStatus } from "../../../generated/states.ts";
import { registerResourceHooks } from "../crud/hooks.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import { apiError } from "../platform/http/envelope.ts";
import type { Merchant } from "./merchants.ts";
import { settlePaid } from "./settle.ts";

interface DifferenceRow {
  reconciliationId: number;
  merchantId: number;
  kind: number;
  entryType: number;
  orderId: number | null;
  outTradeNo: string;
  transactionId: string | null;
  gatewayAmount: number | null;
  tradeTime: string | null;
}

export function registerReconHooks(): void {
  registerResourceHooks("onlinePaymentReconDifferences", {
    beforeAction: {
      settle: async ({ tx, session, row }) => {
        const tenantId = session.tenantId;
        const found = await camelRows<DifferenceRow>(
          tx,
          sql`select reconciliation_id, merchant_id, kind, entry_type, order_id, out_trade_no, transaction_id, gateway_amount, trade_time
                from online_payment_recon_differences where tenant_id = ${tenantId} and id = ${Number(row.id)}`,
        );
        const d = found[0];
        if (!d || d.kind !== ReconDifferenceKind.GatewayOnly || d.entryType !== ReconEntryType.Payment || d.gatewayAmount === null || !d.transactionId) throw apiError("RECON_NOT_SETTLEABLE");
        if (d.orderId === null) throw apiError("RECON_NO_ORDER");
        const merchants = await camelRows<Pick<Merchant, "id" | "tenantId" | "name" | "gateway" | "sandbox" | "enabled">>(
          tx,
          sql`select id, tenant_id, name, gateway, sandbox, enabled from payment_merchants where tenant_id = ${tenantId} and id = ${d.merchantId}`,
        );
        if (!merchants[0]) throw apiError("RECON_NO_ORDER");
        const outcome = await settlePaid(tx, merchants[0], { kind: "paid", outTradeNo: d.outTradeNo, transactionId: d.transactionId, amountFen: d.gatewayAmount, at: d.tradeTime });
        if (outcome === NotificationOutcome.UnknownOrder) throw apiError("RECON_NO_ORDER");
        await tx.query(
          sql`update online_payment_reconciliations set matched_count = matched_count + 1, difference_count = greatest(difference_count - 1, 0),
                     status = case when difference_count <= 1 then ${ReconStatus.Balanced} else status end, updated_at = now(), version = version + 1
               where tenant_id = ${tenantId} and id = ${d.reconciliationId}`,
        );
      },
    },
  });
}
