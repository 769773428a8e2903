// pageList: {pageNo, pageSize, keyword?, sortField?, sortOrder?, communityId?, ...filters}
// -> {list, total, pageNo, pageSize}. Tenant (and community) first in WHERE and ORDER BY <sort>, id,
// so the (tenant_id, community_id, <sort>, id) indexes of the generated migrations serve it.
// One statement per request gives the page and the total (listStatement below).
// Filters only on filter:true fields: free text by case-insensitive "contains" (% and _ literal),
// strings with a mapping (enumerations), numbers, refs, booleans and dates exactly (an array = any of).
import type { FieldDef } from "../../../generated/model-types.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { JsonObject } from "../platform/db/row.ts";
import type { ResourceRow } from "./row.ts";
import { idField } from "../platform/http/request-input.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { assertCommunity } from "../platform/session/community-scope.ts";
import { apiError } from "../platform/http/envelope.ts";
import { fieldError } from "../platform/http/input-guard.ts";
import { fillScene } from "../../common/validate.ts";
import { type ResourceModel, refLabelColumns, scopeCondition } from "./model.ts";
import { alias, ident } from "./sql.ts";
import { Shared, ilikeContains, join, likeContains, raw, sharedValues, sharing, sql, when, type Sql } from "../platform/db/sql.ts";
import { fromRow, toColumnValue } from "./values.ts";
import { scalarText } from "../../common/scalar-text.ts";
import { pageArgs } from "../platform/http/page-args.ts";

export interface PageResult {
  list: ResourceRow[];
  total: number;
  pageNo: number;
  pageSize: number;
}

function direction(value: unknown, fallback: "asc" | "desc"): "asc" | "desc" {
  const v = scalarText(value).toLowerCase();
  if (v === "asc" || v === "ascend") return "asc";
  if (v === "desc" || v === "descend") return "desc";
  return fallback;
}

const isFreeText = (f: FieldDef) => (f.type === "string" || f.type === "text") && !f.mapping;

function filterCondition(f: FieldDef, value: unknown): Sql | null {
  // A filter is a scalar or a list of scalars; an object (or a list inside the list) is not.
  const scalars = Array.isArray(value) ? value : [value];
  if (scalars.some((v) => typeof v === "object" && v !== null)) throw fieldError("BAD_TYPE", f.name, fillScene(f.label));
  const column = raw(`t.${ident(f.column)}`);
  if (isFreeText(f)) {
    const text = String(value).trim();
    return text ? ilikeContains(column, text) : null;
  }
  if (f.type === "json" || f.type === "image" || f.type === "secret") return null;
  const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== "");
  if (!values.length) return null;
  const converted = values.map((v) => {
    const c = toColumnValue(f, v);
    if ((f.type === "integer" || f.type === "ref") && !Number.isSafeInteger(c)) throw apiError("BAD_REQUEST");
    return c;
  });
  if (converted.length === 1) return sql`${column} = ${converted[0]}`;
  const arrayType =
    f.type === "boolean"
      ? "boolean"
      : f.type === "date"
        ? "date"
        : f.type === "datetime"
          ? "timestamptz"
          : f.type === "decimal"
            ? "numeric"
            : f.type === "string" || f.type === "text"
              ? "text"
              : "bigint";
  return sql`${column} = any(${converted}::${raw(arrayType)}[])`;
}

/**
 * Page sizes written into the statement text instead of passed as a parameter: the web app's choices
 * (10, 20, 50, 100) and the export's 500. With a known limit the database's plan cache keeps one
 * generic plan for the statement; with `limit $n` it has to assume 10 % of the rows are wanted, which
 * always looks dearer than a plan for the actual few rows, so it plans the statement again on every
 * call. The number comes from this fixed set (never from the client's text) and the set bounds the
 * statement texts to one per size; any other size is a parameter. The offset is always a parameter.
 */
export const LITERAL_PAGE_SIZES: ReadonlySet<number> = new Set([10, 20, 50, 100, 500]);

/**
 * The page and the total in one statement:
 *
 *   select p.*, <ref labels>, c.total as "__total"
 *     from (select count(*) as total from <table> t where <where>) c
 *     left join lateral (
 *       select <columns> from (select t.id from <table> t where <where> order by <sort>, id limit .. offset ..) k
 *         join <table> t on t.tenant_id = <tenant> and t.id = k.id) p on true
 *    order by p.<sort>, p.id
 *
 * One round trip instead of two. For a community's list the count is an index-only scan of the
 * (tenant_id, community_id, id) index and the page's keys come from the (tenant_id, community_id,
 * <sort>, id) index alone, so a deep page skips index entries rather than table rows, and only the
 * page's rows are read, by primary key (tenant first there too). The left join from the count keeps
 * the total when the page is empty (past the end): one row whose page columns are all null.
 * `where` holds only parameters, all Shared (its two uses refer to the same ones), the tenant's first;
 * the text depends on the resource and the request's shape alone (filters present, sort, limit, offset).
 */
function listStatement(model: ResourceModel, tenantId: Shared, where: Sql, sortName: string, sortColumn: string, dir: "asc" | "desc", limit: Sql, offset: Sql): Sql {
  const orderInner = raw(sortColumn === "id" ? `t.id ${dir}` : `t.${ident(sortColumn)} ${dir}, t.id ${dir}`);
  const orderOuter = raw(sortName === "id" ? `p."id" ${dir}` : `p.${alias(sortName)} ${dir}, p."id" ${dir}`);
  const table = raw(model.table);
  const keys = sql`select t.id from ${table} t where ${where} order by ${orderInner} limit ${limit}${offset}`;
  const labels = refLabelColumns(model);
  return sql`select p.*${when(labels, () => sql`, ${labels}`)}, c.total as "__total" from (select count(*) as total from ${table} t where ${where}) c left join lateral (select ${model.selectList} from (${keys}) k join ${table} t on t.tenant_id = ${tenantId} and t.id = k.id) p on true order by ${orderOuter}`;
}

export async function pageList(db: DbSession, model: ResourceModel, session: SessionInfo, body: JsonObject): Promise<PageResult> {
  const { pageNo, pageSize, offset } = pageArgs(body);
  const tenantId = new Shared(session.tenantId);
  const where = [sql`t.tenant_id = ${tenantId}`];

  if (model.communityScoped && body.communityId != null && body.communityId !== "") {
    const communityId = idField(body, "communityId");
    if (communityId === null) throw apiError("BAD_REQUEST");
    // Another tenant's community simply matches nothing: the tenant condition comes first; one of
    // the tenant's outside the user's scope is refused (the 403 marker).
    assertCommunity(session, communityId);
    where.push(sql`t.community_id = ${communityId}`);
  } else {
    const inScope = scopeCondition(model, session.communityIds, "t.");
    if (inScope) where.push(inScope);
  }
  for (const [name, f] of model.filterable) {
    const value = body[name];
    if (value === undefined || value === null || value === "") continue;
    const condition = filterCondition(f, value);
    if (condition) where.push(condition);
  }
  const keyword = typeof body.keyword === "string" ? body.keyword.trim() : "";
  if (keyword && model.searchable.length) {
    const pattern = new Shared(likeContains(keyword));
    const matches = model.searchable.map((f) => sql`t.${raw(ident(f.column))} ilike ${pattern} escape '\\'`);
    where.push(sql`(${join(matches, " or ")})`);
  }

  const defaultSort = model.def.defaultSort;
  const wanted = body.sortField;
  if (wanted !== undefined && wanted !== null && wanted !== "" && !(typeof wanted === "string" && model.sortable.has(wanted))) {
    throw fieldError("BAD_SORT_FIELD", "sortField", typeof wanted === "string" ? wanted.slice(0, 64) : "sortField");
  }
  const requested = typeof wanted === "string" && wanted !== "" ? wanted : null;
  const sortName = requested ?? (model.sortable.has(defaultSort.field) ? defaultSort.field : "id");
  const dir = direction(body.sortOrder, requested ? "asc" : defaultSort.order);

  const limit = LITERAL_PAGE_SIZES.has(pageSize) ? raw(String(pageSize)) : sql`${pageSize}`;
  const statement = listStatement(
    model,
    tenantId,
    sharedValues(join(where, " and ")),
    sortName,
    model.sortable.get(sortName)!,
    dir,
    limit,
    when(offset > 0, () => sql` offset ${offset}`),
  );
  const { rows } = await db.query<ResourceRow & { __total?: number }>(sharing(statement));

  const total = Number(rows[0]?.__total ?? 0);
  // Past the end the one row carries only the total.
  const list = rows.length === 1 && rows[0].id == null ? [] : rows;
  for (const row of list) {
    delete row.__total; // the last column: dropping it keeps the row a plain fast object
    fromRow(model, row);
  }
  return { list, total, pageNo, pageSize };
}
