// Four eyes on prices (rule 调价, docs/payment.md "Four eyes"): while the tenant's rule is on, a save
// of a pricing type that changes its pricing fields (method, unit price, meter unit and multiplier,
// formula, surcharge, coefficient, cycle) does not change the pricing type. The save keeps those
// fields back as a price change (resource priceChanges, 待审核) with the values as the form sent
// them and the values they replace, writes the rest (name, remark, enabled) and answers
// 调价已提交，待审核后生效. At most one change waits per pricing type. Approving it needs 收费审核
// (PAYMENT_APPROVE) and, while the rule is on, another user than the applicant; it applies the values
// as a save would (the resource's rules, the formula parsed, usedWhen) in the approval's transaction.
// Rejecting needs a reason and keeps the price. Creating a pricing type stays direct: a new price
// bills nothing until a payment item uses it.
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { registerResourceHooks, resourceHooks, type ActionHookContext, type HoldContext } from "../crud/hooks.ts";
import { buildModel } from "../crud/model.ts";
import { findById } from "../crud/repository.ts";
import { toColumnValue } from "../crud/values.ts";
import { applyUsedWhen } from "../crud/schema-conditions.ts";
import { ident } from "../crud/sql.ts";
import type { ResourceInput, ResourceRow } from "../crud/row.ts";
import { resourceByName } from "../../../generated/resources.ts";
import type { FieldDef } from "../../../generated/model-types.ts";
import { texts } from "../../../generated/texts.ts";
import { fillErrorCode } from "../../../generated/fill-errors.ts";
import { fillScene, validateResource, type FieldError } from "../../common/validate.ts";
import { isBlankValue, isFieldUsed, usedWhenRequiredMessage } from "../../common/used-when.ts";
import { mappingLabel } from "../../common/mappings.ts";
import { fenToYuan } from "../../common/money.ts";
import { scalarText } from "../../common/scalar-text.ts";
import { apiError, validationError } from "../platform/http/envelope.ts";
import { join, raw, sql } from "../platform/db/sql.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import { PriceChangeStatus } from "../../../generated/states.ts";
import { FourEyesRule, fourEyesOn, refuseSelfApproval } from "./four-eyes.ts";

/** The fields a price change holds back (the rest of a pricing type's save is written at once). */
export const PRICING_FIELDS = ["pricingMethod", "unitPrice", "meterUnit", "meterMultiplier", "formula", "surcharge", "coefficient", "billingCycle"] as const;

const def = resourceByName.priceTypes;
const model = buildModel(def);
const pricing: FieldDef[] = PRICING_FIELDS.map((name) => def.fields.find((f) => f.name === name)!);

type Values = Record<string, string | number | boolean | null>;

/** The pricing fields of a row as the API shows it, each as its column's value (fen, decimal text, code). */
function columnValues(row: ResourceRow): Values {
  return Object.fromEntries(pricing.map((f) => [f.name, toColumnValue(f, row[f.name] ?? null)]));
}

/** Unused fields (usedWhen) as the write would clear them. */
function asWritten(values: Values): Values {
  return Object.fromEntries(pricing.map((f) => [f.name, isFieldUsed(f, values) ? values[f.name] : null]));
}

const same = (f: FieldDef, a: unknown, b: unknown): boolean => {
  if (isBlankValue(a) || isBlankValue(b)) return isBlankValue(a) && isBlankValue(b);
  return f.type === "decimal" || f.type === "money" || f.type === "integer" ? Number(a) === Number(b) : scalarText(a) === scalarText(b);
};

/** 计价方式：建筑面积×单价；单价(元)：2.50；计费周期：按月 (the fields in use). */
function describe(values: Values): string {
  return pricing
    .filter((f) => !isBlankValue(values[f.name]))
    .map((f) => {
      const v = values[f.name];
      const text = f.mapping ? mappingLabel(f.mapping, v as number) : f.type === "money" ? fenToYuan(v as number) : scalarText(v);
      return `${f.label}：${text}`;
    })
    .join("；")
    .slice(0, 500);
}

/** The API-shaped pricing fields of a row (money as yuan text). */
const apiValues = (row: ResourceRow) => Object.fromEntries(pricing.map((f) => [f.name, row[f.name] ?? null]));

/** 400 with each used, required field left empty (the write's usedWhen check, before anything waits). */
function requireUsed(values: Values, session: SessionInfo): void {
  const errors: FieldError[] = pricing
    .filter((f) => f.usedWhen?.required && isFieldUsed(f, values) && isBlankValue(values[f.name]))
    .map((f) => ({ field: f.name, message: fillScene(usedWhenRequiredMessage(f), session.sceneName) }));
  if (errors.length) throw validationError(errors);
}

/**
 * The update's hold: while the rule 调价 is on, pricing fields that change are kept back as a waiting
 * price change (the body's given values), the rest of the save goes on. Answers the save's message.
 */
async function holdPriceChange({ tx, session, id, body, columns }: HoldContext): Promise<string | void> {
  const given = pricing.filter((f) => columns.has(f.column));
  if (!given.length) return;
  await tx.query(sql`select 1 from price_types where tenant_id = ${session.tenantId} and id = ${id} for update`);
  const row = await findById(tx, model, session, id);
  if (!row) return; // the update answers 404
  if (!(await fourEyesOn(tx, session.tenantId, FourEyesRule.PriceChange))) return;
  const before = columnValues(row);
  const proposed: Values = { ...before };
  for (const f of given) proposed[f.name] = columns.get(f.column) as Values[string];
  const now = asWritten(before);
  const after = asWritten(proposed);
  if (pricing.every((f) => same(f, now[f.name], after[f.name]))) {
    // Nothing of the price changes: the pricing columns are written as they are.
    return;
  }
  requireUsed(proposed, session);
  const pending = await tx.query(sql`select 1 from price_changes where tenant_id = ${session.tenantId} and price_type_id = ${id} and status = ${PriceChangeStatus.Pending}`);
  if (pending.rows.length) throw apiError("PRICE_CHANGE_PENDING", { message: fillErrorCode.PRICE_CHANGE_PENDING({ name: scalarText(row.name) }) });

  const values = Object.fromEntries(given.map((f) => [f.name, body[f.name] ?? null]));
  const inserted = await tx.query<{ id: number }>(
    sql`insert into price_changes (tenant_id, community_id, price_type_id, previous_text, proposed_text, proposed, previous, status, applicant_id, applied_at, created_by, updated_by)
        values (${session.tenantId}, ${row.communityId}, ${id}, ${describe(now)}, ${describe(after)}, ${JSON.stringify(values)}::jsonb, ${JSON.stringify(apiValues(row))}::jsonb,
                ${PriceChangeStatus.Pending}, ${session.userId}, now(), ${session.userId}, ${session.userId})
        returning id`,
  );
  await writeOperationLog(tx, {
    tenantId: session.tenantId,
    userId: session.userId,
    username: session.username,
    ip: null,
    resource: "priceChanges",
    action: "create",
    operationCode: resourceByName.priceChanges.code,
    targetId: Number(inserted.rows[0].id),
    communityId: Number(row.communityId),
    detail: { priceTypeId: id, proposed: values },
  });
  // The pricing type keeps its price: the held fields leave the write (and its log), with the names
  // the formula's check derived from the proposed formula.
  for (const f of given) {
    columns.delete(f.column);
    delete (body as Record<string, unknown>)[f.name];
  }
  columns.delete("formula_variables");
  return texts.ledger.priceChangeHeld;
}

interface ChangeRow {
  priceTypeId: number;
  applicantId: number | null;
  proposed: ResourceInput;
}

async function changeRow(tx: DbSession, tenantId: number, id: number): Promise<ChangeRow> {
  const { rows } = await tx.query<{ price_type_id: number; applicant_id: number | null; proposed: ResourceInput | string }>(
    sql`select price_type_id, applicant_id, proposed from price_changes where tenant_id = ${tenantId} and id = ${id}`,
  );
  const r = rows[0];
  const proposed = typeof r.proposed === "string" ? (JSON.parse(r.proposed) as ResourceInput) : r.proposed;
  return { priceTypeId: Number(r.price_type_id), applicantId: r.applicant_id === null ? null : Number(r.applicant_id), proposed };
}

/** Approving (收费审核: the action's authority, checked by the generic action): another user while the rule is on; the values applied as a save of the pricing type would. */
async function approvePriceChange(ctx: ActionHookContext): Promise<void> {
  const { tx, session } = ctx;
  const change = await changeRow(tx, session.tenantId, Number(ctx.row.id));
  await refuseSelfApproval(tx, session, FourEyesRule.PriceChange, change.applicantId);
  const id = change.priceTypeId;
  const locked = await tx.query(sql`select 1 from price_types where tenant_id = ${session.tenantId} and id = ${id} for update`);
  if (!locked.rows.length) throw apiError("NOT_FOUND");
  const body: ResourceInput = { ...change.proposed };
  const errors = validateResource("priceTypes", "update", body, session.sceneName);
  if (errors.length) throw validationError(errors);
  const columns = new Map<string, unknown>();
  for (const f of pricing) if (body[f.name] !== undefined) columns.set(f.column, toColumnValue(f, body[f.name]));
  // The save's own check (the formula parsed, its names stored).
  await resourceHooks.priceTypes?.beforeWrite?.({ db: tx, session, mode: "update", id, body, columns, revealed: {} });
  const sets = [sql`version = version + 1`, sql`updated_at = now()`, sql`updated_by = ${session.userId}`];
  for (const [column, value] of columns) sets.push(sql`${raw(ident(column))} = ${value}`);
  await tx.query(sql`update price_types set ${join(sets, ", ")} where tenant_id = ${session.tenantId} and id = ${id}`);
  await applyUsedWhen(tx, session, def, id);
  await writeOperationLog(tx, {
    tenantId: session.tenantId,
    userId: session.userId,
    username: session.username,
    ip: null,
    resource: "priceTypes",
    action: "update",
    operationCode: def.code,
    targetId: id,
    communityId: Number(ctx.row.communityId),
    detail: { changes: body, priceChangeId: Number(ctx.row.id) },
  });
}

export function registerPriceChangeHooks(): void {
  registerResourceHooks("priceTypes", { holdUpdate: holdPriceChange });
  registerResourceHooks("priceChanges", {
    beforeAction: {
      approve: approvePriceChange,
    },
  });
}
