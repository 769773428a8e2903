// spec §7 Tracking: a call's body is its JSON text, gzipped. Every current browser gzips by itself
// (CompressionStream), so the shell's first load carries no compressor; pako (encode.ts, a chunk of
// its own) is fetched only by a browser without one.

/** The gzip bytes of a value's JSON. */
export async function gzipBody(value: unknown): Promise<ArrayBuffer> {
  if (typeof CompressionStream === "function") {
    const stream = new Blob([JSON.stringify(value)]).stream().pipeThrough(new CompressionStream("gzip"));
    return new Response(stream).arrayBuffer();
  }
  const { gzipJson } = await import("./encode.ts");
  return gzipJson(value).buffer;
}
