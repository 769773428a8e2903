// npm run codegen            regenerate generated/ from schemas/
// npm run codegen -- --check exit 1 when generated/ is stale (nothing is written)
// npm run codegen -- --dry   build everything and report errors, write nothing
//
// Output is deterministic and written atomically: everything goes to a temporary folder first and
// replaces generated/ by rename only when the whole run succeeded.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { emitAll } from "./emit.ts";
import { SchemaError } from "./load.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

function readTree(dir: string, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, v] of readTree(join(dir, entry.name), rel)) out.set(k, v);
    else out.set(rel, readFileSync(join(dir, entry.name), "utf8"));
  }
  return out;
}

export async function run(projectRoot: string, argv: string[]): Promise<number> {
  const check = argv.includes("--check");
  const dry = argv.includes("--dry");
  const outDir = join(projectRoot, "generated");
  let files: Map<string, string>;
  try {
    files = await emitAll(projectRoot, readTree(outDir));
  } catch (e) {
    if (e instanceof SchemaError) {
      console.error(`codegen failed; generated/ was left as it was:\n${e.message}`);
      return 1;
    }
    throw e;
  }
  const current = readTree(outDir);
  const stale = [...new Set([...files.keys(), ...current.keys()])].filter((f) => files.get(f) !== current.get(f)).sort();
  if (check) {
    if (stale.length) {
      console.error(`generated/ is stale (run npm run codegen):\n${stale.map((f) => `  generated/${f}`).join("\n")}`);
      return 1;
    }
    console.log(`generated/ is up to date (${files.size} files)`);
    return 0;
  }
  if (dry) {
    console.log(`codegen --dry: schemas are valid; ${stale.length} of ${files.size} files would change`);
    return 0;
  }
  if (!stale.length) {
    console.log(`generated/ is up to date (${files.size} files)`);
    return 0;
  }
  const tmp = join(projectRoot, `.generated-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  for (const [name, text] of files) {
    mkdirSync(dirname(join(tmp, name)), { recursive: true });
    writeFileSync(join(tmp, name), text);
  }
  const old = join(projectRoot, `.generated-old-${process.pid}`);
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(tmp, outDir);
  rmSync(old, { recursive: true, force: true });
  console.log(`codegen wrote ${files.size} files (${stale.length} changed)`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void run(root, process.argv.slice(2)).then((code) => process.exit(code));
}
