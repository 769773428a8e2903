// PGlite's WebAssembly and file-system bundle, read and compiled once per process: PGlite otherwise
// compiles its 9 MB module on every open (about a second of a core), which a test run (a database
// per file) and a server opening its folder once both pay for nothing the second time.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export interface PgliteAssets {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

let assets: Promise<PgliteAssets> | undefined;

async function load(): Promise<PgliteAssets> {
  // The package's folder as Node resolves it (import.meta.resolve is not available under every loader).
  const dist = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  const [pglite, initdb, bundle] = await Promise.all(["pglite.wasm", "initdb.wasm", "pglite.data"].map((name) => readFile(join(dist, name))));
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([WebAssembly.compile(pglite), WebAssembly.compile(initdb)]);
  return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle]) };
}

/** The compiled modules and the bundle, shared by every PGlite this process opens. */
export function pgliteAssets(): Promise<PgliteAssets> {
  assets ??= load().catch((err: unknown) => {
    assets = undefined; // a failed read is tried again by the next open
    throw err;
  });
  return assets;
}
