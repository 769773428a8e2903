// Where a webhook may go (src/server/webhooks/addresses.ts): internal addresses, literal or resolved,
// are refused unless allowed.
import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { guardedLookup, isInternalAddress, pushUrlProblem } from "../../../src/server/webhooks/addresses.ts";
import { webhookSignature } from "../../../src/server/webhooks/signature.ts";

describe("webhook addresses", () => {
  it("knows the internal ranges, IPv4-mapped IPv6 included", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::5",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
    ])
      expect(isInternalAddress(a), a).toBe(true);
    for (const a of ["8.8.8.8", "172.32.0.1", "203.0.113.5", "2001:4860:4860::8888", "::ffff:8.8.8.8"]) expect(isInternalAddress(a), a).toBe(false);
  });

  it("refuses other schemes, and internal literals and localhost unless allowed", () => {
    expect(pushUrlProblem("ftp://example.com/x", false)).toBe("scheme");
    expect(pushUrlProblem("not a url", true)).toBe("scheme");
    expect(pushUrlProblem("https://erp.example.com/hooks", false)).toBeNull();
    for (const u of ["http://127.0.0.1:8080/x", "http://localhost/x", "http://api.localhost/x", "http://[::1]/x", "http://10.0.0.8/x", "http://[::ffff:192.168.0.1]/x"]) {
      expect(pushUrlProblem(u, false), u).toBe("internal");
      expect(pushUrlProblem(u, true), u).toBeNull();
    }
  });

  it("refuses a host name that resolves inward where it is resolved", async () => {
    const resolving = (addresses: LookupAddress[]) => ((_host: string, _options: unknown, cb: (err: null, a: LookupAddress[]) => void) => cb(null, addresses)) as never;
    const lookup = (allow: boolean, addresses: LookupAddress[]) =>
      new Promise<{ err: NodeJS.ErrnoException | null; address: string }>((resolve) =>
        guardedLookup(allow, resolving(addresses))("hooks.example.com", {}, (err, address) => resolve({ err, address: typeof address === "string" ? address : "" })),
      );
    const inward = [
      { address: "203.0.113.9", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ];
    expect((await lookup(false, inward)).err?.code).toBe("EINTERNAL");
    expect(await lookup(true, inward)).toEqual({ err: null, address: "203.0.113.9" });
    expect(await lookup(false, [{ address: "203.0.113.9", family: 4 }])).toEqual({ err: null, address: "203.0.113.9" });
  });

  it("signs timestamp.body with HMAC-SHA256, hex", () => {
    // echo -n '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
    expect(webhookSignature("whsec_test", 1700000000, '{"a":1}')).toBe("38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789");
  });
});
