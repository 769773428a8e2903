// No import cycles in src/ (npm run check): between files, type imports included (a cycle through
// types still ties the files together), and in src/server between folders: no two folders import
// each other; and the kernel (src/server/platform) imports no domain. The graph is read from the import and export statements' relative specifiers (the
// project writes them with their extension), which is all the resolution this code base needs.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s*["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** File -> the files of src/ it imports (relative specifiers only; packages and generated/ are leaves). */
export function importGraph(root: string, dir = "src"): Map<string, string[]> {
  const files = sourceFiles(join(root, dir));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = new Set<string>();
    for (const m of text.matchAll(SPECIFIER)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec?.startsWith(".")) continue;
      const target = resolve(dirname(file), spec);
      if (known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The cycles of a graph (one per strongly connected component of more than one node, or a self-import), nodes sorted. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  for (const start of graph.keys()) {
    if (indexOf.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      if (i === 0) {
        indexOf.set(node, index);
        low.set(node, index++);
        stack.push(node);
        onStack.add(node);
      }
      const next = graph.get(node) ?? [];
      if (i < next.length) {
        frame[1]++;
        const to = next[i];
        if (!indexOf.has(to)) work.push([to, 0]);
        else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, indexOf.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === indexOf.get(node)) {
        const component: string[] = [];
        let n: string;
        do {
          n = stack.pop()!;
          onStack.delete(n);
          component.push(n);
        } while (n !== node);
        if (component.length > 1 || next.includes(node)) out.push(component.sort());
      }
    }
  }
  return out;
}

/** Pairs of src/server folders that import each other ("auth <-> http"), sorted. */
export function mutualFolders(root: string, graph: Map<string, string[]>): string[] {
  const server = join(root, "src", "server");
  const folderOf = (file: string) => {
    const rel = relative(server, file);
    return rel.startsWith("..") || !rel.includes("/") ? null : rel.split("/")[0];
  };
  const edges = new Set<string>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = folderOf(target);
      if (to && to !== from) edges.add(`${from}>${to}`);
    }
  }
  const pairs = new Set<string>();
  for (const edge of edges) {
    const [a, b] = edge.split(">");
    if (a < b && edges.has(`${b}>${a}`)) pairs.add(`${a} <-> ${b}`);
  }
  return [...pairs].sort();
}

/**
 * Folder pairs that may still import each other (none now). A listed pair that no longer occurs is
 * reported too, so the list only shrinks.
 */
export const KNOWN_MUTUAL_FOLDERS: readonly string[] = [];

/**
 * The kernel (src/server/platform: the http edge, the session and its scope, sql, tasks, jobs) imports
 * no domain: only its own files, src/common, generated/ and packages. Each import of a file of src/
 * elsewhere is a problem.
 */
export function platformImports(root: string, graph: Map<string, string[]>): string[] {
  const platform = join(root, "src", "server", "platform") + "/";
  const common = join(root, "src", "common") + "/";
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    if (!file.startsWith(platform)) continue;
    for (const target of targets) if (!target.startsWith(platform) && !target.startsWith(common)) problems.push(`the platform imports a domain: ${relative(root, file)} -> ${relative(root, target)}`);
  }
  return problems.sort();
}

export function checkImportCycles(root: string, known: readonly string[] = KNOWN_MUTUAL_FOLDERS): string[] {
  const graph = importGraph(root);
  const problems = cyclesOf(graph).map((c) => `import cycle: ${c.map((f) => relative(root, f)).join(" <-> ")}`);
  const mutual = mutualFolders(root, graph);
  for (const pair of mutual) if (!known.includes(pair)) problems.push(`src/server folders import each other: ${pair}`);
  for (const pair of known)
    if (!mutual.includes(pair)) problems.push(`src/server folders ${pair} no longer import each other: remove the pair from KNOWN_MUTUAL_FOLDERS (scripts/check/import-cycles.ts)`);
  problems.push(...platformImports(root, graph));
  return problems;
}
