// Folders the server reads, resolved from this file so the working directory does not matter.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const generatedMigrationsDir = resolve(projectRoot, "generated/migrations");
export const coreMigrationsDir = resolve(projectRoot, "src/server/db/core-migrations");
export const coreAfterMigrationsDir = resolve(projectRoot, "src/server/db/core-migrations-after");
export const webDistDir = resolve(projectRoot, "dist/web");
export const openapiFile = resolve(projectRoot, "generated/openapi.json");
