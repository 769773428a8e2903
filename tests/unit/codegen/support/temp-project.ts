// Throwaway copies of the project's schemas/ and generated/ for codegen tests, so a broken or added
// module file never touches the real tree.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

/** Every file under `dir`, by path relative to it, as text. */
export function readTree(dir: string, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, v] of readTree(join(dir, entry.name), rel)) out.set(k, v);
    else out.set(rel, readFileSync(join(dir, entry.name), "utf8"));
  }
  return out;
}

export interface TempProject {
  root: string;
  writeModule(name: string, yaml: string): void;
  generated(): Map<string, string>;
  remove(): void;
}

export function copyProject(): TempProject {
  const root = mkdtempSync(join(tmpdir(), "codegen-test-"));
  cpSync(join(projectRoot, "schemas"), join(root, "schemas"), { recursive: true });
  cpSync(join(projectRoot, "generated"), join(root, "generated"), { recursive: true });
  return {
    root,
    writeModule: (name, yaml) => writeFileSync(join(root, "schemas", "modules", `${name}.yaml`), yaml),
    generated: () => readTree(join(root, "generated")),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
