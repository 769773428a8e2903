// Several app servers may start at the same moment on one PostgreSQL database. Migrations and the
// demo data run under one session-level advisory lock on a fixed key, held on a connection of its
// own: the first server does them, the others wait, then find them done and go on. (PGlite needs
// none: its data folder is locked to one server, db/lock.ts.)
import pg from "pg";

/** The key of the start-up lock (the per-migration transaction lock of migrate.ts is 727_001). */
export const STARTUP_LOCK = 727_000;

export async function withStartupLock<T>(databaseUrl: string | undefined, fn: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return fn();
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => undefined); // a lost lock connection ends the lock; the work itself reports its errors
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
    return await fn();
  } finally {
    await client.end().catch(() => undefined); // ending the session releases the lock
  }
}
