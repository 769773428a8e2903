import { gzipSync } from "node:zlib";
import { ungzip } from "pako";
import { describe, expect, it } from "vitest";
import { decodeTrackingBody, normalizeClickRecord } from "../../../src/server/workbench/tracking.ts";
import { gunzipJson, gzipJson } from "../../../src/web/tracking/encode.ts";

const body = {
  clientCode: "c-123456789",
  dataList: [
    { lc: "workbench", ety: "click", rt: "/workbench/benchlayout", et: 1_700_000_000_000 },
    { lc: "pay_guide_pricing", ety: "click", rt: "/propertyPayment/cashier", et: 1_700_000_001_000, biz: { step: 1, 名称: "计价类型" } },
  ],
};

describe("tracking bodies are gzip (pako 3) and the server reads them back", () => {
  it("round-trips through the web encoder and the server decoder", async () => {
    const bytes = gzipJson(body);
    expect(bytes[0]).toBe(0x1f);
    expect(bytes[1]).toBe(0x8b);
    await expect(decodeTrackingBody(Buffer.from(bytes), "gzip")).resolves.toEqual(body);
  });

  it("round-trips on the web side too (pako ungzip)", () => {
    const bytes = gzipJson(body);
    expect(gunzipJson(bytes)).toEqual(body);
    expect(JSON.parse(new TextDecoder().decode(ungzip(bytes)))).toEqual(body);
    expect(bytes.byteLength).toBe(bytes.buffer.byteLength);
  });

  it("reads node's gzip and plain JSON as well", async () => {
    await expect(decodeTrackingBody(gzipSync(JSON.stringify(body)), "gzip")).resolves.toEqual(body);
    await expect(decodeTrackingBody(Buffer.from(JSON.stringify(body)), undefined)).resolves.toEqual(body);
  });

  it("refuses a body that unpacks beyond the limit (413), broken gzip (400) and other encodings (415)", async () => {
    const bomb = gzipSync(Buffer.alloc(3 * 1024 * 1024, 32));
    expect(bomb.length).toBeLessThan(10_000);
    await expect(decodeTrackingBody(bomb, "gzip")).rejects.toMatchObject({ httpStatus: 413 });
    await expect(decodeTrackingBody(Buffer.from("not gzip"), "gzip")).rejects.toMatchObject({ httpStatus: 400 });
    await expect(decodeTrackingBody(Buffer.from("{}"), "br")).rejects.toMatchObject({ httpStatus: 415 });
  });
});

describe("a reported record as the server stores it", () => {
  const now = new Date("2024-05-01T00:00:00Z");

  it("keeps lc, ety, rt, the event time and biz", () => {
    expect(normalizeClickRecord(body.dataList[1], now)).toEqual({
      lc: "pay_guide_pricing",
      ety: "click",
      rt: "/propertyPayment/cashier",
      eventTime: new Date(1_700_000_001_000).toISOString(),
      biz: JSON.stringify({ step: 1, 名称: "计价类型" }),
    });
  });

  it("drops a record without a code and fills what is missing", () => {
    expect(normalizeClickRecord({ ety: "click" }, now)).toBeNull();
    expect(normalizeClickRecord("x", now)).toBeNull();
    expect(normalizeClickRecord({ lc: "a", et: "not a time" }, now)).toEqual({ lc: "a", ety: "click", rt: null, eventTime: now.toISOString(), biz: null });
    expect(normalizeClickRecord({ lc: "a", et: "1700000000000" }, now)?.eventTime).toBe(new Date(1_700_000_000_000).toISOString());
  });

  it("drops business data over 2 KB", () => {
    expect(normalizeClickRecord({ lc: "a", biz: "x".repeat(3000) }, now)?.biz).toBeNull();
  });
});
