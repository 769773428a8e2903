import { describe, expect, it } from "vitest";
import { buildMenu, collapsedAfterResize, collapsedForWidth, findEntry, menuAction, menuThemeTokens, menuWidthFor, ticketUrl } from "../../../../src/web/shell/menu-state.ts";
import { webMenuList } from "./fixtures.ts";

describe("menu collapse", () => {
  it("collapses when the window is under 1280 px", () => {
    expect(collapsedForWidth(1279)).toBe(true);
    expect(collapsedForWidth(1280)).toBe(false);
  });

  it("follows the window only when it crosses 1280 px, else keeps the user's choice", () => {
    expect(collapsedAfterResize(1400, 1200, false)).toBe(true);
    expect(collapsedAfterResize(1200, 1400, true)).toBe(false);
    expect(collapsedAfterResize(1400, 1300, true)).toBe(true);
    expect(collapsedAfterResize(1000, 1100, false)).toBe(false);
  });

  it("is 240 px wide, 60 px collapsed", () => {
    expect(menuWidthFor(false)).toBe(240);
    expect(menuWidthFor(true)).toBe(60);
  });
});

describe("menu item actions", () => {
  const entries = buildMenu(webMenuList);
  const action = (key: string) => menuAction(findEntry(entries, key)!);

  it("navigates to the item's path", () => {
    expect(action("/community/house")).toEqual({ kind: "navigate", path: "/community/house" });
  });

  it("opens external-window items in a new window", () => {
    expect(action("/system/ai")).toEqual({ kind: "window", url: "https://ai.example.com/" });
    expect(action("/system/nucleinCompartment")).toEqual({ kind: "window", url: "", hashPath: "/system/nucleinCompartment" });
    expect(action("/system/charge")).toEqual({ kind: "chargeUrl" });
  });

  it("fetches a ticket for a system-menu app", () => {
    expect(action("/system/app")).toEqual({ kind: "ticket", ticketType: "APP01", applicationUrl: "https://app.example.com/entry?x=1" });
  });

  it("appends ticket and communityId to the application URL", () => {
    expect(ticketUrl("https://app.example.com/entry?x=1", "T1", 1001)).toBe("https://app.example.com/entry?x=1&ticket=T1&communityId=1001");
    expect(ticketUrl("https://app.example.com/#/home", "T 2", null)).toBe("https://app.example.com/?ticket=T+2#/home");
  });
});

describe("menu theme", () => {
  it("maps the SSO theme colours onto the menu and leaves unset ones to antd", () => {
    expect(
      menuThemeTokens({ menuBackGroundColor: "#001529", menuTextColor: "#ccc", menuTextHighColor: "#fff", menuTextHighSelBgColor: "#1677ff", chooseHoverColor: "#123", placeholderColor: "" }),
    ).toEqual({
      darkItemBg: "#001529",
      darkSubMenuItemBg: "#001529",
      darkPopupBg: "#001529",
      darkItemColor: "#ccc",
      darkItemSelectedColor: "#fff",
      darkItemSelectedBg: "#1677ff",
      darkItemHoverBg: "#123",
      darkItemHoverColor: "#fff",
    });
    expect(menuThemeTokens(null)).toEqual({});
  });
});
