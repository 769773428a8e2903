// spec §7 Tracking: both tracking calls are gzip-compressed. The body is the JSON text, gzipped with
// pako 3 (named imports: pako 3 has no default export), sent with Content-Encoding: gzip. The sender
// uses it only in a browser without CompressionStream (compress.ts).
import { gzip, ungzip } from "pako";

/** The gzip bytes of a value's JSON, as an exact-size ArrayBuffer-backed array. */
export function gzipJson(value: unknown): Uint8Array<ArrayBuffer> {
  const bytes = gzip(new TextEncoder().encode(JSON.stringify(value)));
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

/** The value of gzipped JSON bytes (the reverse of gzipJson; tests and diagnostics). */
export function gunzipJson(bytes: Uint8Array): unknown {
  return JSON.parse(new TextDecoder().decode(ungzip(bytes)));
}
