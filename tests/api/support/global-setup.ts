// Once per API test run, the starting points every suite copies instead of building its own
// (tests/support/templates.ts; started here, waited for by createStorage in support/server.ts):
// - pgliteTemplate: an initialised, empty PGlite cluster, for suites that watch the server migrate
//   and seed (createStorage(backend, { fresh: true }));
// - pgliteSeeded: that cluster migrated and loaded with the demo data by the real server, which
//   most suites start on (shared with the browser tests' products);
// - postgresSeeded (when TEST_DATABASE_URL is set): the same as a PostgreSQL database, copied per
//   suite with CREATE DATABASE … TEMPLATE, with the data folder the server wrote beside it.
// Each copy is a suite's own, so suites stay isolated and may run in parallel. Removed afterwards.
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { emptyCluster, migrateAndSeed, seededCluster } from "../../support/database-templates.ts";
import { template, useTemplates } from "../../support/templates.ts";
import { adminQuery } from "../../../scripts/postgres-admin.ts";

export default function setup(project: TestProject) {
  const teardown = useTemplates();
  project.provide("pgliteTemplate", emptyCluster().dir);
  project.provide("pgliteSeeded", seededCluster().dir);
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const database = `neptune_template_${randomBytes(6).toString("hex")}`;
    const seeded = template(
      "postgres-seeded",
      async (dataDir) => {
        await adminQuery(admin, `create database ${database}`);
        const url = new URL(admin);
        url.pathname = `/${database}`;
        await migrateAndSeed(dataDir, url.toString());
      },
      () => adminQuery(admin, `drop database if exists ${database} with (force)`),
    );
    project.provide("postgresSeeded", { database, dataDir: seeded.dir });
  }
  return teardown;
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresSeeded?: { database: string; dataDir: string };
  }
}
