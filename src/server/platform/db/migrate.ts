// Migrations: the server's core tables, then generated/migrations/NNNN_*.sql (read from disk at
// startup, in name order), then the core steps that need generated tables. Each one runs in its own
// transaction and is recorded in schema_migrations with the checksum of its text; applied ones are
// skipped, and an applied one whose text changed refuses the start (edit schemas and run codegen,
// which writes a new migration, instead of changing an applied one).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "./types.ts";
import { coreAfterMigrationsDir, coreMigrationsDir, generatedMigrationsDir } from "../paths.ts";
import { fillTexts } from "../../../../generated/fill-texts.ts";

export interface Migration {
  /** Recorded name, e.g. "core/0001_core.sql", "generated/0001_initial.sql". */
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationChecksumError extends Error {
  constructor(readonly migration: string) {
    super(fillTexts.startup.migrationChanged({ migration }));
    this.name = "MigrationChecksumError";
  }
}

/** The codegen header line is not part of a migration's meaning; line endings neither. */
function normalize(text: string): string {
  return text.replace(/\r\n/g, "\n").replace(/^-- GENERATED[^\n]*\n/, "");
}

function readDir(dir: string, prefix: string): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const sql = normalize(readFileSync(join(dir, f), "utf8"));
      return { name: `${prefix}/${f}`, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export function loadMigrations(dirs = { core: coreMigrationsDir, generated: generatedMigrationsDir, after: coreAfterMigrationsDir }): Migration[] {
  return [...readDir(dirs.core, "core"), ...readDir(dirs.generated, "generated"), ...readDir(dirs.after, "core-after")];
}

// Several app servers may start together on one PostgreSQL: they take turns per migration.
const MIGRATION_LOCK = 727_001;

/** Applies what is missing; returns the names applied now. */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    name varchar(200) primary key,
    checksum char(64) not null,
    applied_at timestamptz not null default now()
  )`);
  const applied = new Map((await db.query<{ name: string; checksum: string }>("select name, checksum from schema_migrations")).rows.map((r) => [r.name, r.checksum]));
  for (const m of migrations) {
    const known = applied.get(m.name);
    if (known !== undefined && known !== m.checksum) throw new MigrationChecksumError(m.name);
  }
  const done: string[] = [];
  for (const m of migrations) {
    if (applied.has(m.name)) continue;
    const ran = await db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      const again = await tx.query<{ checksum: string }>("select checksum from schema_migrations where name = $1", [m.name]);
      if (again.rows[0]) {
        if (again.rows[0].checksum !== m.checksum) throw new MigrationChecksumError(m.name);
        return false; // another server applied it meanwhile
      }
      await tx.exec(m.sql);
      await tx.query("insert into schema_migrations (name, checksum) values ($1, $2)", [m.name, m.checksum]);
      return true;
    });
    if (ran) done.push(m.name);
  }
  return done;
}
