// The shapes values take between the database, the API and the generic layers.

/** A value as JSON carries it: a request body's part, a jsonb column, a field as the API shows it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

/** A JSON object: a request body, a query string's keys, a jsonb object. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/**
 * A column's value as both drivers give it (db/parsers.ts): bigint ids and integers as numbers,
 * numeric, date and timestamps as text, json / jsonb parsed, arrays as arrays, bytea as bytes.
 */
export type ColumnValue = JsonValue | Uint8Array;

/** A result row keyed by the select list's names, when the caller declares no shape of its own. */
export interface DbRow {
  [column: string]: ColumnValue;
}
