// The residents' app's one request wrapper: every call goes through the typed client of the resident
// operations (generated/h5-client.ts) over this transport. Same origin, the resident cookie sent by
// the browser, the X-Requested-With marker on every call (the server needs it on every write), GET
// inputs as the query string. The answer is the envelope {code, message, data, success}: its data on
// success, else an H5Error with the server's own message (what the page shows).
import { createH5Client } from "../../generated/h5-client.ts";
import type { OperationCall } from "../../generated/api-client.ts";

/** A refused or failed call: the server's message, its code and the HTTP status (0 without an answer). */
export class H5Error extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
  ) {
    super(message);
    this.name = "H5Error";
  }
}

/** The message shown when the server could not be reached or did not answer with an envelope. */
const NETWORK_FAILED = "网络异常，请稍后重试";
/** A file's own type when the server takes it as declared; any other goes as application/octet-stream. */
const UPLOAD_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

function address(call: OperationCall): string {
  const params = (call.params ?? {}) as Record<string, string | number>;
  const path = call.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((call.query ?? {}) as Record<string, string | number | boolean | null | undefined>)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

async function transport(call: OperationCall): Promise<unknown> {
  const headers: Record<string, string> = { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" };
  const hasBody = call.method !== "GET" && call.body !== undefined;
  // An upload (a photo): the bytes themselves; the server reads the type from them.
  const file = call.body instanceof Blob ? call.body : null;
  if (hasBody) headers["Content-Type"] = file ? (UPLOAD_TYPES.has(file.type) ? file.type : "application/octet-stream") : "application/json";
  let response: Response;
  try {
    response = await fetch(address(call), { method: call.method, headers, credentials: "same-origin", body: file ?? (hasBody ? JSON.stringify(call.body) : undefined) });
  } catch {
    throw new H5Error(NETWORK_FAILED, 0, null);
  }
  const envelope = (await response.json().catch(() => null)) as { code?: number; message?: string; data?: unknown; success?: boolean } | null;
  if (response.ok && envelope?.success) return envelope.data;
  throw new H5Error(envelope?.message || NETWORK_FAILED, response.status, envelope?.code ?? null);
}

export const h5 = createH5Client(transport);
