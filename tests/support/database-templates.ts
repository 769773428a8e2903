// The database starting points of a test run (tests/support/templates.ts), made in the vitest
// process: an initialised empty PGlite cluster, and a copy of it migrated and loaded with the demo data
// by the real server, which the API suites and every browser test's product start from.
import { cpSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pgliteAssets } from "../../src/server/platform/db/pglite-assets.ts";
import { DEMO_PASSWORD } from "./demo-password.ts";
import { template } from "./templates.ts";

/**
 * Migrates and loads the demo data the way the server does at its first start. The server is
 * imported here, when the first seeding starts, not with this module: the projects' set-ups import
 * this module and vitest hands out no test file until they have returned, so the import (the whole
 * server through vitest's module runner, most of 20 s) would hold back even the unit files, which
 * need no template.
 */
export async function migrateAndSeed(dataDir: string, databaseUrl?: string): Promise<void> {
  const { buildApp } = await import("../../src/server/app.ts");
  const app = await buildApp({ dataDir, databaseUrl, demoPassword: DEMO_PASSWORD, print: () => undefined });
  await app.close();
}

/** An initialised, empty PGlite cluster (for suites that watch the server migrate and seed). */
export const emptyCluster = () =>
  template("pglite-empty", async (dir) => {
    const pglite = new PGlite(dir, await pgliteAssets());
    await pglite.waitReady;
    await pglite.close();
  });

/** The empty cluster migrated and loaded with the demo data. */
export const seededCluster = () =>
  template("pglite-seeded", async (dir) => {
    const empty = emptyCluster();
    await empty.ready;
    cpSync(empty.dir, dir, { recursive: true });
    await migrateAndSeed(dir);
  });

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's empty PGlite cluster (emptyCluster), to be copied, never used in place. */
    pgliteTemplate: string;
    /** The run's seeded PGlite cluster (seededCluster), to be copied, never used in place. */
    pgliteSeeded: string;
  }
}
