// Where login lands, which redirect targets are kept, and the access decision on authority codes.
import { describe, expect, it } from "vitest";
import { routes } from "../../../../generated/routes.ts";
import { canAccess } from "../../../../src/web/providers/accessControlProvider.ts";
import { HOME_PATH, homePath, safeRedirect } from "../../../../src/web/providers/authProvider.ts";
import { parseAuthorityCodes } from "../../../../src/web/state/session.ts";

describe("after login", () => {
  const workbench = routes.find((r) => r.path === HOME_PATH);
  it("goes to the workbench when the user may open it", () => {
    const code = workbench?.code ?? workbench?.authority;
    expect(homePath(code ? [code] : [])).toBe(HOME_PATH);
  });
  it("goes to the first permitted menu route otherwise (staff: community module only)", () => {
    if (!workbench?.code) return;
    expect(homePath(["HBL01003", "HBL01005"])).toBe("/community/house");
  });
  it("keeps only in-app redirect targets", () => {
    expect(safeRedirect("/community/house?status=5")).toBe("/community/house?status=5");
    expect(safeRedirect("//evil.example")).toBeUndefined();
    expect(safeRedirect("https://evil.example")).toBeUndefined();
    expect(safeRedirect("/login")).toBeUndefined();
    expect(safeRedirect(undefined)).toBeUndefined();
  });
});

describe("access control", () => {
  it("allows a resource whose code the user has, and refuses it otherwise", () => {
    expect(canAccess("rooms", "list", ["HBL01003"]).can).toBe(true);
    expect(canAccess("rooms", "list", ["HBL01001"])).toEqual({ can: false, reason: "您没有该功能模块权限，请联系管理员" });
    expect(canAccess("rooms", "list", null).can).toBe(false);
  });
  it("refuses actions a read-only resource does not offer", () => {
    expect(canAccess("operationLogs", "list", ["HBL03005"]).can).toBe(true);
    expect(canAccess("operationLogs", "create", ["HBL03005"]).can).toBe(false);
    expect(canAccess("operationLogs", "delete", ["HBL03005"]).can).toBe(false);
    expect(canAccess("rooms", "delete", ["HBL01003"]).can).toBe(true);
  });
  it("reads authorities stored as {code}, {permissionCode} or strings", () => {
    expect(parseAuthorityCodes('[{"code":"A"},{"permissionCode":"B"},"C",{}]')).toEqual(["A", "B", "C"]);
    expect(parseAuthorityCodes(null)).toBeNull();
    expect(parseAuthorityCodes("not json")).toBeNull();
  });
});
