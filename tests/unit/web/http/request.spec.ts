// The request wrapper (spec §7, §8) against a real HTTP server on 127.0.0.1, through axios' Node
// adapter: nothing of axios is mocked; only how messages are shown and where navigation goes are
// observed through the wrapper's injection points.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { constants } from "../../../../generated/constants.ts";
import { messages } from "../../../../generated/errors.ts";
import { MemoryStorage } from "../../../../src/web/state/storage.ts";
import { buildQuery, configureRequest, fileNameOf, getErrorTable, http, isJsonFile, RequestError, resetRequestState, withQuery, type DownloadedFile } from "../../../../src/web/http/request.ts";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server;
let base = "";
const seen: Seen[] = [];
let errorTableMode: "ok" | "fail" = "ok";
let errorTableHits = 0;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = req.url ?? "/";
      const path = url.split("?")[0];
      seen.push({ method: req.method ?? "", url, headers: req.headers, body });
      if (path === "/api/basic/language/errorcode") {
        errorTableHits += 1;
        if (errorTableMode === "fail") return send(res, 500, { code: 500, message: "down" });
        return send(res, 200, { code: 0, message: "成功", data: { "40901": "数据已存在，请勿重复添加", "77": "映射的文字" }, success: true });
      }
      if (path === "/echo") {
        return send(res, 200, { code: 0, message: "成功", success: true, data: { method: req.method, url, body, contentType: req.headers["content-type"] ?? "" } });
      }
      if (path === "/biz") {
        const code = Number(new URL(url, "http://x").searchParams.get("code"));
        return send(res, 200, { code, message: "来自响应体的消息", data: { errors: [{ field: "name", message: "内容不能含有特殊字符" }] }, success: false });
      }
      if (path === "/invalid") {
        return send(res, 400, { code: 40001, message: "内容不能含有特殊字符", data: { errors: [{ field: "name", message: "内容不能含有特殊字符" }] }, success: false });
      }
      if (path === "/slow") {
        setTimeout(() => send(res, 200, { code: 0, data: "late", success: true }), 400);
        return;
      }
      if (path === "/boom") return send(res, 500, { code: 500, message: "boom" });
      if (path === "/file") {
        res.writeHead(200, {
          "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "content-disposition": `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent("入住申请_20240101120000.xlsx")}`,
        });
        return res.end(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff]));
      }
      if (path === "/unauth") return send(res, 401, { code: 401, message: "no session", success: false });
      if (path === "/forbid") return send(res, 401, { code: 403, status: 403, message: "no permission", success: false });
      if (path === "/lang/zh_CN.json") return send(res, 200, { hello: "你好" });
      if (path === "/plain.json-ish") return send(res, 200, { hello: "no code" });
      send(res, 404, { code: 404, message: "not found", success: false });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let shown: string[] = [];
let navigated: string[] = [];
let loadingShown = 0;
let loadingHidden = 0;

beforeEach(() => {
  (globalThis as { sessionStorage?: Storage }).sessionStorage = new MemoryStorage();
  resetRequestState();
  shown = [];
  navigated = [];
  loadingShown = 0;
  loadingHidden = 0;
  seen.length = 0;
  errorTableMode = "ok";
  errorTableHits = 0;
  configureRequest({
    adapter: "http",
    baseURL: base,
    showError: (text) => shown.push(text),
    navigate: (url) => navigated.push(url),
    showLoading: () => {
      loadingShown += 1;
      return () => {
        loadingHidden += 1;
      };
    },
  });
});

afterEach(() => {
  delete (globalThis as { sessionStorage?: Storage }).sessionStorage;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function rejection(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError);
    return error as RequestError;
  }
  throw new Error("expected the call to be rejected");
}

describe("query strings (spec §7: skip empty values except false, 0 and '')", () => {
  it("keeps false, 0 and the empty string, drops undefined and null", () => {
    expect(buildQuery({ a: false, b: 0, c: "", d: undefined, e: null, f: "x y" })).toBe("a=false&b=0&c=&f=x%20y");
  });
  it("repeats array keys and appends after an existing query", () => {
    expect(buildQuery({ ids: [1, null, 2] })).toBe("ids=1&ids=2");
    expect(withQuery("/a?x=1", { y: 2 })).toBe("/a?x=1&y=2");
    expect(withQuery("/a", {})).toBe("/a");
  });
  it("sends the GET payload as the query string", async () => {
    const data = await http.get<{ url: string }>("/echo", { communityId: 0, enabled: false, name: "", areaId: null, missing: undefined });
    expect(data.url).toBe("/echo?communityId=0&enabled=false&name=");
  });
});

describe("the message of a success", () => {
  it("is heard by onMessage (a save the server kept back says so), and the data resolves as ever", async () => {
    const heard: string[] = [];
    const data = await http.put<{ method: string }>("/echo", { unitPrice: "3.00" }, { onMessage: (m) => heard.push(m) });
    expect(data.method).toBe("PUT");
    expect(heard).toEqual(["成功"]);
  });
});

describe("headers and verbs", () => {
  it("sends the XHR marker and an empty signature when none is stored", async () => {
    await http.get("/echo");
    expect(seen[0].headers["x-requested-with"]).toBe("XMLHttpRequest");
    expect(seen[0].headers.signature).toBe("");
  });
  it("sends the stored signature", async () => {
    sessionStorage.setItem(constants.sessionKeys.signature, "sig-123");
    await http.post("/echo", { a: 1 });
    expect(seen[0].headers.signature).toBe("sig-123");
  });
  it("post / put / patch / delete send JSON bodies and resolve with data", async () => {
    for (const verb of ["post", "put", "patch", "delete"] as const) {
      const data = await http[verb]<{ method: string; body: string; contentType: string }>("/echo", { ids: [1, 2] });
      expect(data.method).toBe(verb.toUpperCase());
      expect(JSON.parse(data.body)).toEqual({ ids: [1, 2] });
      expect(data.contentType).toContain("application/json");
    }
  });
  it("multipart sends a FormData body", async () => {
    const form = new FormData();
    form.append("file", new Blob(["hello"], { type: "text/plain" }), "a.txt");
    form.append("folder", "x");
    const data = await http.multipart<{ method: string; body: string; contentType: string }>("/echo", form);
    expect(data.method).toBe("POST");
    expect(data.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(data.body).toContain('filename="a.txt"');
    expect(data.body).toContain("hello");
  });
  it("shows and hides the loading mask when asked", async () => {
    await http.get("/echo", undefined, { loading: true });
    expect([loadingShown, loadingHidden]).toEqual([1, 1]);
    await rejection(http.get("/boom", undefined, { loading: "处理中" }));
    expect([loadingShown, loadingHidden]).toEqual([2, 2]);
    await http.get("/echo");
    expect(loadingShown).toBe(2);
  });
});

describe("success check (spec §8)", () => {
  it("skips the check for URLs ending in .json and resolves with the whole body", async () => {
    expect(isJsonFile("/lang/zh_CN.json?v=1")).toBe(true);
    expect(isJsonFile("/lang/zh_CN.jsonp")).toBe(false);
    expect(await http.get("/lang/zh_CN.json")).toEqual({ hello: "你好" });
    expect(shown).toEqual([]);
  });
  it("rejects an HTTP 200 without a success code", async () => {
    const error = await rejection(http.get("/plain.json-ish"));
    expect(error.kind).toBe("business");
    expect(shown).toHaveLength(1);
  });
});

describe("business errors and the error-code table", () => {
  it("fetches the table first, then shows the mapped text", async () => {
    const error = await rejection(http.post("/biz?code=40901", {}));
    expect(errorTableHits).toBe(1);
    expect(shown).toEqual(["数据已存在，请勿重复添加"]);
    expect(error).toMatchObject({ code: 40901, status: 200, message: "数据已存在，请勿重复添加" });
    expect(error.data).toEqual({ errors: [{ field: "name", message: "内容不能含有特殊字符" }] });
    expect(getErrorTable()).not.toBeNull();
  });
  it("uses the cached table once loaded (no second fetch)", async () => {
    await rejection(http.post("/biz?code=77", {}));
    await rejection(http.post("/biz?code=40901", {}));
    expect(errorTableHits).toBe(1);
    expect(shown).toEqual(["映射的文字", "数据已存在，请勿重复添加"]);
  });
  it("shows the body message when the table has no text for the code", async () => {
    await rejection(http.post("/biz?code=12345", {}));
    expect(shown).toEqual(["来自响应体的消息"]);
  });
  it("shows 请求超时，请重试！ when the table cannot be fetched", async () => {
    errorTableMode = "fail";
    const error = await rejection(http.post("/biz?code=40901", {}));
    expect(shown).toEqual([messages.errorTableFailed]);
    expect(shown).toEqual(["请求超时，请重试！"]);
    expect(error.message).toBe("请求超时，请重试！");
    expect(getErrorTable()).toBeNull();
  });
  it("concurrent errors share one table fetch", async () => {
    await Promise.all([rejection(http.post("/biz?code=77", {})), rejection(http.post("/biz?code=77", {}))]);
    expect(errorTableHits).toBe(1);
  });
  it("a 400 validation error carries the field errors", async () => {
    const error = await rejection(http.post("/invalid", { name: "a$" }));
    expect(error.status).toBe(400);
    expect(error.code).toBe(40001);
    expect(error.fieldErrors).toEqual([{ field: "name", message: "内容不能含有特殊字符" }]);
  });
  it("hands the text to the call's own showError (the login page's alert), the same text, nothing to the app's", async () => {
    const own: string[] = [];
    const error = await rejection(http.post("/biz?code=40901", {}, { showError: (text) => own.push(text) }));
    expect(own).toEqual(["数据已存在，请勿重复添加"]);
    expect(shown).toEqual([]);
    expect(error.message).toBe("数据已存在，请勿重复添加");
    await rejection(http.get("/unauth", undefined, { showError: (text) => own.push(text), noAuthRedirect: true }));
    expect(own).toEqual(["数据已存在，请勿重复添加", "登录已超时或已在其他地方登录"]);
    expect(shown).toEqual([]);
  });
  it("stays quiet when asked, without fetching the table", async () => {
    const error = await rejection(http.post("/biz?code=77", {}, { silent: true }));
    expect(shown).toEqual([]);
    expect(errorTableHits).toBe(0);
    expect(error.message).toBe("来自响应体的消息");
  });
});

describe("HTTP failures (spec §8)", () => {
  it("timeout → 请求超时，请重试", async () => {
    const error = await rejection(http.get("/slow", undefined, { timeout: 50 }));
    expect(error.kind).toBe("timeout");
    expect(shown).toEqual(["请求超时，请重试"]);
    expect(messages.timeout).toBe("请求超时，请重试");
  });
  it("uses the 600000 ms timeout by default", () => {
    expect(constants.requestTimeoutMs).toBe(600000);
  });
  it("status 500 → 网络异常，请重试！", async () => {
    const error = await rejection(http.get("/boom"));
    expect(error).toMatchObject({ kind: "server", status: 500 });
    expect(shown).toEqual(["网络异常，请重试！"]);
  });
  it("network failure (closed port) → 网络异常，请重试", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    configureRequest({ baseURL: `http://127.0.0.1:${port}` });
    const error = await rejection(http.get("/echo"));
    expect(error).toMatchObject({ kind: "network", status: 0 });
    expect(shown).toEqual(["网络异常，请重试"]);
  });
});

describe("file downloads (http.download): the session's headers like every call", () => {
  let saved: DownloadedFile[] = [];
  beforeEach(() => {
    saved = [];
    configureRequest({ saveFile: (file) => saved.push(file) });
  });

  it("fetches the bytes with the marker and the signature, named from Content-Disposition", async () => {
    sessionStorage.setItem(constants.sessionKeys.signature, "sig-file");
    await http.download("/file", { taskId: 7, missing: undefined });
    expect(seen[0]).toMatchObject({ method: "GET", url: "/file?taskId=7" });
    expect(seen[0].headers["x-requested-with"]).toBe("XMLHttpRequest");
    expect(seen[0].headers.signature).toBe("sig-file");
    expect(saved).toHaveLength(1);
    expect(saved[0].fileName).toBe("入住申请_20240101120000.xlsx");
    expect(saved[0].type).toContain("spreadsheetml");
    expect([...new Uint8Array(saved[0].data)]).toEqual([0x50, 0x4b, 0x03, 0x04, 0xff]);
    expect(shown).toEqual([]);
  });

  it("settles an envelope answer like any call: 401 ends the session, a business error shows its text, nothing saved", async () => {
    sessionStorage.setItem(constants.sessionKeys.signature, "sig");
    expect(await rejection(http.download("/unauth"))).toMatchObject({ kind: "unauthorized", status: 401 });
    expect(shown).toEqual(["登录已超时或已在其他地方登录"]);
    expect(await rejection(http.download("/invalid"))).toMatchObject({ kind: "business", status: 400, code: 40001 });
    expect(await rejection(http.download("/echo"))).toMatchObject({ kind: "business", status: 200 });
    expect(saved).toEqual([]);
    await sleep(constants.unauthorizedRedirectDelayMs + 100);
    expect(navigated).toEqual(["/neptune/#/login"]);
  });

  it("reads the file name of Content-Disposition (extended first)", () => {
    expect(fileNameOf(`attachment; filename*=UTF-8''${encodeURIComponent("欠费.xlsx")}`)).toBe("欠费.xlsx");
    expect(fileNameOf('attachment; filename="plain.xlsx"')).toBe("plain.xlsx");
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A; filename=fallback.xlsx")).toBe("fallback.xlsx");
    expect(fileNameOf(undefined)).toBe("");
  });
});

describe("401 (spec §4, §8)", () => {
  it("without the 403 marker: message, then after 0.5 s the login page and a cleared session", async () => {
    sessionStorage.setItem(constants.sessionKeys.signature, "sig");
    const error = await rejection(http.get("/unauth"));
    expect(error).toMatchObject({ kind: "unauthorized", status: 401 });
    expect(shown).toEqual(["登录已超时或已在其他地方登录"]);
    await sleep(constants.unauthorizedRedirectDelayMs - 250);
    expect(navigated).toEqual([]);
    await sleep(400);
    expect(navigated).toEqual(["/neptune/#/login"]);
    expect(sessionStorage.getItem(constants.sessionKeys.signature)).toBeNull();
  });
  it("goes to the stored tenant home page instead when there is one", async () => {
    sessionStorage.setItem(constants.sessionKeys.tenantHomePage, "https://tenant.example/home");
    await rejection(http.get("/unauth"));
    await sleep(constants.unauthorizedRedirectDelayMs + 100);
    expect(navigated).toEqual(["https://tenant.example/home"]);
    expect(sessionStorage.length).toBe(0);
  });
  it("with the 403 marker: 您没有该功能模块权限，请联系管理员 and no redirect", async () => {
    sessionStorage.setItem(constants.sessionKeys.signature, "sig");
    const error = await rejection(http.get("/forbid"));
    expect(error).toMatchObject({ kind: "forbidden", status: 401, code: 403 });
    expect(shown).toEqual(["您没有该功能模块权限，请联系管理员"]);
    await sleep(constants.unauthorizedRedirectDelayMs + 100);
    expect(navigated).toEqual([]);
    expect(sessionStorage.getItem(constants.sessionKeys.signature)).toBe("sig");
  });
  it("suppresses further 401 handling for 1 s after the first", async () => {
    await rejection(http.get("/unauth"));
    await rejection(http.get("/unauth"));
    await rejection(http.get("/forbid"));
    expect(shown).toEqual(["登录已超时或已在其他地方登录"]);
    await sleep(constants.unauthorizedSuppressMs + 100);
    expect(navigated).toEqual(["/neptune/#/login"]);
    await rejection(http.get("/forbid"));
    expect(shown).toEqual(["登录已超时或已在其他地方登录", "您没有该功能模块权限，请联系管理员"]);
  });
});
