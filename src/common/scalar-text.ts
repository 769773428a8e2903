// Values typed `unknown` (request bodies, database cells, form state) printed as text in one place.
// null and undefined read as "" (every caller treats them as empty); anything else prints exactly as
// String() would, so a Date, a bigint or a dayjs keeps its own text.

/** A value as text: "" for null/undefined, strings as they are, everything else via its own toString. */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  return (value as { toString(): string }).toString();
}
