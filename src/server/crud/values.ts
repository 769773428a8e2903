// Field values between the API and the database: money travels as yuan text ("12.50") and is stored
// as integer fen; decimals as exact text; json as JSON; dates as "YYYY-MM-DD"; datetimes as ISO text.
import type { FieldDef } from "../../../generated/model-types.ts";
import { fenToYuan, yuanToFen } from "../../common/money.ts";
import { validationError } from "../platform/http/envelope.ts";
import { messages } from "../../../generated/errors.ts";
import type { ResourceModel } from "./model.ts";
import type { ResourceRow } from "./row.ts";
import { scalarText } from "../../common/scalar-text.ts";
import { sql, type Sql } from "../platform/db/sql.ts";

/** A field's value as its column's SQL parameter: integers and fen as numbers, decimals, dates and json as text. */
export type ColumnParam = string | number | boolean | null;

/** A client value as the SQL parameter for the field's column (validated before). */
export function toColumnValue(field: FieldDef, value: unknown): ColumnParam {
  if (value === null || value === "") return null;
  switch (field.type) {
    case "integer":
    case "ref":
      return typeof value === "number" ? value : Number(scalarText(value).trim());
    case "decimal":
      return scalarText(value).trim();
    case "money":
      try {
        return yuanToFen(typeof value === "number" ? value : scalarText(value));
      } catch {
        throw validationError([{ field: field.name, message: messages.moneyInvalid }]);
      }
    case "boolean":
      return value === true || value === "true" || value === 1 || value === "1";
    case "json":
      return JSON.stringify(value);
    default:
      return typeof value === "string" ? value : scalarText(value);
  }
}

/** A column's value as a parameter with the cast the column needs (json as jsonb; no field: the bare parameter). */
export const castFor = (field: FieldDef | undefined, value: unknown): Sql => (field?.type === "json" ? sql`${value}::jsonb` : sql`${value}`);

/** A database row (camelCase aliases) as the API shows it. */
export function fromRow(model: ResourceModel, row: ResourceRow): ResourceRow {
  for (const f of model.visible) {
    const v = row[f.name];
    if (v == null) continue;
    if (f.type === "money") row[f.name] = fenToYuan(v as number | string);
    else if (f.type === "decimal") row[f.name] = scalarText(v);
  }
  return row;
}
