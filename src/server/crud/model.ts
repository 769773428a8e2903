// What the generic CRUD needs to know about a resource, derived once from its ResourceDef:
// columns, the select list (camelCase aliases, secrets never selected), writable, filterable,
// searchable and sortable fields, and the ref labels.
import type { FieldDef, ResourceDef } from "../../../generated/model-types.ts";
import { resourceByName } from "../../../generated/resources.ts";
import { alias, ident } from "./sql.ts";
import { anyOf, join, raw, sql, type Sql } from "../platform/db/sql.ts";

export interface RefLabel {
  field: FieldDef;
  /** Output name of the label, e.g. areaIdLabel. */
  name: string;
  table: string;
  column: string;
  /** The target's title column, read where the label column is empty (ref.fallbackField). */
  fallbackColumn?: string;
  /** Both rows are of a community: the label is read only from the row's own community. */
  sameCommunity: boolean;
}

export interface ResourceModel {
  def: ResourceDef;
  table: string;
  communityScoped: boolean;
  /**
   * The column a limited user's community scope applies to (auth/community-scope.ts): community_id
   * of a community-scoped resource, the id of the communities themselves, a tenant resource's
   * scopeField (whose rows naming no community stay tenant-wide), else none (tenant-wide).
   */
  scopeColumn: string | null;
  /** Rows whose scope column is null are every user's (a tenant resource's scopeField). */
  scopeKeepsNone: boolean;
  /** Fields a client may see (everything but secrets). */
  visible: FieldDef[];
  /** Fields a client may write on create / update (form fields, not read-only, not secret). */
  writable: Map<string, FieldDef>;
  filterable: Map<string, FieldDef>;
  searchable: FieldDef[];
  /** Sortable output name -> column: sort:true fields plus id and createdAt. */
  sortable: Map<string, string>;
  refLabels: RefLabel[];
  /** `t."col" as "name", ...` over the table alias t. */
  selectList: Sql;
}

const SYSTEM_COLUMNS: [name: string, column: string][] = [
  ["id", "id"],
  ["tenantId", "tenant_id"],
  ["version", "version"],
  ["createdAt", "created_at"],
  ["updatedAt", "updated_at"],
  ["createdBy", "created_by"],
  ["updatedBy", "updated_by"],
];

export function buildModel(def: ResourceDef, lookup: Record<string, ResourceDef> = resourceByName): ResourceModel {
  const communityScoped = def.scope === "community";
  const visible = def.fields.filter((f) => f.type !== "secret");
  const writable = new Map(visible.filter((f) => f.form && !f.readOnly).map((f) => [f.name, f]));
  const filterable = new Map(visible.filter((f) => f.filter).map((f) => [f.name, f]));
  const searchable = visible.filter((f) => f.search && (f.type === "string" || f.type === "text"));
  const sortable = new Map<string, string>([
    ["id", "id"],
    ["createdAt", "created_at"],
  ]);
  for (const f of visible) if (f.sort) sortable.set(f.name, f.column);

  const refLabels: RefLabel[] = [];
  for (const f of visible) {
    if (f.type !== "ref" || !f.ref) continue;
    const target = lookup[f.ref.resource];
    const labelField = target?.fields.find((x) => x.name === f.ref!.labelField && x.type !== "secret");
    const fallback = f.ref.fallbackField ? target?.fields.find((x) => x.name === f.ref!.fallbackField) : undefined;
    if (!target || !labelField) continue;
    const sameCommunity = communityScoped && target.scope === "community";
    refLabels.push({ field: f, name: `${f.name}Label`, table: target.table, column: labelField.column, sameCommunity, ...(fallback ? { fallbackColumn: fallback.column } : {}) });
  }

  const columns: [string, string][] = [
    ...SYSTEM_COLUMNS.slice(0, 2),
    ...(communityScoped ? ([["communityId", "community_id"]] as [string, string][]) : []),
    ...visible.map((f) => [f.name, f.column] as [string, string]),
    ...SYSTEM_COLUMNS.slice(2),
  ];
  const selectList = raw(columns.map(([name, column]) => `t.${ident(column)} as ${alias(name)}`).join(", "));
  const scopeField = def.scopeField ? visible.find((f) => f.name === def.scopeField) : undefined;
  const scopeColumn = communityScoped ? "community_id" : def.table === "communities" ? "id" : scopeField ? scopeField.column : null;
  return { def, table: ident(def.table), communityScoped, scopeColumn, scopeKeepsNone: !!scopeField, visible, writable, filterable, searchable, sortable, refLabels, selectList };
}

/**
 * `(select r."name" from "areas" r where ...) as "areaIdLabel"` over an outer alias p with camelCase
 * columns. A label of a community's row is read only inside the referring row's community: an answer
 * never names a row of another community (its caller may not read it), whatever was stored before
 * the database refused such references. Null when the resource has no references.
 */
export function refLabelColumns(model: ResourceModel, outer = "p"): Sql | null {
  if (!model.refLabels.length) return null;
  const columns = model.refLabels.map((l) => {
    const value = l.fallbackColumn ? `coalesce(nullif(r.${ident(l.column)}, ''), r.${ident(l.fallbackColumn)})` : `r.${ident(l.column)}`;
    const community = l.sameCommunity ? ` and r.community_id = ${outer}."communityId"` : "";
    return raw(`(select ${value} from ${ident(l.table)} r where r.tenant_id = ${outer}."tenantId" and r.id = ${outer}.${alias(l.field.name)}${community}) as ${alias(l.name)}`);
  });
  return join(columns, ", ");
}

/** The rows of a limited user's communities (null: no condition, the session is unlimited or the resource tenant-wide). */
export function scopeCondition(model: ResourceModel, communityIds: readonly number[] | null, tableAlias = ""): Sql | null {
  if (!model.scopeColumn || communityIds === null) return null;
  const column = raw(`${tableAlias}${ident(model.scopeColumn)}`);
  const inScope = anyOf(column, communityIds);
  return model.scopeKeepsNone ? sql`(${column} is null or ${inScope})` : inScope;
}
