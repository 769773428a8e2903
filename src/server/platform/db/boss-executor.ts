// pg-boss (src/server/platform/jobs) runs its SQL through the app's Db instead of a pool of its own, so the
// queue works on PGlite too: PGlite has one connection, and every statement of the queue then takes
// its turn on the Db's mutex beside the requests' statements. pg-boss hands over a text with its
// parameters (this driver layer is the one place that runs such a text); a parameterless text of
// several statements (its schema migrations, its advisory-locked BEGIN … COMMIT blocks) goes through
// exec, which runs them as one script.
import type { Db } from "./types.ts";

export interface BossExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

/** More than one statement: a semicolon followed by more SQL (pg-boss writes no semicolon inside a single statement). */
const severalStatements = (text: string): boolean => /;\s*\S/.test(text.trim());

export function bossExecutor(db: Db): BossExecutor {
  return {
    async executeSql(text, values) {
      if ((!values || values.length === 0) && severalStatements(text)) {
        await db.exec(text);
        return { rows: [], rowCount: 0 };
      }
      const { rows, rowCount } = await db.query(text, values ?? []);
      return { rows, rowCount };
    },
  };
}
