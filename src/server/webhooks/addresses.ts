// Where a webhook may be sent. A private, loopback, link-local or otherwise internal address would let
// a tenant reach the servers' own network (SSRF), so it is refused unless the subscription allows
// it (允许内网地址, which only the main account may turn on). A literal address is checked when the
// subscription is saved; a host name is checked where it is resolved, at each delivery (guardedLookup),
// so a name that later resolves inward is refused too.
import { BlockList, isIP } from "node:net";
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import type { LookupFunction } from "node:net";

const internal = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  internal.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  internal.addSubnet(net, bits, "ipv6");

/** An address of the servers' own networks (IPv4-mapped IPv6 read as its IPv4). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return internal.check(mapped[1], "ipv4");
  const family = isIP(address);
  if (family === 4) return internal.check(address, "ipv4");
  if (family === 6) return internal.check(address, "ipv6");
  return false;
}

export type UrlProblem = "scheme" | "internal";

/** What is wrong with a push address as written (the host name's addresses are checked at delivery). */
export function pushUrlProblem(url: string, allowInternal: boolean): UrlProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "scheme";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "scheme";
  if (allowInternal) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || isInternalAddress(host)) return "internal";
  return null;
}

/** A lookup for http.request that refuses a host name resolving to an internal address (unless allowed). */
export function guardedLookup(allowInternal: boolean, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true } as LookupAllOptions, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "", 0);
      const bad = !allowInternal && addresses.find((a) => isInternalAddress(a.address));
      if (bad) return callback(Object.assign(new Error(`${hostname} resolves to an internal address`), { code: "EINTERNAL" }), "", 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      callback(null, first.address, first.family);
    });
  };
}
