// generated/openapi.json read as data: imported as a module, the type checker would infer the type of
// its 97 000 lines on every type check and type-aware lint (most of their time).
import { readFileSync } from "node:fs";

export interface OpenApiDocument {
  paths: Record<string, Record<string, object>>;
  [key: string]: unknown;
}

export const openapi = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8")) as OpenApiDocument;

/** generated/h5-openapi.json: the residents' app's own document (docs/residents.md). */
export const h5Openapi = JSON.parse(readFileSync(new URL("../../generated/h5-openapi.json", import.meta.url), "utf8")) as OpenApiDocument;
