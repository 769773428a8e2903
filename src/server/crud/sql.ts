// Small SQL helpers of the generic CRUD: quoted identifiers (written into sql`…` statements as
// raw(ident(...))) and ids.

export const ident = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe identifier: ${name}`);
  return `"${name}"`;
};

/** Alias for a camelCase output name ("areaId" -> "areaId" quoted). */
export const alias = (name: string): string => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`unsafe alias: ${name}`);
  return `"${name}"`;
};

/** Ids as they come in JSON or a path: positive integers that fit a bigint (and a JS number). */
export function parseId(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}
