// The typed client of the declared operations (generated/api-client.ts) over the one request
// wrapper: every call keeps its signature header, XHR marker, error mapping and options.
//   const user = await api.getCurrentUser({ query: { communityId } }, { silent: true });
import { createApiClient, type OperationCall } from "../../../generated/api-client.ts";
import { request, withQuery, type Method, type RequestOptions } from "./request.ts";
import { scalarText } from "../../common/scalar-text.ts";

/** The path with its :names filled in (encoded). */
export function fillPath(path: string, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(scalarText(values[name])));
}

/**
 * How a declared operation goes out through `send` (the request wrapper): GET sends the query as its
 * payload (the wrapper makes it the query string); other methods send the body, the query in the URL.
 */
export function performThrough(send: (method: Method, url: string, data?: unknown, options?: RequestOptions) => Promise<unknown>): (call: OperationCall, options?: RequestOptions) => Promise<unknown> {
  return (call, options) => {
    const method = call.method.toLowerCase() as Method;
    const path = fillPath(call.path, call.params);
    if (method === "get") return send(method, path, call.query, options);
    return send(method, withQuery(path, call.query as Record<string, unknown> | undefined), call.body, options);
  };
}

export const api = createApiClient<RequestOptions>(performThrough(request));
