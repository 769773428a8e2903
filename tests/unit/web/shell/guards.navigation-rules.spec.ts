import { describe, expect, it } from "vitest";
import { decideNavigation, type NavigationState } from "../../../../src/web/shell/guards.ts";
import { routes } from "./fixtures.ts";

const base: NavigationState = {
  routes,
  authorities: ["HBL01001", "HBL01003", "HBL03001", "HBL20001"],
  keyOpen: false,
  currentUrl: "http://host/neptune/#/community/house",
};
const decide = (path: string, over: Partial<NavigationState> = {}) => decideNavigation({ path }, { ...base, ...over });

describe("decideNavigation", () => {
  it("resets the workbench editing flag before every navigation, redirected or not", () => {
    for (const [path, over] of [
      ["/community/house", {}],
      ["/error/404", {}],
      ["/community/house", { authorities: null }],
      ["/login", {}],
    ] as const) {
      expect(decide(path, over).effects[0]).toEqual({ type: "resetWorkbenchEditing" });
    }
  });

  it("lets error paths straight through, even without authorities or with the key-open flag", () => {
    expect(decide("/error/403", { authorities: null, keyOpen: true })).toEqual({ effects: [{ type: "resetWorkbenchEditing" }] });
    expect(decide("/error/500").redirect).toBeUndefined();
  });

  it("sends the login route to the built-in login page when no safe-center login is configured", () => {
    expect(decide("/login", { authorities: null }).redirect).toBeUndefined();
  });

  it("sends the login route to the outside safe-center login, keyed when the URL contains /open/key", () => {
    const configured = { safeCenterLoginUrl: "https://sso.example.com/login", safeCenterKeyLoginUrl: "https://sso.example.com/key" };
    expect(decide("/login", configured).redirect).toEqual({ url: "https://sso.example.com/login" });
    expect(decide("/login", { ...configured, currentUrl: "http://host/neptune/#/open/key?k=1" }).redirect).toEqual({ url: "https://sso.example.com/key" });
  });

  it("sends every target but /open/key to /open/key while the key-open flag is set", () => {
    expect(decide("/community/house", { keyOpen: true }).redirect).toEqual({ path: "/open/key" });
    expect(decide("/open/key", { keyOpen: true }).redirect).toBeUndefined();
  });

  it("sets patrolType 4 on off-patrol paths and 1 on patrol paths", () => {
    expect(decide("/offPatrolManage/offPatrolPoint").effects).toContainEqual({ type: "setPatrolType", patrolType: 4 });
    expect(decide("/patrolManage/patrolPoint").effects).toContainEqual({ type: "setPatrolType", patrolType: 1 });
    expect(decide("/patrolManage/patrolPointIframe/2").effects).toContainEqual({ type: "setPatrolType", patrolType: 1 });
    expect(decide("/community/house").effects.some((e) => e.type === "setPatrolType")).toBe(false);
  });

  it("sends a click-tracking message for a route with lc, also below it", () => {
    expect(decide("/community/house").effects).toContainEqual({ type: "track", lc: "community_house" });
    expect(decide("/community/community/edit/3").effects).toContainEqual({ type: "track", lc: "community_community" });
    expect(decide("/system/user").effects.some((e) => e.type === "track")).toBe(false);
  });

  it("sends a guarded route to /login when no authorities are stored", () => {
    expect(decide("/community/house", { authorities: null }).redirect).toEqual({ path: "/login" });
  });

  it("sends a route whose code the user lacks to /error/403", () => {
    expect(decide("/community/house", { authorities: ["HBL01001"] }).redirect).toEqual({ path: "/error/403" });
    expect(decide("/workbench/benchlayout").redirect).toEqual({ path: "/error/403" });
  });

  it("guards a route without a code by its schema authority", () => {
    expect(decide("/system/taskcenter").redirect).toBeUndefined();
    expect(decide("/system/taskcenter", { authorities: ["HBL01001"] }).redirect).toEqual({ path: "/error/403" });
  });

  it("lets public and unknown routes through without authorities", () => {
    expect(decide("/open/key", { authorities: null }).redirect).toBeUndefined();
    expect(decide("/no/such/page", { authorities: null }).redirect).toBeUndefined();
  });

  it("does not track nor set the patrol type when the navigation is redirected", () => {
    const decision = decide("/patrolManage/patrolPoint", { authorities: [] });
    expect(decision.redirect).toEqual({ path: "/error/403" });
    expect(decision.effects).toEqual([{ type: "resetWorkbenchEditing" }]);
  });
});
