// Once per API test run: an initialised, empty PGlite cluster that every PGlite suite copies
// (initdb takes seconds; the server still migrates and seeds each copy itself). Removed afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "neptune-pglite-template-"));
  const pg = new PGlite(dir);
  await pg.waitReady;
  await pg.close();
  project.provide("pgliteTemplate", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
