// Set-wise writes of the Excel import (importers.ts): many rows of one resource in one INSERT over
// array parameters (`unnest`), so a chunk of a thousand rows costs one round trip instead of a
// thousand. With `skipTaken`, a row whose unique key a stored row holds is left out (ON CONFLICT DO
// NOTHING: the unique index itself decides, as it would for a single INSERT) and the rows written
// are returned.
// What a row holds is written as insertRow (crud/insert.ts) writes it: the writable fields given
// (API values through toColumnValue), tenant, community and created_by from the session; a field
// left out gets its column's default (rows are grouped by the fields they give).
import type { FieldDef } from "../../../generated/model-types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { ResourceModel } from "../crud/model.ts";
import { alias, ident } from "../crud/sql.ts";
import { join, raw, sql, type Sql } from "../platform/db/sql.ts";
import { toColumnValue } from "../crud/values.ts";
import type { ResourceInput } from "../crud/row.ts";
import type { ColumnValue } from "../platform/db/row.ts";

/** The element type of a field's column for an array parameter (json travels as text, cast after). */
export function elementType(f: FieldDef): string {
  switch (f.type) {
    case "integer":
      return "integer";
    case "ref":
    case "money":
      return "bigint";
    case "decimal":
      return "numeric";
    case "boolean":
      return "boolean";
    case "date":
      return "date";
    case "datetime":
      return "timestamptz";
    default:
      return "text";
  }
}

/** The row's community as a key part (`unique: [[communityId, name]]`). */
const COMMUNITY = { name: "communityId", column: "community_id", type: "ref" } as FieldDef;

const fieldsOf = (model: ResourceModel, names: string[]): FieldDef[] =>
  names.map((n) => {
    const f = model.def.fields.find((x) => x.name === n) ?? (n === "communityId" && model.communityScoped ? COMMUNITY : undefined);
    if (!f) throw new Error(`${model.def.name} has no field ${n}`);
    return f;
  });

/**
 * Inserts rows (API-shaped values, validated before) into the model's table in as few statements as
 * the rows' shapes allow. Returns, for every inserted row, its id and the `returning` fields (as
 * stored), in no particular order. With skipTaken, rows a unique index refuses are left out (and
 * not returned); without it such a row makes the statement fail.
 */
/** A row insertMany wrote: its id and the `returning` fields by API name, as the database gives them (money in fen). */
export interface InsertedRow {
  id: number;
  [field: string]: ColumnValue;
}

export async function insertMany(
  tx: DbSession,
  model: ResourceModel,
  session: SessionInfo,
  rows: ResourceInput[],
  communityId: number | null,
  options: { returning?: string[]; skipTaken?: boolean } = {},
): Promise<InsertedRow[]> {
  const groups = new Map<string, { fields: FieldDef[]; rows: ResourceInput[] }>();
  for (const row of rows) {
    const fields = [...model.writable.values()].filter((f) => row[f.name] !== undefined);
    const signature = fields.map((f) => f.name).join(",");
    let group = groups.get(signature);
    if (!group) groups.set(signature, (group = { fields, rows: [] }));
    group.rows.push(row);
  }
  const back = fieldsOf(model, options.returning ?? []);
  const out: InsertedRow[] = [];
  for (const { fields, rows: group } of groups.values()) {
    const names = ["tenant_id", "created_by", "updated_by"];
    const select = [sql`${session.tenantId}::bigint`, sql`${session.userId}::bigint`, sql`${session.userId}::bigint`];
    if (model.communityScoped) {
      names.push("community_id");
      select.push(sql`${communityId}::bigint`);
    }
    const arrays: Sql[] = [];
    fields.forEach((f, i) => {
      arrays.push(sql`${group.map((r) => toColumnValue(f, r[f.name]))}::${raw(elementType(f))}[]`);
      names.push(f.column);
      select.push(raw(f.type === "json" ? `u.c${i}::jsonb` : `u.c${i}`));
    });
    // The row count is a parameter too: the text depends on the fields given, not on the chunk's size.
    const from = fields.length ? sql` from unnest(${join(arrays, ", ")}) as u(${raw(fields.map((_, i) => `c${i}`).join(", "))})` : sql` from generate_series(1, ${group.length}::int)`;
    const { rows: made } = await tx.query<InsertedRow>(
      sql`insert into ${raw(model.table)} (${raw(names.map(ident).join(", "))}) select ${join(select, ", ")}${from}${raw(options.skipTaken ? " on conflict do nothing" : "")}
       returning id${raw(back.map((f) => `, ${ident(f.column)} as ${alias(f.name)}`).join(""))}`,
    );
    out.push(...made);
  }
  return out;
}
