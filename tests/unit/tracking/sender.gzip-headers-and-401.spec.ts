import axios from "axios";
import { afterEach, describe, expect, it, vi } from "vitest";
import { gunzipJson } from "../../../src/web/tracking/encode.ts";
import { postGzip, sendClickRecords, sendEnvInfo, TrackingUnauthorized } from "../../../src/web/tracking/api.ts";

afterEach(() => vi.restoreAllMocks());

function capture(status = 200, data: unknown = { code: 0, data: null, success: true }) {
  const calls: Parameters<typeof axios.request>[0][] = [];
  vi.spyOn(axios, "request").mockImplementation(async (config) => {
    calls.push(config);
    return { status, data, headers: {}, config, statusText: "" };
  });
  return calls;
}

describe("the tracking calls (spec §7)", () => {
  it("POST /pick/pickInfo with a gzip body, Content-Encoding gzip, the XHR marker and a 3 s timeout", async () => {
    const calls = capture();
    const record = { lc: "workbench", ety: "click", rt: "/workbench/benchlayout", et: 1 };
    await sendClickRecords("client-1", [record]);
    const [config] = calls;
    expect(config.url).toBe("/pick/pickInfo");
    expect(config.method).toBe("post");
    expect(config.timeout).toBe(3000);
    expect(config.withCredentials).toBe(true);
    expect(config.headers).toMatchObject({ "Content-Encoding": "gzip", "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" });
    expect(gunzipJson(new Uint8Array(config.data as ArrayBuffer))).toEqual({ clientCode: "client-1", dataList: [record] });
  });

  it("POST /pick/envInfo with clientCode and environmentalInfo", async () => {
    const calls = capture();
    await sendEnvInfo("client-1", { os: "Linux", browser: "Chrome", browserVersion: "124" });
    expect(calls[0].url).toBe("/pick/envInfo");
    expect(gunzipJson(new Uint8Array(calls[0].data as ArrayBuffer))).toEqual({ clientCode: "client-1", environmentalInfo: { os: "Linux", browser: "Chrome", browserVersion: "124" } });
  });

  it("reports a 401 as TrackingUnauthorized and other failures as errors", async () => {
    capture(401, { code: 401 });
    await expect(postGzip("/pick/pickInfo", {})).rejects.toBeInstanceOf(TrackingUnauthorized);
    vi.restoreAllMocks();
    capture(200, { code: 40001 });
    await expect(postGzip("/pick/pickInfo", {})).rejects.toThrow(/failed/);
  });
});
