// The authority codes a role can hold, as a tree for picking them (spec §6: route codes are the
// permission codes): the menu's groups and entries (generated/routes.ts), then route codes that are
// not menu entries, then the permission groups of generated/permissions.ts (guide steps, boards,
// edge service). Group keys start with "group:" and are not codes. Each code appears once (the
// spec's duplicated codes and the children that share their parent's code are listed once).
import type { MenuNode } from "../../../../generated/model-types.ts";
import { permissionGroups } from "../../../../generated/permissions.ts";
import { menu, routes } from "../../../../generated/routes.ts";

export interface AuthorityNode {
  key: string;
  title: string;
  children?: AuthorityNode[];
}

export const isGroupKey = (key: string) => key.startsWith("group:");

export function authorityTree(fillScene: (text: string) => string = (t) => t): AuthorityNode[] {
  const seen = new Set<string>();
  const entries = (nodes: readonly MenuNode[]): AuthorityNode[] =>
    nodes.flatMap((n) => {
      const children = entries(n.subMenus);
      if (!n.code || seen.has(n.code)) return children;
      seen.add(n.code);
      return [{ key: n.code, title: fillScene(n.alias), ...(children.length ? { children } : {}) }];
    });
  const tree: AuthorityNode[] = menu.map((g) => ({ key: `group:${g.index}`, title: fillScene(g.alias), children: entries(g.subMenus) })).filter((g) => g.children.length > 0);

  const others: AuthorityNode[] = [];
  for (const r of routes) {
    if (!r.code || seen.has(r.code)) continue;
    seen.add(r.code);
    others.push({ key: r.code, title: fillScene(r.title) });
  }
  if (others.length) tree.push({ key: "group:otherPages", title: "其他页面", children: others });

  for (const [name, group] of Object.entries(permissionGroups)) {
    const children = Object.entries(group.codes)
      .filter(([code]) => !seen.has(code))
      .map(([code, title]) => {
        seen.add(code);
        return { key: code, title };
      });
    if (children.length) tree.push({ key: `group:${name}`, title: group.description, children });
  }
  return tree;
}

/** code → name, for showing a role's authorities. */
export function authorityNames(fillScene?: (text: string) => string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (nodes: AuthorityNode[]) => {
    for (const n of nodes) {
      if (!isGroupKey(n.key)) out.set(n.key, n.title);
      if (n.children) walk(n.children);
    }
  };
  walk(authorityTree(fillScene));
  return out;
}

/** The codes of a stored value: a JSON array (or its text) of codes or {code} objects. */
export function codesOf(value: unknown): string[] {
  let v = value;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(v)) return [];
  const out: string[] = [];
  for (const item of v) {
    const code = typeof item === "string" ? item : item && typeof item === "object" ? (item as { code?: unknown }).code : undefined;
    if (typeof code === "string" && !out.includes(code)) out.push(code);
  }
  return out;
}
