// The login page's redirect target (authProvider.safeRedirect) is only ever a same-origin path: "/"
// followed by neither "/" nor "\" (a browser reads "/\evil.com" as "//evil.com", another host), with
// no control characters, also once decoded; anything else falls back to the home page.
import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../../../src/web/providers/authProvider.ts";

describe("safeRedirect", () => {
  it("keeps a path of the app, with its query", () => {
    expect(safeRedirect("/ok/path")).toBe("/ok/path");
    expect(safeRedirect("/community/house?status=5&name=%E4%B8%80")).toBe("/community/house?status=5&name=%E4%B8%80");
    expect(safeRedirect("/")).toBe("/");
  });

  it.each([
    ["/\\evil.com"],
    ["//evil.com"],
    ["/\\/evil.com"],
    ["/%5Cevil.com"],
    ["/%5cevil.com"],
    ["/%2Fevil.com"],
    ["https://evil.com"],
    ["javascript:alert(1)"],
    ["evil.com"],
    ["/\t/evil.com"],
    ["/\n/evil.com"],
    ["/%09/evil.com"],
    ["/%E0%A4%A"],
    [""],
    [undefined],
    [["/ok"]],
  ])("refuses %j", (target) => {
    expect(safeRedirect(target)).toBeUndefined();
  });
});
