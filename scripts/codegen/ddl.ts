// SQL for the server's tables, in one PostgreSQL dialect (PGlite and PostgreSQL alike).
// Every table carries tenant_id (the distribution column for sharded PostgreSQL), and community-
// scoped ones community_id. The primary key and every foreign key include tenant_id, so the
// database itself refuses a reference to another tenant's row.
//
// Migrations: the current shape is kept as a snapshot beside the migration files. A schema change
// adds a new numbered migration with the additive difference; a destructive change (dropping or
// retyping a column, dropping a table) stops codegen and asks for a hand-written migration.
import type { FieldDef, ResourceDef } from "./model-types.ts";
import type { Model } from "./model.ts";
import { SchemaError } from "./load.ts";

export interface TableShape {
  columns: Record<string, string>; // column -> "type [not null] [default ...]"
  primaryKey: string[];
  indexes: Record<string, string>; // name -> CREATE INDEX statement
  foreignKeys: Record<string, string>; // name -> ALTER TABLE ... ADD CONSTRAINT statement
  /** Checks run once per statement (childTriggers, parentTrigger, scopeTriggers): name -> SQL creating them. */
  triggers?: Record<string, string>;
  /** Storage parameters (`updatedInBulk`: "fillfactor = 45"). */
  storage?: string;
}
export type Snapshot = Record<string, TableShape>;

const q = (id: string) => `"${id}"`;

function sqlLiteral(v: unknown): string {
  if (typeof v === "number") return String(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  return `'${String(v).replace(/'/g, "''")}'`;
}

function columnType(f: FieldDef): string {
  switch (f.type) {
    case "string":
      return `varchar(${f.maxLength ?? 255})`;
    case "text":
    case "image":
    case "secret":
      return "text";
    case "integer":
      return "integer";
    case "decimal":
      return `numeric(${(f.precision ?? [12, 2]).join(",")})`;
    case "money":
      return "bigint"; // integer fen (分); never floating point
    case "boolean":
      return "boolean";
    case "date":
      return "date";
    case "datetime":
      return "timestamptz";
    case "ref":
      return "bigint";
    case "json":
      return "jsonb";
  }
}

function columnDefault(f: FieldDef): string {
  if (f.default === undefined) return "";
  if (f.type === "money") return ` default ${Math.round(Number(f.default) * 100)}`;
  if (f.type === "json") return ` default ${sqlLiteral(JSON.stringify(f.default))}::jsonb`;
  return ` default ${sqlLiteral(f.default)}`;
}

/**
 * A filter on a field of a few values (a mapping's codes, a boolean) matches a large share of a
 * tenant's rows, so an index of its own is never the planner's way in: the list's tenant or
 * community index narrows the rows first and the value is checked on them.
 */
const fewValues = (f: FieldDef) => f.type === "boolean" || f.mapping !== undefined;

/**
 * A reference to the user who did something (approver, issuer, operator …), neither a filter nor a
 * sort: no query looks rows up by it. Its index would only speed up deleting a user (the foreign
 * key's check), a rare step that fails anyway when the user is referenced, while every row written
 * pays for one more index entry.
 */
const isWhoColumn = (f: FieldDef) => f.type === "ref" && f.ref?.resource === "users" && !f.filter && !f.sort;

/**
 * The CREATE INDEX statements, named after their columns. A non-unique index whose columns are
 * those of another index, of a unique key or of the primary key (tenant_id, id), or their leading
 * part, is left out: the longer one serves its every query, and each index costs every write.
 */
function indexStatements(table: string, wanted: { cols: string[]; unique: boolean }[]): Record<string, string> {
  const covers = (longer: string[], shorter: string[]) => longer.length >= shorter.length && shorter.every((c, i) => longer[i] === c);
  const all = [{ cols: ["tenant_id", "id"], unique: true }, ...wanted];
  const indexes: Record<string, string> = {};
  all.forEach((w, i) => {
    if (i === 0) return; // the primary key, declared with the table
    // Of two equal non-unique lists the first is kept.
    const covered = all.some((o, j) => j !== i && covers(o.cols, w.cols) && (o.unique || o.cols.length > w.cols.length || j < i));
    if (!w.unique && covered) return;
    const name = `${table}_${w.cols.filter((c) => c !== "tenant_id").join("_") || "tenant"}_${w.unique ? "uq" : "idx"}`.slice(0, 63);
    indexes[name] = `create ${w.unique ? "unique " : ""}index if not exists ${q(name)} on ${q(table)} (${w.cols.map(q).join(", ")})`;
  });
  return indexes;
}

/** A reference of a table: its column, the parent table and the name of its foreign key. */
interface Reference {
  table: string;
  column: string;
  parent: string;
  name: string;
}

function referencesOf(model: Model, r: ResourceDef): Reference[] {
  const ref = (column: string, parent: string): Reference => ({ table: r.table, column, parent, name: `${r.table}_${column}_fk`.slice(0, 63) });
  const refs = r.scope === "community" ? [ref("community_id", "communities")] : [];
  for (const f of r.fields) {
    if (f.type === "ref" && f.ref) refs.push(ref(f.column, model.resources.find((x) => x.name === f.ref!.resource)!.table));
  }
  return refs;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * `referenceChecks: statement` (a table written thousands of rows at a time: bills, payments…).
 * A foreign key checks and locks the parent row once per row written, a query each: most of the cost
 * of a bulk insert. These triggers do the same once per statement, over the statement's rows
 * (transition tables): each distinct parent locked FOR KEY SHARE, as a foreign key locks it, and the
 * statement fails with the foreign key's error (SQLSTATE 23503, its constraint name, the table) when
 * one is missing; an update checks only the references it changed. The lock keeps a parent from
 * being deleted until the writer commits; the parent's delete trigger (parentTrigger) then sees the
 * new rows. Every transaction runs at READ COMMITTED, where each of these queries takes a new
 * snapshot, as a foreign key's own check does.
 *
 * The references in `scoped` are also checked for community scope (scopeTriggers) in the same pass:
 * the parent's community is read where it is locked, one lookup per reference instead of two. The
 * errors come in the order the two separate triggers gave them: every missing parent first, in
 * reference order, then the first reference outside the row's community.
 */
function childTriggers(table: string, refs: Reference[], scoped: Reference[]): string {
  const inScope = (ref: Reference) => scoped.some((s) => s.column === ref.column);
  const outsideVar = (ref: Reference) => `outside_${refs.findIndex((r) => r.column === ref.column)}`;
  const check = (ref: Reference, rows: string) => {
    const c = q(ref.column);
    const message = `insert or update on table "${table}" violates foreign key constraint "${ref.name}"`;
    const scope = inScope(ref);
    return `  with k as (select distinct r.tenant_id, r.${c} as id${scope ? ", r.community_id" : ""} from ${rows} where r.${c} is not null),
       l as (select ${scope ? "p.community_id is distinct from k.community_id as outside" : "1"} from ${q(ref.parent)} p join k on p.tenant_id = k.tenant_id and p.id = k.id for key share of p)
  select (select count(*) from k) - (select count(*) from l)${scope ? ", (select count(*) from l where outside)" : ""} into missing${scope ? `, ${outsideVar(ref)}` : ""};
  if missing > 0 then
    raise foreign_key_violation using message = ${literal(message)}, constraint = ${literal(ref.name)}, table = ${literal(table)};
  end if;`;
  };
  const scopeErrors = scoped.map(
    (ref) => `  if ${outsideVar(ref)} > 0 then
${scopeViolation(table, ref)}
  end if;`,
  );
  const vars = ["missing bigint", ...scoped.map((ref) => `${outsideVar(ref)} bigint := 0`)];
  return statementTriggers(table, "refs", vars, refs, check, scopeErrors);
}

/**
 * An after-insert and an after-update trigger per statement on the table, `<table>_<kind>_insert` /
 * `_update`, whose function runs `check` for each reference over the statement's rows: on insert all
 * new rows, on update only those whose reference changed. The update's function first finds, in one
 * pass over the old and new rows, which references the statement changed at all, and checks only
 * those: an update of other columns (a batch's status, a bill marked paid) costs one join, not one
 * per reference.
 */
function statementTriggers(table: string, kind: string, vars: string[], refs: Reference[], check: (ref: Reference, rows: string) => string, after: string[] = []): string {
  const changed = (c: string) => `new_rows r join old_rows o on o.tenant_id = r.tenant_id and o.id = r.id and o.${c} is distinct from r.${c}`;
  const fn = (event: "insert" | "update", declared: string[], body: string[]) => {
    const name = q(`${table}_${kind}_${event}`);
    const transition = event === "insert" ? "new table as new_rows" : "old table as old_rows new table as new_rows";
    return [
      `create or replace function ${name}() returns trigger language plpgsql as $fn$
${declared.length ? `declare ${declared.map((v) => `${v};`).join(" ")}\n` : ""}begin
${body.join("\n")}
  return null;
end $fn$;`,
      `drop trigger if exists ${name} on ${q(table)};`,
      `create trigger ${name} after ${event} on ${q(table)} referencing ${transition} for each statement execute function ${name}();`,
    ].join("\n");
  };
  const flags = refs.map((_, i) => `changed_${i}`);
  const which = refs.length
    ? [
        `  select ${refs.map((ref) => `coalesce(bool_or(o.${q(ref.column)} is distinct from r.${q(ref.column)}), false)`).join(", ")}
    into ${flags.join(", ")} from new_rows r join old_rows o on o.tenant_id = r.tenant_id and o.id = r.id;`,
      ]
    : [];
  return [
    fn("insert", vars, [...refs.map((ref) => check(ref, "new_rows r")), ...after]),
    fn("update", [...vars, ...flags.map((f) => `${f} boolean`)], [...which, ...refs.map((ref, i) => `  if ${flags[i]} then\n${check(ref, changed(q(ref.column)))}\n  end if;`), ...after]),
  ].join("\n");
}

/** The suffix of a community reference check's name (`<table>_<column>_scope`; http/db-errors.ts reads it). */
const SCOPE_CHECK_SUFFIX = "_scope";

/**
 * Community scope of references (one rule for every write path: the generic CRUD, actions, imports,
 * device ingest and every hand-written statement): a row of a community-scoped table may only
 * reference a row of another community-scoped table inside its own community. Checked once per
 * statement over its rows (transition tables), like the statement reference checks above; an
 * update checks only the references it changed (community_id is never written after the insert).
 * A violation fails the statement with SQLSTATE 23503 and the constraint `<table>_<column>_scope`,
 * which the server answers with 该<target>不属于所选<scene>.
 */
function scopeTriggers(table: string, refs: Reference[]): string {
  const check = (
    ref: Reference,
    rows: string,
  ) => `  if exists (select 1 from ${rows} join ${q(ref.parent)} p on p.tenant_id = r.tenant_id and p.id = r.${q(ref.column)} where p.community_id is distinct from r.community_id) then
${scopeViolation(table, ref)}
  end if;`;
  return statementTriggers(table, "scope", [], refs, check);
}

/** The error of a reference to a row outside the row's community. */
function scopeViolation(table: string, ref: Reference): string {
  const name = `${table}_${ref.column}${SCOPE_CHECK_SUFFIX}`.slice(0, 63);
  const message = `insert or update on table "${table}" violates community scope "${name}"`;
  return `    raise foreign_key_violation using message = ${literal(message)}, constraint = ${literal(name)}, table = ${literal(table)};`;
}

/** The references of a community-scoped resource to rows of community-scoped resources: each must stay inside the row's community. */
function communityScopedReferences(model: Model, r: ResourceDef): Reference[] {
  if (r.scope !== "community") return [];
  return referencesOf(model, r).filter((ref) => ref.column !== "community_id" && model.resources.some((x) => x.table === ref.parent && x.scope === "community"));
}

/** The parent's side: a statement deleting rows that a statement-checked table still references fails as a foreign key would. */
function parentTrigger(parent: string, refs: Reference[]): string {
  const name = q(`${parent}_referenced_delete`);
  const checks = refs.map((ref) => {
    const message = `update or delete on table "${parent}" violates foreign key constraint "${ref.name}" on table "${ref.table}"`;
    const detail = `Key is still referenced from table "${ref.table}".`;
    return `  if exists (select 1 from old_rows o join ${q(ref.table)} c on c.tenant_id = o.tenant_id and c.${q(ref.column)} = o.id) then
    raise foreign_key_violation using message = ${literal(message)}, detail = ${literal(detail)}, constraint = ${literal(ref.name)}, table = ${literal(ref.table)};
  end if;`;
  });
  return [
    `create or replace function ${name}() returns trigger language plpgsql as $fn$
begin
${checks.join("\n")}
  return null;
end $fn$;`,
    `drop trigger if exists ${name} on ${q(parent)};`,
    `create trigger ${name} after delete on ${q(parent)} referencing old table as old_rows for each statement execute function ${name}();`,
  ].join("\n");
}

/** A composed field's parts as SQL over the row `new` (a ref part: its row's label), with the parents renaming them. */
function composedParts(model: Model, r: ResourceDef, f: FieldDef): { parts: string[]; parents: { table: string; labelColumn: string; refColumn: string }[] } {
  const parts: string[] = [];
  const parents: { table: string; labelColumn: string; refColumn: string }[] = [];
  for (const name of f.composedOf ?? []) {
    const part = r.fields.find((x) => x.name === name)!;
    if (part.type !== "ref" || !part.ref) {
      parts.push(`new.${q(part.column)}::text`);
      continue;
    }
    const target = model.resources.find((x) => x.name === part.ref!.resource)!;
    const label = target.fields.find((x) => x.name === part.ref!.labelField)?.column ?? "id";
    parts.push(`(select p.${q(label)}::text from ${q(target.table)} p where p.tenant_id = new.tenant_id and p.id = new.${q(part.column)})`);
    parents.push({ table: target.table, labelColumn: label, refColumn: part.column });
  }
  return { parts, parents };
}

/**
 * `composedOf` (a room's full name 楼栋-单元-房号): the row's own trigger composes the value whenever a
 * part changes (or the value is set, which is how a renamed parent asks for it again); existing rows
 * are composed when the trigger is first made.
 */
function composedTrigger(model: Model, r: ResourceDef, f: FieldDef): string {
  const name = q(`${r.table}_${f.column}_composed`);
  const { parts } = composedParts(model, r, f);
  const columns = [...(f.composedOf ?? []).map((n) => r.fields.find((x) => x.name === n)!.column), f.column].map(q).join(", ");
  return [
    `create or replace function ${name}() returns trigger language plpgsql as $fn$
begin
  new.${q(f.column)} := concat_ws('-', ${parts.join(", ")});
  return new;
end $fn$;`,
    `drop trigger if exists ${name} on ${q(r.table)};`,
    `create trigger ${name} before insert or update of ${columns} on ${q(r.table)} for each row execute function ${name}();`,
    `update ${q(r.table)} set ${q(f.column)} = null where ${q(f.column)} is null;`,
  ].join("\n");
}

/** A parent's side of a composed field: renaming the parent composes its children's values again. */
function composedParentTrigger(child: ResourceDef, f: FieldDef, parent: { table: string; labelColumn: string; refColumn: string }): string {
  const name = q(`${parent.table}_renames_${child.table}_${f.column}`.slice(0, 63));
  const label = q(parent.labelColumn);
  return [
    `create or replace function ${name}() returns trigger language plpgsql as $fn$
begin
  update ${q(child.table)} c set ${q(f.column)} = null where c.tenant_id = new.tenant_id and c.${q(parent.refColumn)} = new.id;
  return null;
end $fn$;`,
    `drop trigger if exists ${name} on ${q(parent.table)};`,
    `create trigger ${name} after update of ${label} on ${q(parent.table)} for each row when (old.${label} is distinct from new.${label}) execute function ${name}();`,
  ].join("\n");
}

export function tableShape(model: Model, r: ResourceDef): TableShape {
  const t = r.table;
  const columns: Record<string, string> = {
    // Ids start at 1000: id 1 is the virtual area-tree root 全部区域 (spec §4 "fallback area 1").
    id: "bigint generated by default as identity (start with 1000)",
    tenant_id: "bigint not null",
  };
  if (r.scope === "community") columns.community_id = "bigint not null";
  for (const f of r.fields) {
    // A scope field holds a community's id: bigint like the id it names (no foreign key, see module.schema.yaml).
    const type = f.name === r.scopeField ? "bigint" : columnType(f);
    columns[f.column] = `${type}${f.required && f.type !== "secret" ? " not null" : ""}${columnDefault(f)}`;
  }
  Object.assign(columns, {
    version: "integer not null default 1",
    created_at: "timestamptz not null default now()",
    updated_at: "timestamptz not null default now()",
    created_by: "bigint",
    updated_by: "bigint",
  });
  const scopeCols = r.scope === "community" ? ["tenant_id", "community_id"] : ["tenant_id"];
  const wanted: { cols: string[]; unique: boolean }[] = [];
  const index = (cols: string[], unique = false) => wanted.push({ cols, unique });
  // A community's rows in id order, when that is how its list is ordered. A list ordered by another
  // column has that column's index (scope, column, id) instead, which serves every community filter
  // and count as well; no page orders such a list by id, and each index costs every row written.
  if (r.scope !== "community" || r.defaultSort.field === "id") index([...scopeCols, "id"]);
  const byName = new Map(r.fields.map((f) => [f.name, f]));
  const col = (name: string) => byName.get(name)?.column ?? (name === "communityId" ? "community_id" : name === "createdAt" ? "created_at" : name === "updatedAt" ? "updated_at" : name);
  // `updatedInBulk` (bills' status, set on a whole batch at approval): an update that changes no
  // indexed column, with room for the new row version on its page, writes no index (a heap-only
  // update), however many indexes the table has. A sort on such a field sorts the rows its filters
  // found.
  const bulk = new Set(r.updatedInBulk);
  for (const f of r.fields) {
    if (bulk.has(f.name)) continue;
    if (f.sort) index([...scopeCols, f.column, "id"]);
    else if ((f.filter && !fewValues(f)) || (f.type === "ref" && !isWhoColumn(f))) index(["tenant_id", f.column]);
  }
  if (r.defaultSort.field !== "id") index([...scopeCols, col(r.defaultSort.field), "id"]);
  for (const u of r.unique) index(["tenant_id", ...u.map(col)], true);
  const indexes = indexStatements(t, wanted);

  const foreignKeys: Record<string, string> = {};
  const refs = referencesOf(model, r);
  if (r.referenceChecks !== "statement") {
    for (const ref of refs) {
      foreignKeys[ref.name] = `alter table ${q(t)} add constraint ${q(ref.name)} foreign key (${q("tenant_id")}, ${q(ref.column)}) references ${q(ref.parent)} (${q("tenant_id")}, ${q("id")})`;
    }
  }
  const scoped = communityScopedReferences(model, r);
  const triggers: Record<string, string> = {};
  // A table checked per statement checks the scope in the same pass; any other, by triggers of their own.
  if (r.referenceChecks === "statement") triggers[`${t}_refs`] = childTriggers(t, refs, scoped);
  else if (scoped.length) triggers[`${t}_scope`] = scopeTriggers(t, scoped);
  for (const f of r.fields) if (f.composedOf) triggers[`${t}_${f.column}_composed`] = composedTrigger(model, r, f);
  // Over half of each page free: a batch updates every row of its pages, each new version (wider: its
  // paid time and approver set) beside the old.
  const storage = bulk.size ? "fillfactor = 45" : undefined;
  return { columns, primaryKey: ["tenant_id", "id"], indexes, foreignKeys, ...(Object.keys(triggers).length ? { triggers } : {}), ...(storage ? { storage } : {}) };
}

export function snapshotOf(model: Model): Snapshot {
  const snap: Snapshot = {};
  const sorted = [...model.resources].sort((a, b) => a.table.localeCompare(b.table));
  for (const r of sorted) snap[r.table] = tableShape(model, r);
  // The parents' side of the references checked per statement: a delete of a row still referenced fails.
  const byParent = new Map<string, Reference[]>();
  for (const r of sorted) {
    if (r.referenceChecks !== "statement") continue;
    for (const ref of referencesOf(model, r)) byParent.set(ref.parent, [...(byParent.get(ref.parent) ?? []), ref]);
  }
  for (const [parent, refs] of [...byParent].sort(([a], [b]) => a.localeCompare(b))) {
    snap[parent].triggers = { ...snap[parent].triggers, [`${parent}_referenced`]: parentTrigger(parent, refs) };
  }
  for (const r of sorted) {
    for (const f of r.fields) {
      for (const parent of f.composedOf ? composedParts(model, r, f).parents : []) {
        const key = `${parent.table}_renames_${r.table}_${f.column}`;
        snap[parent.table].triggers = { ...snap[parent.table].triggers, [key]: composedParentTrigger(r, f, parent) };
      }
    }
  }
  return snap;
}

function createTable(name: string, t: TableShape): string {
  const cols = Object.entries(t.columns).map(([c, d]) => `  ${q(c)} ${d}`);
  cols.push(`  primary key (${t.primaryKey.map(q).join(", ")})`);
  return `create table if not exists ${q(name)} (\n${cols.join(",\n")}\n)${t.storage ? ` with (${t.storage})` : ""};`;
}

/** Full DDL of the current shape (for reading, and for a brand-new database). */
export function fullDdl(snap: Snapshot): string {
  const out: string[] = [];
  for (const [name, t] of Object.entries(snap)) {
    out.push(createTable(name, t));
    for (const ix of Object.values(t.indexes)) out.push(`${ix};`);
  }
  for (const t of Object.values(snap)) for (const f of Object.values(t.foreignKeys)) out.push(`${f};`);
  for (const t of Object.values(snap)) for (const sql of Object.values(t.triggers ?? {})) out.push(sql);
  return out.join("\n") + "\n";
}

/** Additive SQL from one snapshot to the next, or the destructive changes that stop codegen. */
export function diffSnapshots(before: Snapshot, after: Snapshot): { sql: string; destructive: string[] } {
  const out: string[] = [];
  const fks: string[] = [];
  const triggers: string[] = [];
  const dropped: string[] = [];
  const destructive: string[] = [];
  for (const name of Object.keys(before)) if (!after[name]) destructive.push(`table ${name} would be dropped`);
  for (const [name, t] of Object.entries(after)) {
    const old = before[name];
    if (!old) {
      out.push(createTable(name, t));
      for (const ix of Object.values(t.indexes)) out.push(`${ix};`);
      fks.push(...Object.values(t.foreignKeys).map((f) => `${f};`));
      triggers.push(...Object.values(t.triggers ?? {}));
      continue;
    }
    for (const c of Object.keys(old.columns)) if (!(c in t.columns)) destructive.push(`column ${name}.${c} would be dropped`);
    for (const [c, d] of Object.entries(t.columns)) {
      if (!(c in old.columns)) {
        // A new not-null column without a default cannot be added to a table with rows.
        const def = / not null/.test(d) && !/ default /.test(d) ? d.replace(" not null", "") : d;
        out.push(`alter table ${q(name)} add column if not exists ${q(c)} ${def};`);
      } else if (old.columns[c] !== d) {
        const typeOf = (s: string) => s.split(" ")[0];
        if (typeOf(old.columns[c]) !== typeOf(d)) destructive.push(`column ${name}.${c} would change type from ${old.columns[c]} to ${d}`);
        else out.push(...alterColumn(name, c, old.columns[c], d));
      }
    }
    for (const [ix, sql] of Object.entries(t.indexes)) if (!old.indexes[ix]) out.push(`${sql};`);
    for (const ix of Object.keys(old.indexes)) if (!t.indexes[ix]) out.push(`drop index if exists ${q(ix)};`);
    // New pages only: rows already written move when they are next updated.
    if (t.storage !== old.storage) out.push(t.storage ? `alter table ${q(name)} set (${t.storage});` : `alter table ${q(name)} reset (fillfactor);`);
    for (const [f, sql] of Object.entries(t.foreignKeys)) if (!old.foreignKeys[f]) fks.push(`${sql};`);
    for (const f of Object.keys(old.foreignKeys)) if (!t.foreignKeys[f]) out.push(`alter table ${q(name)} drop constraint if exists ${q(f)};`);
    // Each trigger's SQL replaces its functions and triggers, so a changed one is simply run again.
    for (const [k, sql] of Object.entries(t.triggers ?? {})) if (old.triggers?.[k] !== sql) triggers.push(sql);
    for (const k of Object.keys(old.triggers ?? {})) {
      if (t.triggers?.[k]) continue;
      // Checks whose every error another trigger of the table now raises (folded into it) are dropped; any other loss is refused.
      if (stillChecked(old.triggers![k], Object.values(t.triggers ?? {}))) dropped.push(dropTriggerSql(old.triggers![k]));
      else destructive.push(`the reference checks ${k} of ${name} would be dropped`);
    }
  }
  const all = [...out, ...fks, ...dropped, ...triggers];
  return { sql: all.join("\n") + (all.length ? "\n" : ""), destructive };
}

const raisedConstraints = (sql: string) => [...sql.matchAll(/constraint = '([^']+)'/g)].map((m) => m[1]);

/** Whether every constraint a trigger's checks raise is raised by one of `others` too. */
function stillChecked(sql: string, others: string[]): boolean {
  const raised = raisedConstraints(sql);
  const kept = new Set(others.flatMap(raisedConstraints));
  return raised.length > 0 && raised.every((c) => kept.has(c));
}

/** Drops the triggers and functions a trigger key's SQL created. */
function dropTriggerSql(sql: string): string {
  const triggers = [...sql.matchAll(/create trigger ("\w+") .* on ("\w+") (?:referencing|for)/g)].map((m) => `drop trigger if exists ${m[1]} on ${m[2]};`);
  const functions = [...sql.matchAll(/create or replace function ("\w+")\(\)/g)].map((m) => `drop function if exists ${m[1]}();`);
  return [...triggers, ...functions].join("\n");
}

function alterColumn(table: string, column: string, before: string, after: string): string[] {
  const out: string[] = [];
  const nn = (s: string) => / not null/.test(s);
  const def = (s: string) => s.match(/ default (.*)$/)?.[1];
  const target = `alter table ${q(table)} alter column ${q(column)}`;
  if (nn(before) && !nn(after)) out.push(`${target} drop not null;`);
  if (!nn(before) && nn(after)) out.push(`${target} set not null;`);
  if (def(before) !== def(after)) out.push(def(after) ? `${target} set default ${def(after)};` : `${target} drop default;`);
  return out;
}

export interface MigrationFile {
  name: string;
  sql: string;
}

/** The migration list after this run: the existing files, plus one more when the shape changed. */
export function planMigrations(existing: MigrationFile[], previous: Snapshot | undefined, current: Snapshot): MigrationFile[] {
  const { sql, destructive } = diffSnapshots(previous ?? {}, current);
  if (destructive.length) {
    throw new SchemaError(["schema change needs a hand-written migration (codegen only adds tables, columns, indexes and keys):", ...destructive.map((d) => `  - ${d}`)]);
  }
  if (!sql.trim()) return existing;
  const n = String(existing.length + 1).padStart(4, "0");
  const first = Object.keys(current).find((t) => JSON.stringify(current[t]) !== JSON.stringify(previous?.[t]));
  const lines = sql.trim().split("\n");
  const onlyDroppedIndexes = lines.every((line) => line.startsWith("drop index "));
  const onlyIndexesAndStorage = lines.every((line) => line.startsWith("drop index ") || /^alter table "\w+" (set|reset) \(fillfactor/.test(line));
  // The same tables, columns and indexes: only how references are checked changed.
  const shapeOf = (t: TableShape) => JSON.stringify([t.columns, t.primaryKey, t.indexes, t.storage]);
  const onlyReferenceChecks = previous !== undefined && Object.keys(current).every((t) => previous[t] && shapeOf(previous[t]) === shapeOf(current[t]));
  const label = onlyDroppedIndexes ? "drop_indexes" : onlyIndexesAndStorage ? "updated_in_bulk" : onlyReferenceChecks ? "reference_checks" : (first ?? "change");
  const name = existing.length === 0 ? `${n}_initial.sql` : `${n}_${label}.sql`;
  return [...existing, { name, sql }];
}
