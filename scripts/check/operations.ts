// Every route the server registers is declared, and every declaration has its route (npm run check):
// generic resource routes count as declared by their resources (generated/resource-operations.ts), hand-written
// ones by schemas/operations/<domain>.yaml. Routes of domains not converted yet are listed in
// schemas/operations/pending.yaml; that list may only shrink (an entry that is declared now or no
// longer registered is a problem too).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";

export interface RouteSets {
  /** "METHOD /path/:param" of every route the app registers (HEAD twins and the web app's pages left out). */
  registered: Set<string>;
  /** Generic resource routes (generated/resource-operations.ts), same form. */
  generic: Set<string>;
  /** Declared operations: route -> operation name. */
  declared: Map<string, string>;
  /** schemas/operations/pending.yaml routes. */
  pending: string[];
}

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`;

export function checkOperationRoutes({ registered, generic, declared, pending }: RouteSets): string[] {
  const problems: string[] = [];
  const pendingSet = new Set(pending);
  for (const route of [...registered].sort()) {
    if (!generic.has(route) && !declared.has(route) && !pendingSet.has(route)) {
      problems.push(`route ${route} has no declared operation (declare it in schemas/operations/<domain>.yaml)`);
    }
  }
  for (const [route, name] of declared) if (!registered.has(route)) problems.push(`operation ${name} (${route}) has no route on the server`);
  for (const route of generic) if (!registered.has(route)) problems.push(`generic route ${route} of a resource is not registered`);
  const seen = new Set<string>();
  for (const route of pending) {
    if (seen.has(route)) problems.push(`schemas/operations/pending.yaml lists ${route} twice`);
    seen.add(route);
    if (declared.has(route) || generic.has(route)) problems.push(`schemas/operations/pending.yaml lists ${route}, which is declared now: remove it from the list`);
    else if (!registered.has(route)) problems.push(`schemas/operations/pending.yaml lists ${route}, which the server no longer registers: remove it from the list`);
  }
  return problems;
}

/** The routes of a server built on a throwaway embedded database (no demo data). */
export async function registeredRoutes(): Promise<Set<string>> {
  const { buildApp } = await import("../../src/server/app.ts");
  const dataDir = mkdtempSync(join(tmpdir(), "neptune-check-"));
  const routes = new Set<string>();
  try {
    const app = await buildApp({
      dataDir,
      seedDemo: false,
      logger: false,
      onRoute: ({ method, url }) => {
        // Not the API: the web app's pages, and the sandbox gateway (another party's wire formats, src/server/onlinepay/sandbox).
        for (const m of [method].flat()) if (m !== "HEAD" && url !== "/" && !url.startsWith("/neptune") && !url.startsWith("/sandbox/")) routes.add(routeKey(m, url));
      },
    });
    await app.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return routes;
}

export function pendingRoutes(file: string): string[] {
  const data = parse(readFileSync(file, "utf8")) as { routes?: Record<string, string[] | null> } | null;
  return Object.values(data?.routes ?? {}).flatMap((list) => list ?? []);
}

/** The generic operations the resources declare (generated/resource-operations.ts), same form. */
export function genericRoutes(table: Readonly<Record<string, Readonly<Record<string, { method: string; path: string }>>>>): Set<string> {
  return new Set(Object.values(table).flatMap((ops) => Object.values(ops).map((o) => routeKey(o.method, o.path))));
}
