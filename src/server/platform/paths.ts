// Folders the server reads, resolved from this file so the working directory does not matter.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
export const generatedMigrationsDir = resolve(projectRoot, "generated/migrations");
export const coreMigrationsDir = resolve(projectRoot, "src/server/platform/db/core-migrations");
export const coreAfterMigrationsDir = resolve(projectRoot, "src/server/platform/db/core-migrations-after");
/** The built web app: WEB_DIST_DIR (a relative one is taken from the project folder), else dist/web. */
export const webDistDir = resolve(projectRoot, process.env.WEB_DIST_DIR || "dist/web");
export const openapiFile = resolve(projectRoot, "generated/openapi.json");
/** The residents' app's own API document (only its operations, docs/residents.md). */
export const h5OpenapiFile = resolve(projectRoot, "generated/h5-openapi.json");
