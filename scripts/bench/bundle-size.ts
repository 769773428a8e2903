// Bundle-size benchmark (issue "Web"): reads the production build (dist/web: index.html and the
// manifest vite writes) and reports the gzip size of what each first load needs. Run after
// `npm run build`; prints a Markdown table (`--detail` also lists the files behind each figure) and
// exits with code 1 when the login page or the shell + workbench first load is over its budget.
//
// How each figure is counted:
//   - a chunk "needs" itself, its CSS and its static imports, transitively (what vite's preload
//     helper fetches together with a dynamic import, and what index.html preloads for the entry);
//   - the entry is everything index.html loads or preloads (script, modulepreload, stylesheet) plus
//     the entry chunk's static closure: a modulepreload counts even when the first screen does not
//     use it;
//   - login = entry + every lazily loaded chunk on the way to the login page;
//   - shell + workbench = entry + every lazily loaded chunk on the way to the workbench (the route
//     table with Refine and the session check, the shell, the workbench page), because each of them is
//     loaded before the first screen shows, plus what the shell loads beside them at once: the page
//     kit (the table) and the tracking's compressor (the environment report goes out on start);
//   - a route = what its page chunk needs beyond the shell + workbench first load (shared chunks the
//     shell has already loaded are not counted again; everything else the page needs is); the
//     generic list / form / detail pages are counted once per resource they show, with what they
//     load lazily as they render it (GENERIC_PAGES: field kits, a form's validator), and the largest
//     is their figure;
//   - chunks loaded only on a user action (dialogs, the community picker's panel, tours, the
//     questionnaire) are reported apart: the largest of them, counted the same way as a route.
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { resources } from "../../generated/resources.ts";
import { routes as routeTable } from "../../generated/routes.ts";
import { FIELD_KIT_MODULES, pageKits, type GenericPage } from "../../src/web/generic/field-kits.ts";
import { resourceActions } from "../../src/web/providers/resourceIndex.ts";

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const dist = join(root, "dist/web");

/** The lazily loaded modules a first load goes through, in order (see src/web/App.tsx and AppRoutes.tsx). */
/**
 * What the shell loads once its first page has drawn and the browser is idle (Shell.tsx): not part of
 * the first load, but loaded before a user opens a second page, so the routes are counted beyond it.
 */
export const SHELL_IDLE_LOADS = ["src/web/shell/page-kit.ts"];

export const FIRST_LOADS = {
  // The login page's client part (the request wrapper, the auth provider) is fetched as its form shows.
  login: ["src/web/pages/login/LoginPage.tsx", "src/web/pages/login/login-client.ts"],
  shellWorkbench: [
    "src/web/AppRoutes.tsx",
    "src/web/shell/Shell.tsx",
    // The tracking's pako (src/web/tracking/encode.ts) is not here: a current browser gzips the reports itself.
    "src/web/pages/workbench/WorkbenchPage.tsx",
  ],
};

/**
 * The generic pages serve every resource route; each is counted for every resource it shows, with
 * the chunks it loads as it renders that resource: its definition (generated/resource-defs/), the field kits its fields need (date picker, image
 * viewer, authority tree: src/web/generic/field-kits.ts) and, for a form, the resource's validator.
 * The page's figure is the largest of them.
 */
const GENERIC_PAGES: Record<string, GenericPage> = {
  "src/web/generic/ListPage.tsx": "list",
  "src/web/generic/FormPage.tsx": "form",
  "src/web/generic/ShowPage.tsx": "show",
};
const VALIDATION_RUN = "src/common/validation-run.ts";

/** Route pages: the registered pages (src/web/pages/; a page's own lazy parts there count as pages too) and the generic ones. */
const isRoutePage = (key: string) => /^src\/web\/pages\/.+\.tsx$/.test(key) || /^src\/web\/generic\/(List|Form|Show)Page\.tsx$/.test(key);

export interface Figure {
  size: number;
  files: string[];
}
export interface NamedFigure extends Figure {
  name: string;
  /** Generic pages: the resource of the largest figure, the median, and how many of the `count` resources are over 80 KB. */
  resource?: string;
  median?: number;
  over?: number;
  count?: number;
}
export interface BundleReport {
  entry: Figure;
  login: Figure;
  shellWorkbench: Figure;
  /** What the shell loads when idle after the first load (SHELL_IDLE_LOADS), beyond it. */
  shellIdle: Figure;
  /** Every route page, largest first, each counted beyond the shell + workbench first load and its idle load. */
  routes: NamedFigure[];
  /** The largest chunk loaded on demand (not a route), counted beyond the shell + workbench first load. */
  largestOnDemand: NamedFigure;
}

export function bundleReport(dir: string = dist): BundleReport {
  const manifestPath = join(dir, ".vite/manifest.json");
  if (!existsSync(manifestPath)) throw new Error("dist/web/.vite/manifest.json is missing: run npm run build first");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, Chunk>;
  const gz = new Map<string, number>();
  const size = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dir, file))).length);
    return gz.get(file)!;
  };
  /** The files a chunk needs before it runs: itself, its CSS and its static imports, transitively. */
  const closure = (key: string, seen: Set<string>): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const css of chunk.css ?? []) seen.add(css);
    for (const imp of chunk.imports ?? []) closure(imp, seen);
    return seen;
  };
  const figure = (files: Iterable<string>, beyond: Set<string> = new Set()): Figure => {
    const own = [...new Set(files)].filter((f) => !beyond.has(f)).sort((a, b) => size(b) - size(a));
    return { size: own.reduce((n, f) => n + size(f), 0), files: own };
  };
  const lazyKey = (src: string) => {
    if (!manifest[src]?.isDynamicEntry) throw new Error(`${src} is not a lazily loaded chunk of the build: update FIRST_LOADS in scripts/bench/bundle-size.ts`);
    return src;
  };

  // The entry: what index.html references, plus the entry chunk's static closure. The staff app's
  // entry is index.html; the build's other entry (h5.html, the residents' app) is not measured here.
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k === "index.html");
  if (!entryKey) throw new Error("no entry chunk for index.html in the manifest");
  const entry = closure(entryKey, new Set());
  const html = readFileSync(join(dir, "index.html"), "utf8");
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)) {
    const file = m[1].replace(/^.*?\/(assets\/)/, "$1");
    if (file.startsWith("assets/") && existsSync(join(dir, file))) entry.add(file);
  }

  const firstLoad = (chain: string[]) => {
    const files = new Set(entry);
    for (const src of chain) closure(lazyKey(src), files);
    return files;
  };
  const login = firstLoad(FIRST_LOADS.login);
  const firstShell = firstLoad(FIRST_LOADS.shellWorkbench);
  // What a route finds loaded already: the shell's first load and what it loads when idle.
  const shell = firstLoad([...FIRST_LOADS.shellWorkbench, ...SHELL_IDLE_LOADS]);
  const firstLoadKeys = new Set([...FIRST_LOADS.login, ...FIRST_LOADS.shellWorkbench, ...SHELL_IDLE_LOADS]);

  const routes: NamedFigure[] = [];
  let largestOnDemand: NamedFigure = { name: "", size: 0, files: [] };
  /** A lazily loaded module's files, when it is a chunk of its own (else its code is in a chunk counted already). */
  const lazyFiles = (src: string, files: Set<string>) => {
    if (!existsSync(join(root, src))) throw new Error(`${src} does not exist`);
    if (manifest[src]) closure(src, files);
  };
  /** A generic page rendering one resource: the page, the resource's definition, its field kits, a form's validator. */
  const genericFiles = (key: string, page: GenericPage, resource: string) => {
    const files = closure(key, new Set());
    lazyFiles(`generated/resource-defs/${resource}.ts`, files);
    const def = resources.find((r) => r.name === resource);
    if (def) for (const kit of pageKits(def, page)) lazyFiles(FIELD_KIT_MODULES[kit], files);
    if (page === "form") {
      lazyFiles(`generated/validators/${resource}.js`, files);
      lazyFiles(VALIDATION_RUN, files);
    }
    return files;
  };
  const routedResources = [...new Set(routeTable.filter((r) => r.resource).map((r) => r.resource!))];
  const genericFigure = (key: string, page: GenericPage): NamedFigure => {
    const shown = routedResources.filter((name) => {
      const actions = resourceActions(name);
      return page === "list" ? true : page === "form" ? actions.create || actions.edit : actions.show;
    });
    let worst: NamedFigure = { name: key, size: 0, files: [], over: 0, count: shown.length };
    const sizes: number[] = [];
    for (const name of shown) {
      const f = figure(genericFiles(key, page, name), shell);
      sizes.push(f.size);
      if (f.size > worst.size) worst = { ...worst, ...f, resource: name };
    }
    sizes.sort((a, b) => a - b);
    return { ...worst, over: sizes.filter((n) => n > TARGETS.route).length, median: sizes[Math.floor(sizes.length / 2)] ?? 0 };
  };

  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || firstLoadKeys.has(key)) continue;
    const page = GENERIC_PAGES[key];
    const f = page ? genericFigure(key, page) : { name: key, ...figure(closure(key, new Set()), shell) };
    if (isRoutePage(key)) routes.push(f);
    else if (f.size > largestOnDemand.size) largestOnDemand = f;
  }
  routes.sort((a, b) => b.size - a.size);
  return { entry: figure(entry), login: figure(login), shellWorkbench: figure(firstShell), shellIdle: figure(shell, firstShell), routes, largestOnDemand };
}

export const TARGETS = { login: 150 * 1024, shellWorkbench: 550 * 1024, route: 80 * 1024 };

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const met = (n: number, target: number) => (n <= target ? "yes" : "no");

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = bundleReport();
  const largest = r.routes[0] ?? { name: "(none)", size: 0, files: [] };
  const over = r.routes.filter((x) => x.size > TARGETS.route);
  console.log("| first load (gzip) | size | target | met |\n|---|---|---|---|");
  console.log(`| entry (index.html, its preloads and the entry's static imports) | ${kb(r.entry.size)} | — | — |`);
  console.log(`| login route JS + CSS | ${kb(r.login.size)} | ≤ 150 KB | ${met(r.login.size, TARGETS.login)} |`);
  console.log(`| shell + workbench | ${kb(r.shellWorkbench.size)} | ≤ 550 KB | ${met(r.shellWorkbench.size, TARGETS.shellWorkbench)} |`);
  console.log(`| shell, loaded when idle after the first load (the page kit) | ${kb(r.shellIdle.size)} | — | — |`);
  console.log(`| largest other route, beyond the shell: ${largest.name} | ${kb(largest.size)} | ≤ 80 KB | ${met(largest.size, TARGETS.route)} |`);
  console.log(`| largest on-demand chunk (not a route), beyond the shell: ${r.largestOnDemand.name} | ${kb(r.largestOnDemand.size)} | — | — |`);
  console.log(`\n${r.routes.length} route pages; ${over.length} over 80 KB${over.length ? `: ${over.map((x) => `${x.name} ${kb(x.size)}`).join(", ")}` : ""}.`);
  for (const x of r.routes.filter((x) => x.resource)) {
    console.log(`${x.name}: largest for ${x.resource} (${kb(x.size)}), median ${kb(x.median ?? 0)}; ${x.over} of its ${x.count} resources over 80 KB.`);
  }
  // The two first-load budgets fail the run (the per-route target is reported above).
  const overBudget = [
    { name: "login", size: r.login.size, target: TARGETS.login },
    { name: "shell + workbench", size: r.shellWorkbench.size, target: TARGETS.shellWorkbench },
  ].filter((b) => b.size > b.target);
  for (const b of overBudget) console.error(`over budget: ${b.name} is ${kb(b.size)}, its budget ${kb(b.target)}`);
  // --no-budget (the smoke run): the sizes are reported, a budget missed is not a broken benchmark.
  if (overBudget.length && !process.argv.includes("--no-budget")) process.exitCode = 1;
  if (process.argv.includes("--detail")) {
    const list = (title: string, f: Figure) => {
      console.log(`\n${title}: ${kb(f.size)}`);
      for (const file of f.files) console.log(`  ${kb(gzipSync(readFileSync(join(dist, file))).length).padStart(9)}  ${file}`);
    };
    list("entry", r.entry);
    list("login", r.login);
    list("shell + workbench", r.shellWorkbench);
    list("shell, when idle", r.shellIdle);
    console.log("\nroutes, beyond the shell:");
    for (const x of r.routes.slice(0, 15)) console.log(`  ${kb(x.size).padStart(9)}  ${x.name}`);
  }
}
