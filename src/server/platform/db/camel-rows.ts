// Rows keyed as the API names things. The schema's columns are the snake_case of its camelCase field
// names (codegen: column = snake(name)), so handlers write plain SQL with snake_case columns and
// expressions named in snake_case, and get each row keyed in camelCase, converted here once per query
// (the key list is worked out from the first row), instead of a hand-written camelCase alias per
// column. The generic CRUD list keeps its select list from the schema (crud/model.ts): no work per row.
import type { DbSession } from "./types.ts";
import type { Statement } from "./sql.ts";
import type { DbRow } from "./row.ts";

const camelKey = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Rows of `sql` with snake_case keys turned to camelCase, typed as the caller declares them (the select list decides the shape). */
export async function camelRows<T extends object>(db: DbSession, sql: string | Statement, params?: unknown[]): Promise<T[]> {
  const { rows } = await db.query(sql, params);
  if (!rows.length) return [];
  const keys = Object.keys(rows[0]);
  const names = keys.map(camelKey);
  if (names.every((name, i) => name === keys[i])) return rows as object[] as T[];
  return rows.map((row) => {
    const out: DbRow = {};
    for (let i = 0; i < keys.length; i++) out[names[i]] = row[keys[i]];
    return out as T;
  });
}
