// Opens the database the environment asks for: PostgreSQL when a URL is given, else PGlite in the
// data folder under an exclusive lock. Closing the Db also releases the lock. Either way the Db tells
// per-server caches about its own writes (write-watch.ts).
import type { Db } from "./types.ts";
import { lockDataDir } from "./lock.ts";
import { openPglite } from "./pglite.ts";
import { openPostgres } from "./postgres.ts";
import { watchWrites } from "./write-watch.ts";

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string;
}

export async function openDatabase({ dataDir, databaseUrl }: OpenOptions): Promise<Db> {
  if (databaseUrl) return watchWrites(await openPostgres(databaseUrl));
  const lock = lockDataDir(dataDir);
  try {
    const db = await openPglite(dataDir);
    return watchWrites({
      ...db,
      kind: db.kind,
      async close() {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    });
  } catch (err) {
    lock.release();
    throw err;
  }
}
