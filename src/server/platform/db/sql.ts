// One way to write SQL: the sql`…` tag (sql-template-tag) keeps text and values together, so a
// value is always a parameter, fragments nest (their placeholders renumbered by the tag, never by
// string editing) and the same query always has the same text (named prepared statements stay few).
// db.query and camelRows take such a statement as well as (text, params).
//   sql`select … where tenant_id = ${t} ${when(q.no, () => sql`and room_no ilike ${likeContains(q.no)} escape '\\'`)}`
import sql, { empty, join, raw, Sql } from "sql-template-tag";

export { sql, empty, join, raw, Sql };

/** For ILIKE … ESCAPE '\': the user's text matches literally, % and _ included. */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `expr ilike '%text%' escape '\'`, the text matched literally. */
export const ilikeContains = (expr: Sql, text: string): Sql => sql`${expr} ilike ${likeContains(text)} escape '\\'`;

/** A fragment only when the condition holds (a function is called only then). */
export const when = (condition: unknown, fragment: Sql | (() => Sql)): Sql => (condition ? (typeof fragment === "function" ? fragment() : fragment) : empty);

/** `expr = any($n::type[])`: an IN list as one array parameter, the same text whatever its length. */
export const anyOf = (expr: Sql, values: readonly (number | string)[], type: "bigint" | "int" | "text" = "bigint"): Sql => sql`${expr} = any(${values}::${raw(type)}[])`;

/** Conditions joined by `and`; `true` when there are none. */
export const allOf = (conditions: readonly Sql[]): Sql => (conditions.length ? join(conditions, " and ") : sql`true`);

/** A statement rendered as text and values: the tag's own, or sharing()'s (its Shared values passed once). */
export interface Statement {
  readonly text: string;
  readonly values: unknown[];
}

/** A statement as text and values, from any form db.query takes. */
export function statementOf(statement: string | Statement, params: unknown[] = []): Statement {
  return typeof statement === "string" ? { text: statement, values: params } : { text: statement.text, values: statement.values };
}

/**
 * A value a statement passes once however many of its fragments use it (one `$n`, written at each
 * use). The tag gives every use a parameter of its own: a fragment used twice (the generic list's
 * conditions, for the count and the page) or a large array (bill generation's up to 50 000 room ids)
 * would then travel once per use.
 */
export class Shared {
  constructor(readonly value: unknown) {}
}

/** The fragment with each of its values Shared (every use of the fragment then refers to the same parameters). */
export function sharedValues(fragment: Sql): Sql {
  const values = fragment.values.map((v) => (v instanceof Shared ? v : new Shared(v)));
  return new Sql(fragment.strings, values);
}

/**
 * A statement of the tag as text and values for db.query, as the tag numbers it except that each
 * Shared value is numbered at its first use and referred to by that number after: the placeholders
 * come in the statement's order, so the text depends on its shape alone.
 */
export function sharing(statement: Sql): Statement {
  const values: unknown[] = [];
  const numbers = new Map<Shared, number>();
  let text = statement.strings[0];
  statement.values.forEach((value, i) => {
    let n = value instanceof Shared ? numbers.get(value) : undefined;
    if (n === undefined) {
      n = values.push(value instanceof Shared ? value.value : value);
      if (value instanceof Shared) numbers.set(value, n);
    }
    // The one rendering besides the tag's own (kept for Shared values; tests/unit/server/sql.one-style.spec.ts allows this line).
    text += `$${n}${statement.strings[i + 1]}`;
  });
  return { text, values };
}
