// Payment settings of a community (resource paymentSettings, one row per community) and the
// steering flags of the payment guide derived from what is really configured:
//   priceTypeConfigEnable   an enabled pricing type exists (tab second)
//   paymentTimeConfigEnable an enabled payment item exists (tab first: items carry the due day)
//   payParamConfigEnable    the payment parameters were saved (tab four)
//   receiptConfigEnable     the receipt and invoice settings were saved (tab invoiceSet)
//   otherConfigEnable       the other settings were saved (tab others)
import { validateResource } from "../../common/validate.ts";
import { mappings } from "../../../generated/mappings.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { toColumnValue } from "../crud/values.ts";
import { resourceByName } from "../../../generated/resources.ts";
import { validationError } from "../platform/http/envelope.ts";
import { refused } from "./common.ts";
import type { PaymentSettingsShape, SteerFlags } from "../../common/payment/shapes.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { join, raw, sql } from "../platform/db/sql.ts";
import { PayMethod, ReceiptTemplate, ReceiptType } from "../../../generated/states.ts";
import type { SavePaymentSettingsBody } from "../../../generated/operation-types.ts";

export type { SteerFlags };

/** waiverAutoApproveLimit in fen. */
export interface PaymentSettings extends PaymentSettingsShape<number> {
  version: number | null;
}

/** The pay method of a bill paid from the prepayment balance (预存款抵扣): not money arriving, never offered at the counter. */
export const BALANCE_PAY_METHOD = PayMethod.Balance;
/** The pay methods a counter may offer (the community's settings choose among them). */
export const ALL_PAY_METHODS = Object.entries(mappings.payMethod.values)
  .filter(([, v]) => v.offered !== false)
  .map(([code]) => Number(code));

export const defaultSettings = (communityId: number): PaymentSettings => ({
  id: null,
  communityId,
  payMethods: [...ALL_PAY_METHODS],
  roundingMode: 1,
  payParamsSavedAt: null,
  receiptTitle: null,
  receiptPrefix: null,
  defaultReceiptType: ReceiptType.Receipt,
  invoiceEnabled: false,
  taxNo: null,
  receiptTemplate: ReceiptTemplate.A4,
  payeeName: null,
  sealEnabled: true,
  sealText: null,
  receiptSavedAt: null,
  allowPartialPayment: false,
  waiverAutoApproveLimit: 0,
  autoPrintReceipt: true,
  residentReadingFromDay: 20,
  otherSavedAt: null,
  version: null,
});

const SELECT = raw(`id, community_id, pay_methods, rounding_mode,
  pay_params_saved_at, receipt_title, receipt_prefix,
  default_receipt_type, invoice_enabled, tax_no,
  receipt_template, payee_name, seal_enabled, seal_text,
  receipt_saved_at, allow_partial_payment,
  waiver_auto_approve_limit, auto_print_receipt, resident_reading_from_day,
  other_saved_at, version`);

/** The community's settings, or the defaults when none were saved. */
export async function loadSettings(db: DbSession, tenantId: number, communityId: number): Promise<PaymentSettings> {
  const rows = await camelRows<PaymentSettings>(db, sql`select ${SELECT} from payment_settings where tenant_id = ${tenantId} and community_id = ${communityId}`);
  const base = defaultSettings(communityId);
  const row = rows[0];
  if (!row) return base;
  return {
    ...base,
    ...Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null && v !== undefined)),
    payMethods: Array.isArray(row.payMethods) ? row.payMethods.map(Number).filter((m) => ALL_PAY_METHODS.includes(m)) : base.payMethods,
    waiverAutoApproveLimit: Number(row.waiverAutoApproveLimit ?? 0),
    roundingMode: Number(row.roundingMode ?? 1),
    residentReadingFromDay: Number(row.residentReadingFromDay ?? base.residentReadingFromDay),
    receiptTitle: row.receiptTitle,
    receiptPrefix: row.receiptPrefix,
    taxNo: row.taxNo,
    payeeName: row.payeeName,
    sealText: row.sealText,
    payParamsSavedAt: row.payParamsSavedAt,
    receiptSavedAt: row.receiptSavedAt,
    otherSavedAt: row.otherSavedAt,
  };
}

/** The tabs that save settings, with their fields and the stamp the steering flags read (savePaymentSettings lists these keys as its section enum). */
export const SECTIONS = {
  payParams: { fields: ["payMethods", "roundingMode"], stamp: "pay_params_saved_at" },
  receipt: { fields: ["receiptTitle", "receiptPrefix", "defaultReceiptType", "invoiceEnabled", "taxNo", "receiptTemplate", "payeeName", "sealEnabled", "sealText"], stamp: "receipt_saved_at" },
  other: { fields: ["allowPartialPayment", "waiverAutoApproveLimit", "autoPrintReceipt", "residentReadingFromDay"], stamp: "other_saved_at" },
} as const;
export type Section = keyof typeof SECTIONS;

const def = resourceByName.paymentSettings;

/**
 * Saves one tab's fields (validated like the generic form) and stamps the tab as configured. Its money
 * (waiverAutoApproveLimit) comes as fen: the operation's edge checked it by the field's rule (format: money).
 */
export async function saveSettings(tx: DbSession, session: SessionInfo, communityId: number, section: Section, body: Omit<SavePaymentSettingsBody, "section">): Promise<void> {
  const { fields, stamp } = SECTIONS[section];
  // The tab's fields given ("" clears one).
  const values = Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f] === "" ? null : body[f]]));
  const isMoney = (name: string) => def.fields.find((f) => f.name === name)?.type === "money";
  const errors = validateResource("paymentSettings", "update", Object.fromEntries(Object.entries(values).filter(([name]) => !isMoney(name))), session.sceneName);
  if (errors.length) throw validationError(errors);
  if (section === "payParams") {
    const methods = values.payMethods;
    if (!Array.isArray(methods) || methods.length === 0) throw refused("enableOnePayMethod", "payMethods");
    if (methods.some((m) => !ALL_PAY_METHODS.includes(Number(m)))) throw refused("payMethodInvalid", "payMethods");
    values.payMethods = [...new Set(methods.map(Number))].sort((a, b) => a - b);
  }
  if (section === "receipt" && !values.receiptPrefix) throw refused("receiptPrefixRequired", "receiptPrefix");
  // The tab's fields given, each as its column (a name from the schema) and its value.
  const given = fields
    .filter((name) => name in values)
    .map((name) => {
      const field = def.fields.find((f) => f.name === name)!;
      const value = field.type === "money" ? (values[name] ?? null) : toColumnValue(field, values[name]);
      return { column: raw(field.column), value: field.column === "pay_methods" ? sql`${value}::jsonb` : sql`${value}` };
    });
  const { tenantId, userId } = session;
  const insertCols = [sql`tenant_id, community_id, created_by, updated_by`, ...given.map((g) => g.column), raw(stamp)];
  const insertVals = [sql`${tenantId}, ${communityId}, ${userId}, ${userId}`, ...given.map((g) => g.value), sql`now()`];
  const updates = [...given.map((g) => sql`${g.column} = ${g.value}`), sql`${raw(stamp)} = now(), updated_by = ${userId}, updated_at = now(), version = payment_settings.version + 1`];
  await tx.query(
    sql`insert into payment_settings (${join(insertCols, ", ")}) values (${join(insertVals, ", ")})
     on conflict (tenant_id, community_id) do update set ${join(updates, ", ")}`,
  );
}

export const NO_FLAGS: SteerFlags = {
  priceTypeConfigEnable: false,
  paymentTimeConfigEnable: false,
  payParamConfigEnable: false,
  receiptConfigEnable: false,
  otherConfigEnable: false,
};

export async function steerFlags(db: DbSession, tenantId: number, communityId: number): Promise<SteerFlags> {
  const rows = await camelRows<SteerFlags>(
    db,
    sql`select exists (select 1 from price_types where tenant_id = ${tenantId} and community_id = ${communityId} and enabled is not false) as price_type_config_enable,
            exists (select 1 from payment_items where tenant_id = ${tenantId} and community_id = ${communityId} and enabled is not false) as payment_time_config_enable,
            exists (select 1 from payment_settings where tenant_id = ${tenantId} and community_id = ${communityId} and pay_params_saved_at is not null) as pay_param_config_enable,
            exists (select 1 from payment_settings where tenant_id = ${tenantId} and community_id = ${communityId} and receipt_saved_at is not null) as receipt_config_enable,
            exists (select 1 from payment_settings where tenant_id = ${tenantId} and community_id = ${communityId} and other_saved_at is not null) as other_config_enable`,
  );
  return rows[0];
}
