// Session revocation across app servers on one PostgreSQL. Each server caches looked-up sessions
// for a few seconds (session-store.ts) and empties that cache after its own writes to the session
// tables. Here those writes are also announced: NOTIFY on a fixed channel after each, and every
// server LISTENs on a connection of its own and empties its cache on hearing one, so a logout, a
// disabled user, a changed password or a role's changed codes is refused by every server at once.
// While the listening connection is down a server caches nothing (every request asks the
// database) and tries again each second. PGlite is one process: its own writes already clear it.
import pg from "pg";
import type { Db } from "../platform/db/types.ts";
import { SESSION_BOOKKEEPING_SQL, SESSION_TABLES, dropCachedSessions, pauseSessionCache } from "../platform/session/session-store.ts";
import { raw, sql } from "../platform/db/sql.ts";

export const SESSION_CHANNEL = "neptune_session_changes";
const RECONNECT_MS = 1000;

/** Starts announcing and hearing session changes; the returned function stops it (on close). */
export async function shareSessionRevocation(db: Db, databaseUrl: string, log: (message: string) => void = () => undefined): Promise<() => Promise<void>> {
  if (db.kind !== "postgres" || !db.onWrite) return async () => undefined;
  db.onWrite(SESSION_TABLES, () => void db.query(sql`select pg_notify(${SESSION_CHANNEL}, '')`).catch((err: Error) => log(`session change not announced: ${err.message}`)), {
    ignore: SESSION_BOOKKEEPING_SQL,
  });

  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  pauseSessionCache(db, true); // until the first LISTEN is in place

  const lost = (reason: string) => {
    if (stopped) return;
    pauseSessionCache(db, true);
    log(`session change listener lost (${reason}); not caching sessions until it is back`);
    client?.removeAllListeners();
    client?.end().catch(() => undefined);
    client = null;
    retry ??= setTimeout(() => {
      retry = undefined;
      void listen();
    }, RECONNECT_MS);
  };

  async function listen(): Promise<void> {
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    c.on("error", (err) => lost(err.message));
    c.on("end", () => lost("connection ended"));
    c.on("notification", () => dropCachedSessions(db));
    try {
      await c.connect();
      await c.query(sql`listen ${raw(SESSION_CHANNEL)}`.text); // the listening client of its own: text only, LISTEN takes no parameters
      if (!stopped && client === c) pauseSessionCache(db, false);
    } catch (err) {
      lost((err as Error).message);
    }
  }

  await listen();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    c?.removeAllListeners();
    await c?.end().catch(() => undefined);
  };
}
