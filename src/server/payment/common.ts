// What the fee endpoints share: the route codes, business errors with their messages (errors.yaml),
// the chosen ids and amounts (numbers and fen: the edge converted them), the caller's maximum of an amount with the §5 rule message,
// and the audit row of a decision.
import { checkRule, checkRuleWith } from "../../common/validate.ts";
import { fenToYuan } from "../../common/money.ts";
import { apiError, validationError, type ApiError } from "../platform/http/envelope.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import { raw, sql, type Sql } from "../platform/db/sql.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import { PAYMENT_CODES } from "../../common/payment/codes.ts";
import { messages } from "../../../generated/errors.ts";

type MessageKey = keyof typeof messages;

/** Route codes of the fee pages (the operations list them in schemas/operations/payment.yaml). */
export const CODES = PAYMENT_CODES;

/**
 * payments.return_flag of money taken in. The mapping returnFlag names only ReturnFlag.Refund; any
 * other value shows as its `otherwise` (收费), and the fee code writes 0.
 */
export const RETURN_FLAG_CHARGE = 0;

/**
 * payments.payment_type of a charge that is not a property fee (deposits, temporary charges,
 * recharges, an item without a type). The mapping paymentType names only PaymentType.PropertyFee;
 * any other value shows as its `otherwise` (其他), and the fee code writes 2.
 */
export const PAYMENT_TYPE_OTHER = 2;

/** A message of schemas/errors.yaml with its {placeholders} filled in. */
export const say = (key: MessageKey, vars: Record<string, string | number> = {}): string => messages[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));

/** A rule the request breaks (HTTP 400, the message of errors.yaml, nothing written). */
export const refused = (key: MessageKey, field = "", vars?: Record<string, string | number>): ApiError => validationError([{ field, message: say(key, vars) }]);

/** A rule's own message (schemas/rules.yaml) the value breaks (HTTP 400). */
export const ruleBroken = (message: string, field: string): ApiError => validationError([{ field, message }]);

/** Someone else changed the rows first (HTTP 409, the message of errors.yaml). */
export const conflict = (key: MessageKey): ApiError => apiError("CONFLICT", { message: say(key) });

export const notFound = (): ApiError => apiError("NOT_FOUND");

/**
 * The chosen ids of an operation's input where they may be left out for another input (repeats count
 * once), else 400; how many may be given is the operation's maxItems (tooManyRows).
 */
export function chosenIds(ids: readonly number[] | null | undefined, field: string): number[] {
  if (!ids?.length) throw refused("selectRows", field);
  return [...new Set(ids)];
}

/** Optional chosen ids (repeats count once): absent or empty is null (no filter); the operation's maxItems limits them. */
export function optionalIds(ids: readonly number[] | null | undefined): number[] | null {
  return ids?.length ? [...new Set(ids)] : null;
}

/**
 * An amount of the input (fen: the edge checked it by the amount rule, format: money) checked by the
 * payAmount rule with the caller's maximum (fen): absent is the rule's required message, more than
 * the maximum its message with the maximum in yuan.
 */
export function payAmountWithin(amount: number | null | undefined, field: string, maxFen: number): number {
  const message = checkRuleWith("payAmount", amount === null || amount === undefined ? "" : fenToYuan(amount), { max: fenToYuan(maxFen) });
  if (message) throw ruleBroken(message, field);
  return amount!;
}

/** Optional text checked by a rule (cjkText by default); "" and null become null. */
export function optionalText(value: unknown, field: string, max = 128, rule = "cjkText"): string | null {
  if (value === undefined || value === null) return null;
  const text = (typeof value === "string" ? value : JSON.stringify(value)).trim();
  if (!text) return null;
  if ([...text].length > max) throw refused("textTooLong", field, { max });
  const message = checkRule(rule, text);
  if (message) throw ruleBroken(message, field);
  return text;
}

/** The community the edge checked (the input's communityId); none given: 400. */
export function chosenCommunity(community: { id: number } | null): number {
  if (!community) throw refused("selectCommunity", "communityId");
  return community.id;
}

/** An operation_logs row for a fee action, in the caller's transaction. */
export async function audit(
  tx: DbSession,
  session: Pick<SessionInfo, "tenantId" | "username"> & { userId: number | null },
  ip: string | null,
  resource: string,
  action: string,
  targetId: number | string | null,
  detail: unknown,
  code?: string,
) {
  await writeOperationLog(tx, {
    tenantId: session.tenantId,
    userId: session.userId,
    username: session.username,
    ip,
    resource,
    action,
    operationCode: code ?? null,
    targetId,
    detail,
  });
}

/** Takes the tenant's next number of a counter, inside the caller's transaction (gap-free). */
export async function nextCounter(tx: DbSession, tenantId: number, name: string): Promise<number> {
  const { rows } = await tx.query<{ value: number }>(
    sql`insert into tenant_counters (tenant_id, name, value) values (${tenantId}, ${name}, 1)
     on conflict (tenant_id, name) do update set value = tenant_counters.value + 1 returning value`,
  );
  return Number(rows[0].value);
}

/** A payment's serial number: P for a charge, R for a money return, then the tenant's payment counter (12 digits). */
export const paymentSerialNo = (kind: "P" | "R", n: number): string => `${kind}${String(n).padStart(12, "0")}`;

/** The next payment serial number of the tenant (gap-free, inside the caller's transaction). */
export const nextPaymentSerialNo = async (tx: DbSession, tenantId: number, kind: "P" | "R"): Promise<string> => paymentSerialNo(kind, await nextCounter(tx, tenantId, "payment"));

/**
 * SQL of a user's name as people see it (收款人, 审核人 …): the 姓名, else the login name; `users` is the
 * alias of the users row. The generic pages' user references show the same (labelField realName,
 * fallback username).
 */
export const personNameSql = (users: string): Sql => raw(`coalesce(nullif(btrim(${users}.real_name), ''), ${users}.username)`);

/** A money column (fen, bigint as number or numeric text) as a JS integer. */
export const fen = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** Advisory lock key of a community's settlement days (payments share it, closing a day takes it alone). */
export const dayLockKey = (communityId: number): [number, number] => [727_100, communityId % 2_147_483_647];
