// The role form's authority tree lists every authority code of the schemas exactly once, names the
// menu entries by their menu titles, and reads stored values of either shape.
import { expect, test } from "vitest";
import { allAuthorityCodes } from "../../../../generated/permissions.ts";
import { authorityNames, authorityTree, codesOf, isGroupKey, type AuthorityNode } from "../../../../src/web/generic/authorities/authorityTree.ts";

const codesIn = (nodes: AuthorityNode[]): string[] => nodes.flatMap((n) => [...(isGroupKey(n.key) ? [] : [n.key]), ...codesIn(n.children ?? [])]);

test("every authority code appears once; groups are not codes", () => {
  const codes = codesIn(authorityTree());
  expect(new Set(codes).size).toBe(codes.length);
  expect([...codes].sort()).toEqual([...allAuthorityCodes].sort());
});

test("menu entries carry their titles with the scene name filled in", () => {
  const names = authorityNames((t) => t.replace(/\{scene\}/g, "园区"));
  expect(names.get("HBL01001")).toBe("园区信息");
  expect(names.get("HBL07011")).toBe("报事报修");
  expect(names.get("HBL23001")).toBeTruthy();
  expect(authorityTree()[0].key.startsWith("group:")).toBe(true);
});

test("stored values: arrays of codes or {code}, as values or JSON text", () => {
  expect(codesOf(["A", { code: "B" }, "A", 3])).toEqual(["A", "B"]);
  expect(codesOf('["X","Y"]')).toEqual(["X", "Y"]);
  expect(codesOf("not json")).toEqual([]);
  expect(codesOf(null)).toEqual([]);
});
