// The guard rules against the product's own route table (generated/routes.ts).
import { describe, expect, it } from "vitest";
import { routes } from "../../../../generated/routes.ts";
import { decideNavigation } from "../../../../src/web/shell/guards.ts";
import { tabForRoute } from "../../../../src/web/shell/tabs-state.ts";
import { findRoute } from "../../../../src/web/shell/route-match.ts";

const decide = (path: string, authorities: string[] | null) => decideNavigation({ path }, { routes, authorities, keyOpen: false, currentUrl: "http://host/neptune/#" + path });

describe("guards over the generated routes", () => {
  it("let the public pages (login, key open, error) through without a session", () => {
    for (const path of ["/login", "/open/key", "/error/404"]) expect(decide(path, null).redirect).toBeUndefined();
  });

  it("send the community pages to login without authorities and to 403 without their code", () => {
    expect(decide("/community/house", null).redirect).toEqual({ path: "/login" });
    expect(decide("/community/house", ["HBL01001"]).redirect).toEqual({ path: "/error/403" });
    expect(decide("/community/house", ["HBL01003"]).redirect).toBeUndefined();
  });

  it("give the staff role (HBL01001, HBL01003, HBL01005) no system pages", () => {
    const staff = ["HBL01001", "HBL01003", "HBL01005"];
    expect(decide("/system/user", staff).redirect).toEqual({ path: "/error/403" });
    expect(decide("/community/people", staff).redirect).toBeUndefined();
  });

  it("find every in-frame route and give it a tab unless it hides tabs", () => {
    for (const r of routes.filter((r) => !r.outsideFrame && !r.path.includes(":"))) {
      expect(findRoute(r.path, routes)).toBe(r);
      expect(tabForRoute(r, r.path) === null).toBe(r.hideTabs);
    }
  });
});
