// The tracking body's gzip: the browser's own CompressionStream where there is one, pako (encode.ts)
// where there is none; both give bytes the server reads back as the same JSON.
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeTrackingBody } from "../../../src/server/workbench/tracking.ts";
import { gzipBody } from "../../../src/web/tracking/compress.ts";
import { gunzipJson } from "../../../src/web/tracking/encode.ts";

const body = { clientCode: "c-1", dataList: [{ lc: "workbench", ety: "click", rt: "/workbench/benchlayout", et: 1_700_000_000_000, biz: { 名称: "收费概况" } }] };

describe("tracking bodies are gzipped by the browser, or by pako without CompressionStream", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("uses CompressionStream when the browser has it", async () => {
    const made = vi.fn();
    const Native = globalThis.CompressionStream;
    vi.stubGlobal(
      "CompressionStream",
      class extends Native {
        constructor(format: CompressionFormat) {
          super(format);
          made(format);
        }
      },
    );
    const bytes = new Uint8Array(await gzipBody(body));
    expect(made).toHaveBeenCalledWith("gzip");
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(gunzipJson(bytes)).toEqual(body);
    await expect(decodeTrackingBody(Buffer.from(bytes), "gzip")).resolves.toEqual(body);
  });

  it("falls back to pako without it", async () => {
    vi.stubGlobal("CompressionStream", undefined);
    const bytes = new Uint8Array(await gzipBody(body));
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    await expect(decodeTrackingBody(Buffer.from(bytes), "gzip")).resolves.toEqual(body);
  });
});
