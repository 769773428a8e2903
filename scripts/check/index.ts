// npm run check: schema-to-route consistency of the generated model, no API path typed by hand in
// the web apps, no inline Chinese text in server code and no regex there that backtracks, no import
// cycle in src/ (scripts/check/import-cycles.ts), no statement in a route file
// (scripts/check/route-statements.ts), no route registered by hand (scripts/check/route-registration.ts);
// exits 1 with every problem.
import { routes, menu } from "../../generated/routes.ts";
import { resources } from "../../generated/resources.ts";
import { rules } from "../../generated/rules.ts";
import { mappings } from "../../generated/mappings.ts";
import { permissionGroups, allowedDuplicateRouteCodes } from "../../generated/permissions.ts";
import { specRoutes } from "../../tests/data/spec-routes.ts";
import { operations } from "../../generated/operations.ts";
import { resourceOperations } from "../../generated/resource-operations.ts";
import { checkConsistency } from "./consistency.ts";
import { checkOperationRoutes, genericRoutes, pendingRoutes, registeredRoutes, routeKey } from "./operations.ts";
import { checkWebApiPaths } from "./web-paths.ts";
import { checkServerTexts } from "./server-texts.ts";
import { checkOperationScopes } from "./operation-scope.ts";
import { checkLinearRegexes } from "./linear-regexes.ts";
import { checkReferenceScope } from "./reference-scope.ts";
import { checkImportCycles } from "./import-cycles.ts";
import { checkRouteStatements } from "./route-statements.ts";
import { checkRouteRegistration } from "./route-registration.ts";

const pending = pendingRoutes(new URL("../../schemas/operations/pending.yaml", import.meta.url).pathname);
const declared = new Map(Object.values(operations).map((o) => [routeKey(o.method, o.path), o.name]));
const problems = [
  ...checkConsistency({ routes, menu, resources, rules, mappings, permissionGroups, allowedDuplicateRouteCodes, specRoutes }),
  ...checkOperationRoutes({ registered: await registeredRoutes(), generic: genericRoutes(resourceOperations), declared, pending }),
  ...checkWebApiPaths(new URL("../..", import.meta.url).pathname),
  ...checkServerTexts(new URL("../..", import.meta.url).pathname),
  ...checkOperationScopes(operations),
  ...(await checkLinearRegexes(new URL("../..", import.meta.url).pathname)),
  ...checkReferenceScope(new URL("../..", import.meta.url).pathname, resources),
  ...checkImportCycles(new URL("../..", import.meta.url).pathname),
  ...checkRouteStatements(new URL("../..", import.meta.url).pathname),
  ...checkRouteRegistration(new URL("../..", import.meta.url).pathname),
];
if (problems.length) {
  console.error(`schema check failed (${problems.length} problems):\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(
  `schema check passed: ${routes.length} routes, ${resources.length} resources, ${Object.keys(rules).length} rules, ${Object.keys(mappings).length} mappings, ${declared.size} declared operations, ${pending.length} routes pending declaration, no API path typed by hand in src/web or src/h5, no inline Chinese text in src/server, every operation scoped, every reference between communities' rows checked by the database, no import cycle, a platform that imports no domain, no statement in a route file, no route registered outside the edge`,
);
