// A page's tab opens when the navigation happens, from the route table, not when the page renders:
// a page the user leaves before its chunk has loaded (so it never rendered) keeps its tab.
import { UNSAFE_createMemoryHistory } from "react-router";
import { describe, expect, it } from "vitest";
import { withListeners } from "../../../../src/web/providers/history.ts";
import { emptyTabs, openTabForLocation, type TabNavigationContext } from "../../../../src/web/shell/tabs-state.ts";
import { TabsTracker } from "../../../../src/web/shell/tabs-tracker.ts";
import { routes } from "./fixtures.ts";

const context = (refused: string[] = []): TabNavigationContext => ({ routes, sceneName: "小区", allowed: (path) => !refused.includes(path) });

/** A history like the app's: React Router's (here in memory) with any number of listeners. */
const history = (path: string) => withListeners(UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }));

describe("tabs open on navigation", () => {
  it("opens the tab of the route navigated to, with the route table's title and code", () => {
    const s = openTabForLocation(emptyTabs, { pathname: "/community/community", search: "?page=2" }, context());
    expect(s.tabs).toEqual([{ index: "community", title: "小区信息", path: "/community/community", fullPath: "/community/community?page=2", code: "HBL01001", isTenantMenu: false }]);
    expect(s.activePath).toBe("/community/community");
  });

  it("keeps the tab of a page left before it rendered: two quick navigations, no rendering in between", () => {
    const h = history("/community/community");
    const tracker = new TabsTracker(emptyTabs, () => context());
    // The router is the history's other listener; its (transition) update may never render the first page.
    const routerSaw: string[] = [];
    const stopRouter = h.listen(({ location }) => routerSaw.push(location.pathname));
    const stop = tracker.follow(h);

    h.push("/community/house");
    h.push("/system/user?keyword=a");

    expect(routerSaw).toEqual(["/community/house", "/system/user"]);
    expect(tracker.getState().tabs.map((t) => [t.title, t.fullPath])).toEqual([
      ["小区信息", "/community/community"],
      ["房屋管理", "/community/house"],
      ["用户管理", "/system/user?keyword=a"],
    ]);
    expect(tracker.getState().activePath).toBe("/system/user");
    stop();
    stopRouter();
  });

  it("tells its subscribers at once, and stops following when told to", () => {
    const h = history("/community/community");
    const tracker = new TabsTracker(emptyTabs, () => context());
    let changes = 0;
    tracker.subscribe(() => changes++);
    const stop = tracker.follow(h);
    expect(changes).toBe(1);
    h.push("/community/house");
    expect(changes).toBe(2);
    stop();
    h.push("/system/user");
    expect(tracker.getState().tabs.map((t) => t.path)).toEqual(["/community/community", "/community/house"]);
  });

  it("opens no tab where the guards refuse the page (they redirect instead), nor for pages without tabs", () => {
    const h = history("/community/community");
    const tracker = new TabsTracker(emptyTabs, () => context(["/system/user"]));
    tracker.follow(h);
    h.push("/system/user");
    expect(tracker.getState().tabs.map((t) => t.path)).toEqual(["/community/community"]);
    expect(tracker.getState().activePath).toBe("/community/community");
    h.push("/workbench/benchlayout");
    expect(tracker.getState().tabs.map((t) => t.path)).toEqual(["/community/community"]);
    expect(tracker.getState().activePath).toBeNull();
  });

  it("browser back reopens the earlier page's tab as the active one", () => {
    const h = history("/community/community");
    const tracker = new TabsTracker(emptyTabs, () => context());
    tracker.follow(h);
    h.push("/community/house");
    h.go(-1);
    expect(tracker.getState().activePath).toBe("/community/community");
    expect(tracker.getState().tabs).toHaveLength(2);
  });
});
