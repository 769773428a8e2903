// A session whose password an administrator set reaches only the operations that say
// `beforePasswordChange` (schemas/operations): the password gate's two calls, who it is and the
// password change; signing out is public. No public operation says it (it needs no session).
import { expect, it } from "vitest";
import { operations } from "../../../generated/operations.ts";

it("lets a session that must change its password reach who it is and the password change, nothing else", () => {
  const reachable = Object.values(operations)
    .filter((op) => "beforePasswordChange" in op)
    .map((op) => op.name)
    .sort();
  expect(reachable).toEqual(["getCurrentUser", "modifyPassword"]);
  const authorities: readonly unknown[] = Object.values(operations)
    .filter((op) => "beforePasswordChange" in op)
    .map((op) => op.authority);
  expect(authorities).not.toContain("public");
});
