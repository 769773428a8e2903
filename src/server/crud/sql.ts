// Small SQL helpers of the generic CRUD: quoted identifiers (written into sql`…` statements as
// raw(ident(...))).

export const ident = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe identifier: ${name}`);
  return `"${name}"`;
};

/** Alias for a camelCase output name ("areaId" -> "areaId" quoted). */
export const alias = (name: string): string => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`unsafe alias: ${name}`);
  return `"${name}"`;
};
