// The list page's state lives in the URL query (?pageNo=&pageSize=&sortField=&sortOrder=&keyword=
// and one key per filter), so a list can be reloaded, bookmarked and shared as it is. Pure
// functions between URLSearchParams, the state and Refine's pagination / sorters / filters.
import type { CrudFilter, CrudSort } from "@refinedev/core";
import type { FieldDef } from "../../../generated/model-types.ts";
import { mappings } from "../../../generated/mappings.ts";
import { filterValueOf } from "./fields.ts";
import { scalarText } from "../../common/scalar-text.ts";

export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];
export const MAX_PAGE_SIZE = 500;

export interface ListState {
  pageNo: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: "asc" | "desc";
  keyword?: string;
  /** Filter values as URL text, by field name. */
  filters: Record<string, string>;
}

const RESERVED = new Set(["pageNo", "pageSize", "sortField", "sortOrder", "keyword"]);

function positive(text: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(text);
  return text && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** Reads the state; only the given filter names and sortable fields are taken from the URL. */
export function readListState(params: URLSearchParams, filterNames: readonly string[], sortable?: ReadonlySet<string>): ListState {
  const sortField = params.get("sortField") || undefined;
  const order = params.get("sortOrder");
  const sortOk = !!sortField && (!sortable || sortable.has(sortField)) && (order === "asc" || order === "desc");
  const keyword = params.get("keyword")?.trim() || undefined;
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    if (RESERVED.has(name)) continue;
    const value = params.get(name);
    if (value !== null && value !== "") filters[name] = value;
  }
  return {
    pageNo: positive(params.get("pageNo"), 1),
    pageSize: positive(params.get("pageSize"), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    ...(sortOk ? { sortField, sortOrder: order } : {}),
    ...(keyword ? { keyword } : {}),
    filters,
  };
}

/** The URL query of a state; defaults (page 1, 10 a page) are left out. Other keys of `keep` stay. */
export function writeListState(state: ListState, keep?: URLSearchParams, filterNames: readonly string[] = []): URLSearchParams {
  const out = new URLSearchParams();
  if (keep) {
    for (const [key, value] of keep) if (!RESERVED.has(key) && !filterNames.includes(key) && !(key in state.filters)) out.append(key, value);
  }
  if (state.pageNo !== 1) out.set("pageNo", String(state.pageNo));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) out.set("pageSize", String(state.pageSize));
  if (state.sortField && state.sortOrder) {
    out.set("sortField", state.sortField);
    out.set("sortOrder", state.sortOrder);
  }
  if (state.keyword?.trim()) out.set("keyword", state.keyword.trim());
  for (const [name, value] of Object.entries(state.filters)) if (value !== "") out.set(name, value);
  return out;
}

/** Filter form values → URL texts (empty ones dropped; strings trimmed). */
export function filtersFromForm(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const text = typeof value === "string" ? value.trim() : typeof value === "object" && "format" in value ? (value as { format: (f: string) => string }).format("YYYY-MM-DD") : scalarText(value);
    if (text !== "") out[name] = text;
  }
  return out;
}

const integerMapping = (field: FieldDef) => !!field.mapping && mappings[field.mapping]?.valueType === "integer";

/** Typed filter values of the state, by field (for the filter form's initial values and the request). */
export function typedFilters(fields: readonly FieldDef[], state: ListState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const value = filterValueOf(f, state.filters[f.name], integerMapping(f));
    if (value !== undefined) out[f.name] = value;
  }
  return out;
}

/** Refine's pagination / sorters / filters of a state, with the route's fixed filters (e.g. patrolType 4). */
export function toRefineQuery(
  fields: readonly FieldDef[],
  state: ListState,
  fixed: Record<string, unknown> = {},
  defaultSort?: { field: string; order: "asc" | "desc" },
): { pagination: { currentPage: number; pageSize: number; mode: "server" }; sorters: CrudSort[]; filters: CrudFilter[] } {
  const filters: CrudFilter[] = [];
  for (const [field, value] of Object.entries(typedFilters(fields, state))) filters.push({ field, operator: "eq", value });
  if (state.keyword) filters.push({ field: "keyword", operator: "eq", value: state.keyword });
  for (const [field, value] of Object.entries(fixed)) filters.push({ field, operator: "eq", value });
  const sort = state.sortField && state.sortOrder ? { field: state.sortField, order: state.sortOrder } : defaultSort;
  return {
    pagination: { currentPage: state.pageNo, pageSize: state.pageSize, mode: "server" },
    sorters: sort ? [sort] : [],
    filters,
  };
}

/** antd's sort order names ↔ the API's. */
export const toAntdOrder = (order?: "asc" | "desc"): "ascend" | "descend" | null => (order === "asc" ? "ascend" : order === "desc" ? "descend" : null);
export const fromAntdOrder = (order?: "ascend" | "descend" | null): "asc" | "desc" | undefined => (order === "ascend" ? "asc" : order === "descend" ? "desc" : undefined);
