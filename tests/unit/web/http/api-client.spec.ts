// The generated client performs each declared operation through the request wrapper: path
// parameters filled in, GET input as the query, other methods' body as the payload and their query
// in the URL, the wrapper's options passed on.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../../../generated/api-client.ts";
import { performThrough } from "../../../../src/web/http/api.ts";
import type { RequestOptions } from "../../../../src/web/http/request.ts";

// The client as the app builds it (src/web/http/api.ts), over a recording wrapper instead of the real one.
const request = vi.fn(async (..._args: unknown[]) => ({}));
const api = createApiClient<RequestOptions>(performThrough(request));

describe("the typed API client", () => {
  beforeEach(() => request.mockClear());

  it("fills path parameters and sends a GET's query as its payload", async () => {
    await api.getUserCenter({ params: { userId: 7 } });
    expect(request).toHaveBeenCalledWith("get", "/api/auth/user/7/center", undefined, undefined);
    await api.getCurrentUser({ query: { communityId: 3 } }, { silent: true });
    expect(request).toHaveBeenLastCalledWith("get", "/api/system/homepage/user", { communityId: 3 }, { silent: true });
  });

  it("sends a POST's body as the payload and its query in the URL", async () => {
    await api.login({ body: { username: "admin", password: "pw" } }, { loading: "登录中..." });
    expect(request).toHaveBeenCalledWith("post", "/api/auth/login", { username: "admin", password: "pw" }, { loading: "登录中..." });
    await api.getTicket({ query: { type: "a b" } });
    expect(request).toHaveBeenLastCalledWith("post", "/api/auth/homepage/actions/getTicket?type=a%20b", undefined, undefined);
  });
});
