// Reference scope (a community's row references only rows of its own community) is checked by the
// database for every write, hand-written statements included (codegen ddl.ts scopeTriggers, or childTriggers
// for a table whose references are checked per statement). So a
// write path can only go without the check in two ways, and both fail npm run check:
//   - a reference the schemas declare between community-scoped resources has no check in the
//     migrations' snapshot (codegen changed, or the snapshot was edited);
//   - server code turns the database's triggers off (session_replication_role, DISABLE TRIGGER).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { ResourceDef } from "../../generated/model-types.ts";

interface SnapshotTable {
  triggers?: Record<string, string>;
}

/** `table.column` of every reference from a community-scoped resource to another community-scoped one. */
export function scopedReferences(resources: readonly ResourceDef[]): { table: string; column: string; name: string }[] {
  const byName = new Map(resources.map((r) => [r.name, r]));
  return resources
    .filter((r) => r.scope === "community")
    .flatMap((r) =>
      r.fields.filter((f) => f.type === "ref" && f.ref && byName.get(f.ref.resource)?.scope === "community").map((f) => ({ table: r.table, column: f.column, name: `${r.name}.${f.name}` })),
    );
}

/** Problems for declared references whose scope check is missing from the snapshot. */
export function missingScopeChecks(resources: readonly ResourceDef[], snapshot: Record<string, SnapshotTable>): string[] {
  return scopedReferences(resources)
    .filter(({ table, column }) => {
      // Its own scope triggers, or a table's per-statement reference checks (which check the scope in the same pass).
      const constraint = `'${`${table}_${column}_scope`.slice(0, 63)}'`;
      const checks = (sql: string) => sql.includes(`constraint = ${constraint}`) && sql.includes(` after insert on "${table}"`) && sql.includes(` after update on "${table}"`);
      return !Object.values(snapshot[table]?.triggers ?? {}).some(checks);
    })
    .map(({ name }) => `${name}: references a community-scoped resource, but generated/migrations/snapshot.json has no community scope check for it (run npm run codegen)`);
}

const TURNS_CHECKS_OFF = /session_replication_role|disable\s+trigger/i;

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name), pattern) : pattern.test(e.name) ? [join(dir, e.name)] : []));
}

/** Problems ("file:line: ...") for server code or hand-written migrations that turn the database's checks off. */
export function checksTurnedOff(root: string): string[] {
  const problems: string[] = [];
  for (const path of files(join(root, "src/server"), /\.(ts|sql)$/).sort()) {
    const file = relative(root, path).split("\\").join("/");
    readFileSync(path, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (TURNS_CHECKS_OFF.test(line)) problems.push(`${file}:${i + 1}: turns the database's reference and scope checks off (${line.trim().slice(0, 80)})`);
      });
  }
  return problems;
}

export function checkReferenceScope(root: string, resources: readonly ResourceDef[]): string[] {
  const { tables } = JSON.parse(readFileSync(join(root, "generated/migrations/snapshot.json"), "utf8")) as { tables: Record<string, SnapshotTable> };
  return [...missingScopeChecks(resources, tables), ...checksTurnedOff(root)];
}
