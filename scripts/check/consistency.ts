// Schema-to-route consistency over the generated model (npm run check, part of npm test).
import type { MenuNode, ResourceDef, RouteDef, RuleDef, MappingDef } from "../../generated/model-types.ts";

export interface CheckInput {
  routes: RouteDef[];
  menu: MenuNode[];
  resources: ResourceDef[];
  rules: Record<string, RuleDef>;
  mappings: Record<string, MappingDef>;
  permissionGroups: Record<string, { description: string; codes: Record<string, string> }>;
  allowedDuplicateRouteCodes: Record<string, string[]>;
  specRoutes: [string, string | null][];
}

export function checkConsistency(m: CheckInput): string[] {
  const problems: string[] = [];
  const routeByPath = new Map(m.routes.map((r) => [r.path, r]));
  const resourceByName = new Map(m.resources.map((r) => [r.name, r]));
  const groupCodes = new Set(Object.values(m.permissionGroups).flatMap((g) => Object.keys(g.codes)));
  const routeCodes = new Set(m.routes.filter((r) => r.code).map((r) => r.code!));
  const known = new Set([...routeCodes, ...groupCodes]);

  // Every route has a known permission code (its own, an inherited one, a guarding one) or is public.
  for (const r of m.routes) {
    if (r.public) continue;
    const code = r.code ?? r.authority;
    if (!code) problems.push(`route ${r.path}: no permission code (give code, authority or public: true)`);
    else if (!known.has(code)) problems.push(`route ${r.path}: authority ${code} is not a route code nor a listed permission`);
  }

  // Every menu entry resolves to a route.
  const walk = (nodes: MenuNode[], depth: number) => {
    for (const n of nodes) {
      if (depth > 0 && !n.path) problems.push(`menu entry ${n.alias}: has no route`);
      if (n.path && !routeByPath.has(n.path)) problems.push(`menu entry ${n.alias}: route ${n.path} does not exist`);
      if (depth > 2) problems.push(`menu entry ${n.alias}: the menu has at most three levels`);
      walk(n.subMenus, depth + 1);
    }
  };
  walk(m.menu, 0);

  // Every resource route resolves to a resource; every field's mapping, rule and reference exists.
  for (const r of m.routes) {
    if (r.resource && !resourceByName.has(r.resource)) problems.push(`route ${r.path}: resource ${r.resource} does not exist`);
    if (!r.resource && !r.page && !r.external && !r.variantOf) problems.push(`route ${r.path}: shows neither a resource nor a page`);
  }
  const usedRules = new Set<string>();
  const usedMappings = new Set<string>();
  for (const res of m.resources) {
    if (!res.code) problems.push(`resource ${res.name}: no authority code`);
    else if (!known.has(res.code)) problems.push(`resource ${res.name}: authority ${res.code} is unknown`);
    for (const f of res.fields) {
      if (f.rule) {
        usedRules.add(f.rule);
        if (!m.rules[f.rule]) problems.push(`resource ${res.name} field ${f.name}: rule ${f.rule} does not exist`);
      }
      if (f.mapping) {
        usedMappings.add(f.mapping);
        if (!m.mappings[f.mapping]) problems.push(`resource ${res.name} field ${f.name}: mapping ${f.mapping} does not exist`);
      }
      if (f.ref && !resourceByName.has(f.ref.resource)) problems.push(`resource ${res.name} field ${f.name}: reference ${f.ref.resource} does not exist`);
    }
  }
  // No unused mapping or rule (those used by hand-written code say so with usage: code).
  for (const [name, rule] of Object.entries(m.rules)) {
    if (rule.usage !== "code" && !usedRules.has(name)) problems.push(`rule ${name} is used by no field (mark usage: code if hand-written code uses it)`);
  }
  for (const [name, mapping] of Object.entries(m.mappings)) {
    if (mapping.usage !== "code" && !usedMappings.has(name)) problems.push(`mapping ${name} is used by no field (mark usage: code if hand-written code uses it)`);
  }

  // No duplicate code outside the explicit list (children and variants share their parent's code).
  const byCode = new Map<string, string[]>();
  for (const r of m.routes) {
    if (!r.code || r.parent || r.variantOf) continue;
    byCode.set(r.code, [...(byCode.get(r.code) ?? []), r.path]);
  }
  for (const [code, paths] of byCode) {
    if (paths.length < 2) continue;
    const allowed = m.allowedDuplicateRouteCodes[code];
    if (!allowed || [...paths].sort().join() !== [...allowed].sort().join()) {
      problems.push(`code ${code} is given to ${paths.join(", ")} (not in allowedDuplicateRouteCodes)`);
    }
  }
  for (const code of Object.keys(m.allowedDuplicateRouteCodes)) {
    if ((byCode.get(code) ?? []).length < 2) problems.push(`allowedDuplicateRouteCodes lists ${code}, which is not duplicated`);
  }
  // A code declared in two places means one thing: listed once among the groups, and a group that
  // lists a route's code (a guide step opening that route) gives it the route's title.
  const groupSeen = new Map<string, string>();
  for (const [group, g] of Object.entries(m.permissionGroups)) {
    for (const [code, name] of Object.entries(g.codes)) {
      if (groupSeen.has(code)) problems.push(`permission ${code} is declared twice: in group ${groupSeen.get(code)} and in group ${group} (schemas/permissions.yaml)`);
      groupSeen.set(code, group);
      const route = byCode.get(code) ? routeByPath.get(byCode.get(code)![0]) : undefined;
      if (route && route.title !== name) {
        problems.push(`permission ${code} is declared twice with different meanings: route ${route.path} "${route.title}" and group ${group} "${name}"`);
      }
    }
  }

  // Every route of spec §2 is present, with the spec's code.
  for (const [path, code] of m.specRoutes) {
    const r = routeByPath.get(path);
    if (!r) problems.push(`spec route ${path} is missing`);
    else if (code && r.code !== code) problems.push(`spec route ${path}: code is ${r.code ?? "none"}, the spec says ${code}`);
  }
  return problems;
}
