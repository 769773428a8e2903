// Merchant accounts (resource paymentMerchants) as the online-payment logic uses them: the row's
// secrets opened from their sealed form, the gateway client built on them. A sandbox merchant (the
// demo data's) keeps no keys in the database: its keys are the sandbox gateway's own files and its
// gateway is this server's /sandbox (sandbox/index.ts).
// The generic forms' writes pass the resource hooks below: secrets are sealed before they are
// stored (never returned: type secret), PEM keys must parse, and a community's assignment takes
// its gateway from the merchant.
import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { registerResourceHooks } from "../crud/hooks.ts";
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { validationError } from "../platform/http/envelope.ts";
import { PayGateway } from "../../../generated/states.ts";
import { alipayClient, type AlipayMerchant } from "./gateways/alipay-client.ts";
import { wechatPayClient, type WechatMerchant } from "./gateways/wechatpay-client.ts";
import type { Transport } from "./gateways/transport.ts";
import type { SecretBox } from "../platform/secrets.ts";
import type { SandboxKeys } from "./sandbox/keys.ts";
import { texts } from "../../../generated/texts.ts";

const onlinePayTexts = texts.onlinePay;

interface MerchantRow {
  id: number;
  tenantId: number;
  name: string;
  gateway: number;
  merchantNo: string;
  appId: string | null;
  certSerialNo: string | null;
  gatewayUrl: string;
  privateKey: string | null;
  apiV3Key: string | null;
  platformSerialNo: string | null;
  platformPublicKey: string | null;
  sandbox: boolean;
  enabled: boolean;
}

/** What the online-payment logic needs of the server: its secrets box, the sandbox, how to reach a gateway. */
export interface MerchantContext {
  box: SecretBox;
  sandboxKeys: SandboxKeys;
  /** This server's sandbox gateway, e.g. http://host/sandbox (a sandbox merchant's gateway). */
  sandboxBase: string;
  /** How a sandbox merchant reaches the sandbox (the same process: no network), and any other merchant its gateway. */
  transportFor(sandbox: boolean): Transport | undefined;
}

export interface Merchant {
  id: number;
  tenantId: number;
  name: string;
  gateway: number;
  sandbox: boolean;
  enabled: boolean;
  wechat?: WechatMerchant & { apiV3Key: string };
  alipay?: AlipayMerchant;
}

const SELECT = sql`select id, tenant_id, name, gateway, merchant_no, app_id, cert_serial_no, gateway_url, private_key, api_v3_key,
                          platform_serial_no, platform_public_key, sandbox, enabled from payment_merchants`;

/** The keys and address a merchant's client works with: the sandbox's own for a sandbox merchant, else the row's opened secrets. */
interface MerchantKeys {
  baseUrl: string;
  privateKey: KeyObject;
  /** WeChat Pay's APIv3 key ("" for Alipay). */
  apiV3Key: string;
  /** The gateway's public key (WeChat's platform key, Alipay's public key) and, for WeChat, its serial. */
  platformKey: KeyObject;
  platformSerial: string;
}

function keysOf(row: MerchantRow, ctx: MerchantContext): MerchantKeys | null {
  const wechat = row.gateway === PayGateway.WechatPay;
  if (row.sandbox) {
    const keys = ctx.sandboxKeys;
    return {
      baseUrl: wechat ? `${ctx.sandboxBase}/wechatpay` : `${ctx.sandboxBase}/alipay/gateway.do`,
      privateKey: keys.merchantPrivate,
      apiV3Key: keys.wechatApiV3Key,
      platformKey: wechat ? keys.wechatPlatformPublic : keys.alipayPublic,
      platformSerial: keys.wechatPlatformSerial,
    };
  }
  const privateKey = ctx.box.open(row.privateKey);
  const apiV3Key = wechat ? ctx.box.open(row.apiV3Key) : "";
  if (!privateKey || (wechat && !apiV3Key) || !row.platformPublicKey) return null;
  return {
    baseUrl: wechat ? row.gatewayUrl.replace(/\/$/, "") : row.gatewayUrl,
    privateKey: createPrivateKey(privateKey),
    apiV3Key: apiV3Key ?? "",
    platformKey: createPublicKey(row.platformPublicKey),
    platformSerial: row.platformSerialNo ?? "",
  };
}

/** A merchant with its keys opened; null when a sealed secret no longer opens (configure it again). */
function merchantOf(row: MerchantRow, ctx: MerchantContext): Merchant | null {
  const keys = keysOf(row, ctx);
  if (!keys) return null;
  const base = { id: row.id, tenantId: row.tenantId, name: row.name, gateway: row.gateway, sandbox: row.sandbox, enabled: row.enabled };
  if (row.gateway === PayGateway.WechatPay) {
    const wechat = {
      baseUrl: keys.baseUrl,
      mchid: row.merchantNo,
      appid: row.appId ?? "",
      serialNo: row.certSerialNo ?? (row.sandbox ? "SANDBOX" : ""),
      privateKey: keys.privateKey,
      apiV3Key: keys.apiV3Key,
      platformKeys: new Map([[keys.platformSerial, keys.platformKey]]),
    };
    return { ...base, wechat };
  }
  return { ...base, alipay: { gatewayUrl: keys.baseUrl, appId: row.merchantNo, privateKey: keys.privateKey, alipayPublicKey: keys.platformKey } };
}

/** A merchant by id (the callback's address names it), whatever its tenant; null when unknown or unusable. */
export async function merchantById(db: DbSession, ctx: MerchantContext, id: number): Promise<Merchant | null> {
  const rows = await camelRows<MerchantRow>(db, sql`${SELECT} where id = ${id}`);
  return rows[0] ? merchantOf(rows[0], ctx) : null;
}

/** The merchant a community's payments through `gateway` go to; null when none is assigned and enabled. */
export async function merchantOfCommunity(db: DbSession, ctx: MerchantContext, tenantId: number, communityId: number, gateway: number): Promise<Merchant | null> {
  const rows = await camelRows<MerchantRow>(
    db,
    sql`${SELECT} where tenant_id = ${tenantId} and enabled and id = (select merchant_id from payment_merchant_communities where tenant_id = ${tenantId} and community_id = ${communityId} and gateway = ${gateway})`,
  );
  return rows[0] ? merchantOf(rows[0], ctx) : null;
}

/** The clients of a merchant's gateway. */
export function clientsOf(merchant: Merchant, ctx: MerchantContext) {
  const transport = ctx.transportFor(merchant.sandbox);
  return {
    wechat: merchant.wechat ? wechatPayClient(merchant.wechat, transport) : null,
    alipay: merchant.alipay ? alipayClient(merchant.alipay, transport) : null,
  };
}

function pemProblem(text: unknown, kind: "private" | "public"): boolean {
  if (typeof text !== "string" || text.trim() === "") return false;
  try {
    if (kind === "private") createPrivateKey(text);
    else createPublicKey(text);
    return false;
  } catch {
    return true;
  }
}

/** The resources' hooks: secrets sealed, keys that parse, a community's assignment named by its merchant's gateway. */
export function registerMerchantHooks(box: () => SecretBox): void {
  registerResourceHooks("paymentMerchants", {
    async beforeWrite({ body, columns, mode }) {
      const errors: { field: string; message: string }[] = [];
      if (pemProblem(body.privateKey, "private")) errors.push({ field: "privateKey", message: onlinePayTexts.badPrivateKey });
      if (pemProblem(body.platformPublicKey, "public")) errors.push({ field: "platformPublicKey", message: onlinePayTexts.badPublicKey });
      if (mode === "create" && !(typeof body.platformPublicKey === "string" && body.platformPublicKey.trim())) errors.push({ field: "platformPublicKey", message: onlinePayTexts.publicKeyRequired });
      if (errors.length) throw validationError(errors);
      for (const [field, column] of [
        ["privateKey", "private_key"],
        ["apiV3Key", "api_v3_key"],
      ] as const) {
        const value = body[field];
        if (typeof value === "string" && value !== "") columns.set(column, box().seal(value));
      }
    },
  });
  registerResourceHooks("paymentMerchantCommunities", {
    async beforeWrite({ db, session, body, columns }) {
      const { rows } = await db.query<{ gateway: number }>(sql`select gateway from payment_merchants where tenant_id = ${session.tenantId} and id = ${Number(body.merchantId)}`);
      if (rows[0]) columns.set("gateway", rows[0].gateway);
    },
  });
}
