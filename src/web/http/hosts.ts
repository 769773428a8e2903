// spec §7: the prefixes below map to per-environment hosts, and the base address depends on the
// host the app is served from. The spec names neither the hosts nor their addresses, and DESIGN
// serves every prefix from one origin, so the table is empty: the app calls its own origin. A
// deployment that splits the services lists "<page host>": "<service address>" here.

/** Path prefixes the server (and the dev server's proxy) answers. */
export const proxyPrefixes = ["/api", "/device-carrier", "/device-nissan", "/proxyAuth", "/tenantApi", "/proxyChain"] as const;

/** Page host → service base address. */
export const hostTable: Readonly<Record<string, string>> = {};

/** The base address for the page's host; "" = the same origin. */
export function baseURLFor(hostname: string | undefined, table: Readonly<Record<string, string>> = hostTable): string {
  return (hostname && table[hostname]) || "";
}
