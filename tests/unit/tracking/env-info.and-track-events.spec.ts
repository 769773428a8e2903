import { describe, expect, it } from "vitest";
import { clientCodeOf, CLIENT_CODE_KEY, environmentOf } from "../../../src/web/tracking/env-info.ts";
import { recordOf } from "../../../src/web/tracking/useTracking.ts";
import { MemoryStorage } from "../../../src/web/state/storage.ts";

describe("environment info (spec §7 /pick/envInfo)", () => {
  it("reads OS, browser and browser version from the user agent", () => {
    expect(environmentOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36")).toEqual({
      os: "Windows 10",
      browser: "Chrome",
      browserVersion: "124.0.6367.91",
    });
    expect(environmentOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67")).toMatchObject({
      browser: "Edge",
      browserVersion: "124.0.2478.67",
    });
    expect(environmentOf("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15")).toEqual({
      os: "macOS",
      browser: "Safari",
      browserVersion: "17.4",
    });
    expect(environmentOf("Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0")).toEqual({ os: "Linux", browser: "Firefox", browserVersion: "125.0" });
    expect(environmentOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47")).toMatchObject({
      os: "iOS",
      browser: "WeChat",
    });
    expect(environmentOf("curl/8.0")).toEqual({ os: "Unknown", browser: "Unknown", browserVersion: "" });
  });

  it("keeps one client code per browser", () => {
    const storage = new MemoryStorage();
    const first = clientCodeOf(storage, () => "abcdef123456");
    expect(first).toBe("abcdef123456");
    expect(clientCodeOf(storage, () => "other-code-99")).toBe("abcdef123456");
    storage.setItem(CLIENT_CODE_KEY, "bad code!");
    expect(clientCodeOf(storage, () => "fresh-code-1")).toBe("fresh-code-1");
  });
});

describe("neptune:track events become click records (spec §3 lc, ety, rt, et, biz)", () => {
  it("takes the code, event type and business data, the route and the time", () => {
    expect(recordOf({ lc: "workbench" }, "/workbench/benchlayout", 123)).toEqual({ lc: "workbench", ety: "click", rt: "/workbench/benchlayout", et: 123 });
    expect(recordOf({ lc: "pay", ety: "view", biz: { a: 1 } }, "/p", 5)).toEqual({ lc: "pay", ety: "view", rt: "/p", et: 5, biz: { a: 1 } });
  });

  it("ignores events without a code", () => {
    expect(recordOf({}, "/", 1)).toBeNull();
    expect(recordOf({ lc: "  " }, "/", 1)).toBeNull();
    expect(recordOf(null, "/", 1)).toBeNull();
  });
});
