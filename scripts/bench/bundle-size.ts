// Bundle-size benchmark (issue "Web"): reads the production build's manifest and reports the gzip
// size of what each first load needs — the login route, the shell + workbench — and the largest
// chunk of any other route. Run after `npm run build`; prints a Markdown table.
import { readFileSync, existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

interface Chunk { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const dist = join(root, "dist/web");

export interface BundleReport { login: number; shellWorkbench: number; largestRoute: { name: string; size: number }; entry: number }

export function bundleReport(): BundleReport {
  const manifestPath = join(dist, ".vite/manifest.json");
  if (!existsSync(manifestPath)) throw new Error("dist/web/.vite/manifest.json is missing: run npm run build first");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, Chunk>;
  const gz = new Map<string, number>();
  const size = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file))).length);
    return gz.get(file)!;
  };
  /** The files a chunk needs before it runs: itself and its static imports, transitively. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const css of chunk.css ?? []) seen.add(css);
    for (const imp of chunk.imports ?? []) closure(imp, seen);
    return seen;
  };
  const total = (files: Set<string>) => [...files].reduce((n, f) => n + size(f), 0);
  const keyOf = (srcEnd: string) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(srcEnd));
    if (!key) throw new Error(`no chunk for ${srcEnd} in the manifest`);
    return key;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const entry = closure(entryKey);
  const login = closure(keyOf("pages/login/LoginPage.tsx"), new Set(entry));
  const shell = closure(keyOf("shell/Shell.tsx"), new Set(entry));
  const workbenchKey = Object.keys(manifest).find((k) => /pages\/workbench\/.*\.tsx$/.test(k) && manifest[k].isDynamicEntry);
  if (workbenchKey) closure(workbenchKey, shell);
  // Any other route: what its lazily loaded page adds beyond the shell's first load.
  let largest = { name: "", size: 0 };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || key === workbenchKey || /Shell\.tsx$|LoginPage\.tsx$/.test(key)) continue;
    const extra = [...closure(key)].filter((f) => !shell.has(f));
    const n = extra.reduce((s, f) => s + size(f), 0);
    if (n > largest.size) largest = { name: key, size: n };
  }
  return { login: total(login), shellWorkbench: total(shell), largestRoute: largest, entry: total(entry) };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = bundleReport();
  console.log("| first load (gzip) | size | target |\n|---|---|---|");
  console.log(`| login route JS + CSS | ${kb(r.login)} | ≤ 250 KB |`);
  console.log(`| shell + workbench | ${kb(r.shellWorkbench)} | ≤ 550 KB |`);
  console.log(`| largest other route (beyond the shell): ${r.largestRoute.name} | ${kb(r.largestRoute.size)} | ≤ 80 KB |`);
}
