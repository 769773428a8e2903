import { describe, expect, it } from "vitest";
import { canCloseTabs, closeTab, type Tab, type TabsState } from "../../../../src/web/shell/tabs-state.ts";

const tab = (path: string): Tab => ({ index: path.slice(1), title: path, path, fullPath: `${path}?q=1`, isTenantMenu: false });
const state = (active: string, ...paths: string[]): TabsState => ({ tabs: paths.map(tab), activePath: active });

describe("closing tabs", () => {
  it("activates the right neighbour when the active tab is closed", () => {
    const { state: next, navigateTo } = closeTab(state("/b", "/a", "/b", "/c"), "/b");
    expect(next.tabs.map((t) => t.path)).toEqual(["/a", "/c"]);
    expect(next.activePath).toBe("/c");
    expect(navigateTo).toBe("/c?q=1");
  });

  it("activates the left neighbour when the closed active tab was the last one", () => {
    const { state: next, navigateTo } = closeTab(state("/c", "/a", "/b", "/c"), "/c");
    expect(next.activePath).toBe("/b");
    expect(navigateTo).toBe("/b?q=1");
  });

  it("keeps the active tab and does not navigate when another tab is closed", () => {
    const { state: next, navigateTo } = closeTab(state("/a", "/a", "/b"), "/b");
    expect(next).toEqual({ tabs: [tab("/a")], activePath: "/a" });
    expect(navigateTo).toBeUndefined();
  });

  it("shows the close icon only with more than one tab, and never closes the last tab", () => {
    expect(canCloseTabs([tab("/a")])).toBe(false);
    expect(canCloseTabs([tab("/a"), tab("/b")])).toBe(true);
    const only = state("/a", "/a");
    expect(closeTab(only, "/a").state).toBe(only);
  });

  it("ignores an unknown tab", () => {
    const s = state("/a", "/a", "/b");
    expect(closeTab(s, "/zzz").state).toBe(s);
  });
});
