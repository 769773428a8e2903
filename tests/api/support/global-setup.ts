// Once per API test run, the starting points every suite copies instead of building its own:
// - pgliteTemplate: an initialised, empty PGlite cluster (initdb takes seconds), for suites that
//   watch the server migrate and seed (createStorage(backend, { fresh: true }));
// - pgliteSeeded: that cluster migrated and loaded with the demo data by the real server, which
//   most suites start on (migrating and seeding took most of a suite's set-up);
// - postgresSeeded (when TEST_DATABASE_URL is set): the same as a PostgreSQL database, copied per
//   suite with CREATE DATABASE … TEMPLATE, with the data folder the server wrote beside it.
// Each copy is a suite's own, so suites stay isolated and may run in parallel. Removed afterwards.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { buildApp } from "../../../src/server/app.ts";
import { DEMO_PASSWORD } from "./demo-password.ts";

async function migrateAndSeed(dataDir: string, databaseUrl?: string): Promise<void> {
  const app = await buildApp({ dataDir, databaseUrl, demoPassword: DEMO_PASSWORD, print: () => undefined });
  await app.close();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const dirs: string[] = [];
  const tempDir = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), `neptune-${name}-`));
    dirs.push(dir);
    return dir;
  };
  let postgresTemplate: string | undefined;
  const teardown = async () => {
    if (postgresTemplate) await adminQuery(`drop database if exists ${postgresTemplate} with (force)`);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const empty = tempDir("pglite-template");
    const pglite = new PGlite(empty);
    await pglite.waitReady;
    await pglite.close();
    project.provide("pgliteTemplate", empty);

    const seeded = tempDir("pglite-seeded");
    cpSync(empty, seeded, { recursive: true });
    await migrateAndSeed(seeded);
    project.provide("pgliteSeeded", seeded);

    if (process.env.TEST_DATABASE_URL) {
      const name = `neptune_template_${randomBytes(6).toString("hex")}`;
      await adminQuery(`create database ${name}`);
      postgresTemplate = name;
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      const dataDir = tempDir("postgres-seeded");
      await migrateAndSeed(dataDir, url.toString());
      project.provide("postgresSeeded", { database: name, dataDir });
    }
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgliteSeeded: string;
    postgresSeeded?: { database: string; dataDir: string };
  }
}
