// pageList: {pageNo, pageSize, keyword?, sortField?, sortOrder?, communityId?, ...filters}
// -> {list, total, pageNo, pageSize}. Tenant (and community) first in WHERE and ORDER BY <sort>, id,
// so the (tenant_id, community_id, <sort>, id) indexes of the generated migrations serve it.
// Filters only on filter:true fields: free text by case-insensitive "contains" (% and _ literal),
// strings with a mapping (enumerations), numbers, refs, booleans and dates exactly (an array = any of).
import type { FieldDef } from "../../../generated/model-types.ts";
import type { DbSession } from "../db/types.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import { apiError } from "../http/envelope.ts";
import { type ResourceModel, refLabelColumns } from "./model.ts";
import { Params, ident, likeContains, parseId } from "./sql.ts";
import { fromRow, toColumnValue } from "./values.ts";

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 10;

export interface PageResult {
  list: Record<string, unknown>[];
  total: number;
  pageNo: number;
  pageSize: number;
}

const positiveInt = (value: unknown, fallback: number): number => {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

function direction(value: unknown, fallback: "asc" | "desc"): "asc" | "desc" {
  const v = String(value ?? "").toLowerCase();
  if (v === "asc" || v === "ascend") return "asc";
  if (v === "desc" || v === "descend") return "desc";
  return fallback;
}

const isFreeText = (f: FieldDef) => (f.type === "string" || f.type === "text") && !f.mapping;

function filterCondition(f: FieldDef, value: unknown, params: Params): string | null {
  const column = `t.${ident(f.column)}`;
  if (isFreeText(f)) {
    const text = String(value).trim();
    return text ? `${column} ilike ${params.add(likeContains(text))} escape '\\'` : null;
  }
  if (f.type === "json" || f.type === "image" || f.type === "secret") return null;
  const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== "");
  if (!values.length) return null;
  const converted = values.map((v) => {
    const c = toColumnValue(f, v);
    if ((f.type === "integer" || f.type === "ref") && !Number.isSafeInteger(c)) throw apiError("BAD_REQUEST");
    return c;
  });
  if (converted.length === 1) return `${column} = ${params.add(converted[0])}`;
  const arrayType = f.type === "boolean" ? "boolean" : f.type === "date" ? "date" : f.type === "datetime" ? "timestamptz" : f.type === "decimal" ? "numeric" : f.type === "string" || f.type === "text" ? "text" : "bigint";
  return `${column} = any(${params.add(converted)}::${arrayType}[])`;
}

export async function pageList(db: DbSession, model: ResourceModel, session: SessionInfo, body: Record<string, unknown>): Promise<PageResult> {
  const pageNo = positiveInt(body.pageNo, 1);
  const pageSize = Math.min(positiveInt(body.pageSize, DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  const params = new Params();
  const where = [`t.tenant_id = ${params.add(session.tenantId)}`];

  if (model.communityScoped && body.communityId != null && body.communityId !== "") {
    const communityId = parseId(body.communityId);
    if (communityId === null) throw apiError("BAD_REQUEST");
    // Another tenant's community simply matches nothing: the tenant condition comes first.
    where.push(`t.community_id = ${params.add(communityId)}`);
  }
  for (const [name, f] of model.filterable) {
    const value = body[name];
    if (value === undefined || value === null || value === "") continue;
    const condition = filterCondition(f, value, params);
    if (condition) where.push(condition);
  }
  const keyword = typeof body.keyword === "string" ? body.keyword.trim() : "";
  if (keyword && model.searchable.length) {
    const p = params.add(likeContains(keyword));
    where.push(`(${model.searchable.map((f) => `t.${ident(f.column)} ilike ${p} escape '\\'`).join(" or ")})`);
  }

  const defaultSort = model.def.defaultSort;
  const requested = typeof body.sortField === "string" && model.sortable.has(body.sortField) ? body.sortField : null;
  const sortName = requested ?? (model.sortable.has(defaultSort.field) ? defaultSort.field : "id");
  const sortColumn = model.sortable.get(sortName)!;
  const dir = direction(body.sortOrder, requested ? "asc" : defaultSort.order);
  const orderInner = sortColumn === "id" ? `t.id ${dir}` : `t.${ident(sortColumn)} ${dir}, t.id ${dir}`;
  const orderOuter = sortName === "id" ? `p."id" ${dir}` : `p."${sortName}" ${dir}, p."id" ${dir}`;

  const whereSql = where.join(" and ");
  const whereValues = [...params.values];
  const offset = (pageNo - 1) * pageSize;
  // Limit and offset are parameters too (after the filters', so the count below can reuse those):
  // the SQL text then depends only on the resource, the filters present and the sort, and the
  // database driver can keep it as one prepared statement for every page (db/postgres.ts).
  const inner = `select ${model.selectList} from ${model.table} t where ${whereSql} order by ${orderInner} limit ${params.add(pageSize)} offset ${params.add(offset)}`;
  const labels = refLabelColumns(model);
  const sql = labels ? `select p.*, ${labels} from (${inner}) p order by ${orderOuter}` : inner;
  const { rows } = await db.query<Record<string, unknown>>(sql, params.values);

  // A short page tells the total without counting (when it is not past the end).
  let total: number;
  if (rows.length > 0 && rows.length < pageSize) total = offset + rows.length;
  else if (rows.length === 0 && offset === 0) total = 0;
  else {
    const counted = await db.query<{ total: number }>(`select count(*) as total from ${model.table} t where ${whereSql}`, whereValues);
    total = Number(counted.rows[0].total);
  }
  return { list: rows.map((r) => fromRow(model, r)), total, pageNo, pageSize };
}
