// Every route of the API is a declared operation (npm run check): the declared operations of
// schemas/operations (route(), src/server/platform/http/operation.ts) and the generic operations the
// resources declare (resourceRoute(), platform/http/resource-route.ts) are registered by the edge
// alone. A Fastify registration anywhere else in src/server (app.get / post / put / delete / patch /
// route) is reported, beyond the edge's own files: the web app's pages and the sandbox gateway, which
// speaks another party's wire formats. Comments are not read.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** Files that register routes themselves, each with its reason. */
export const ROUTE_REGISTRARS: Readonly<Record<string, string>> = {
  "src/server/platform/http/operation.ts": "registers the declared operations",
  "src/server/platform/http/resource-route.ts": "registers the resources' generic operations",
  "src/server/platform/http/web-app.ts": "serves the web app's pages, not the API",
};
/** A folder whose routes are another party's API (the gateways' sandbox). */
const OTHER_PARTY = "src/server/onlinepay/sandbox/";

const REGISTRATION = /\b(?:app|fastify|instance|server|scope)\s*\.\s*(?:get|post|put|delete|patch|head|options|all|route)\s*\(/;

/** The lines of a file's text that register a route: "line 12", in order (comments blanked). */
export function registrationsIn(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/(^|\s)\/\/.*$/gm, "$1");
  return code.split("\n").flatMap((line, i) => (REGISTRATION.test(line) ? [`line ${i + 1}`] : []));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

export function checkRouteRegistration(root: string, registrars: Readonly<Record<string, string>> = ROUTE_REGISTRARS): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(join(root, "src", "server"))) {
    const path = relative(root, file).split(sep).join("/");
    if (path in registrars || path.startsWith(OTHER_PARTY)) continue;
    const found = registrationsIn(readFileSync(file, "utf8"));
    if (found.length) problems.push(`route registered by hand (declare an operation in schemas/operations, or use the resource's generic operation): ${path}: ${found.join(", ")}`);
  }
  return problems;
}
