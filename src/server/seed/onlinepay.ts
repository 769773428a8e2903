// The demo data's merchants: one WeChat Pay and one Alipay merchant per tenant, both the built-in
// sandbox gateway (no keys in the database: the sandbox's own, src/server/onlinepay/merchants.ts),
// each assigned to every community of the tenant, so a fresh installation pays bills online at once.
import type { DbSession } from "../db/types.ts";
import { sql } from "../db/sql.ts";
import { PayGateway } from "../../../generated/states.ts";
import type { DemoTenants } from "./tenants.ts";

const MERCHANTS = [
  { name: "沙箱商户（微信支付）", gateway: PayGateway.WechatPay, merchantNo: "1900000001", appId: "wx00000000sandbox", gatewayUrl: "https://sandbox.invalid/wechatpay" },
  { name: "沙箱商户（支付宝）", gateway: PayGateway.Alipay, merchantNo: "2021000000000001", appId: null, gatewayUrl: "https://sandbox.invalid/alipay/gateway.do" },
];

export async function seedOnlinePayMerchants(tx: DbSession, tenants: DemoTenants): Promise<void> {
  for (const tenantId of Object.values(tenants)) {
    for (const m of MERCHANTS) {
      const { rows } = await tx.query<{ id: number }>(
        sql`insert into payment_merchants (tenant_id, name, gateway, merchant_no, app_id, gateway_url, sandbox, enabled)
            values (${tenantId}, ${m.name}, ${m.gateway}, ${m.merchantNo}, ${m.appId}, ${m.gatewayUrl}, true, true) returning id`,
      );
      await tx.query(
        sql`insert into payment_merchant_communities (tenant_id, community_id, merchant_id, gateway)
            select tenant_id, id, ${rows[0].id}, ${m.gateway} from communities where tenant_id = ${tenantId}`,
      );
    }
  }
}
