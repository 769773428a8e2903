// The one request wrapper of spec §7 / §8. Every call of the web app goes through it:
//   - get / post / patch / put / delete / multipart (FormData), each with an optional loading mask;
//   - credentials on every call, the X-Requested-With marker and the session `signature` header
//     (empty when none is stored): the server needs the cookie AND the signature, so a file is
//     downloaded through the wrapper too (http.download), never by a link the browser opens alone;
//   - GET payloads become the query string, skipping undefined and null but keeping false, 0 and "";
//   - success is HTTP 200 with the body code equal to the success code or one of the accepted codes
//     (URLs ending in .json skip the check); anything else is rejected with a RequestError;
//   - the message of a business error is the error-code table's text for its code (the table is
//     fetched first when not loaded yet; 请求超时，请重试！ when that fetch fails), HTTP failures
//     have their own texts, and a 401 either ends the session (after 0.5 s, to the login page or the
//     tenant home page) or, with the 403 marker, says the module is not permitted; after the first
//     401 the next ones are ignored for 1 s.
// The resolved value is the body's `data` (the whole body for .json files). How messages are shown,
// the loading mask and navigation are injectable (configureRequest) so tests can observe them; the
// app's defaults are its notices (antd's message, loaded with the first one: ui/notices.ts) and
// window.location. A call can show its error text itself (options.showError: the login page's alert).
import axios, { type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from "axios";
import { constants } from "../../../generated/constants.ts";
import { messages } from "../../../generated/errors.ts";
import { operationRoutes } from "../../../generated/api-client.ts";
import { session } from "../state/storage.ts";
import { baseURLFor } from "./hosts.ts";
import { scalarText } from "../../common/scalar-text.ts";
import { notices } from "../ui/notices.ts";

export type Method = "get" | "post" | "put" | "patch" | "delete";

export interface RequestOptions {
  /** Show the loading mask while the call runs; a string replaces the default text. */
  loading?: boolean | string;
  /** Milliseconds; default constants.requestTimeoutMs (600000). */
  timeout?: number;
  /** Show no error message (the caller handles it, or the spec wants none: the cover-picture capture call). */
  silent?: boolean;
  /** A 401 does not end the session (spec §7: the SSO theme configuration call). */
  noAuthRedirect?: boolean;
  /** Shows this call's error text instead of the app's notice (the login page's own alert). */
  showError?: (text: string) => void;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  responseType?: AxiosRequestConfig["responseType"];
  /** Hears the message of a successful answer (a save the server kept back says so: 调价已提交，待审核后生效). */
  onMessage?: (message: string) => void;
}

/** Why a call failed. */
export type RequestErrorKind =
  | "business" // HTTP 200 (or another status with an envelope) but not a success code
  | "unauthorized" // 401 without the 403 marker: the session ended
  | "forbidden" // 401 with the 403 marker: no permission for the module
  | "server" // HTTP 5xx
  | "timeout"
  | "network"
  | "canceled";

/** What a rejected call carries: {code, message, status, data} (data holds field errors of a 400). */
export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  /** The body's code, or the HTTP status when the body has none; null without a response. */
  readonly code: number | string | null;
  /** HTTP status, 0 without a response. */
  readonly status: number;
  /** Same as status, for Refine (HttpError.statusCode). */
  readonly statusCode: number;
  /** The body's data (e.g. {errors: [{field, message}]} of a validation error). */
  readonly data: unknown;
  /** The whole response body, when there was one. */
  readonly body: unknown;

  constructor(init: { kind: RequestErrorKind; message: string; code: number | string | null; status: number; data?: unknown; body?: unknown }) {
    super(init.message);
    this.name = "RequestError";
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status;
    this.statusCode = init.status;
    this.data = init.data ?? null;
    this.body = init.body;
  }

  /** Field errors of a rejected payload (HTTP 400, data.errors). */
  get fieldErrors(): { field: string; message: string }[] {
    const errors = (this.data as { errors?: unknown } | null)?.errors;
    if (!Array.isArray(errors)) return [];
    return errors.filter((e: { field?: unknown; message?: unknown } | null): e is { field: string; message: string } => !!e && typeof e.field === "string" && typeof e.message === "string");
  }
}

/** The text to show for a failed call: the RequestError's message (the server's words) when there is one, else `fallback`. */
export const requestErrorText = (error: unknown, fallback: string): string => (error instanceof RequestError && error.message ? error.message : fallback);

export interface RequestEnvironment {
  /** Shows an error text; default the app's error notice (antd's message.error). */
  showError: (text: string) => void;
  /** Shows the loading mask and returns the function that hides it; default the app's (antd's message.loading). */
  showLoading: (text: string) => () => void;
  /** Leaves the app for a URL; default window.location.href = url. */
  navigate: (url: string) => void;
  /** The login page (hash route of the app under the base path). */
  loginUrl: string;
  /** Service base address; default from the host table (same origin). */
  baseURL: string;
  /** Default timeout in ms. */
  timeout: number;
  /** axios adapter; tests in Node set "http". */
  adapter?: AxiosRequestConfig["adapter"] | AxiosAdapter;
  /** Hands a downloaded file to the user; default: an object URL clicked as a download link. */
  saveFile: (file: DownloadedFile) => void;
}

/** A file the server answered with: its bytes, content type and name (from Content-Disposition). */
export interface DownloadedFile {
  data: ArrayBuffer;
  type: string;
  fileName: string;
}

function saveInBrowser(file: DownloadedFile): void {
  if (typeof document === "undefined") return;
  const href = URL.createObjectURL(new Blob([file.data], { type: file.type || "application/octet-stream" }));
  const a = document.createElement("a");
  a.href = href;
  a.download = file.fileName || "download";
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has taken the file by then; a minute leaves slow machines room.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

function defaultEnvironment(): RequestEnvironment {
  const hasWindow = typeof window !== "undefined" && typeof window.location !== "undefined";
  return {
    showError: notices.error,
    showLoading: notices.loading,
    navigate: (url) => {
      if (hasWindow) window.location.href = url;
    },
    loginUrl: `${constants.basePath}#/login`,
    baseURL: baseURLFor(hasWindow ? window.location.hostname : undefined),
    timeout: constants.requestTimeoutMs,
    saveFile: saveInBrowser,
  };
}

let env: RequestEnvironment = defaultEnvironment();
let instance: AxiosInstance = createInstance();

// Error-code table (spec §7: GET /api/basic/language/errorcode, serviceType=hbl), cached once loaded.
let errorTable: Record<string, string> | null = null;
let errorTableLoading: Promise<Record<string, string>> | null = null;
// spec §4: after the first 401, further 401 handling is suppressed for 1 s.
let unauthorizedUntil = 0;

/** Overrides parts of the environment (tests; the app keeps the defaults). */
export function configureRequest(patch: Partial<RequestEnvironment>): void {
  env = { ...env, ...patch };
  instance = createInstance();
}

/** Back to the defaults, with no cached error table and no 401 suppression (tests). */
export function resetRequestState(): void {
  env = defaultEnvironment();
  instance = createInstance();
  errorTable = null;
  errorTableLoading = null;
  unauthorizedUntil = 0;
}

function createInstance(): AxiosInstance {
  return axios.create({
    baseURL: env.baseURL || undefined,
    timeout: env.timeout,
    withCredentials: true,
    // Every status resolves; the wrapper sorts them (spec §8).
    validateStatus: () => true,
    transitional: { clarifyTimeoutError: true, silentJSONParsing: true, forcedJSONParsing: true },
    ...(env.adapter ? { adapter: env.adapter as AxiosRequestConfig["adapter"] } : {}),
  });
}

// ---- query strings -------------------------------------------------------------------------------

function isEmpty(value: unknown): boolean {
  // spec §7: empty values are skipped, except false, 0 and the empty string.
  return value === undefined || value === null || (typeof value === "number" && Number.isNaN(value));
}

function queryValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return scalarText(value);
}

/** The query string of a GET payload (without "?"); arrays repeat their key. */
export function buildQuery(params: Record<string, unknown> | undefined | null): string {
  if (!params) return "";
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (isEmpty(value)) continue;
    const values = Array.isArray(value) ? value.filter((v) => !isEmpty(v)) : [value];
    for (const v of values) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(queryValue(v))}`);
  }
  return parts.join("&");
}

/** url + the query string of params, after any query the url already has. */
export function withQuery(url: string, params: Record<string, unknown> | undefined | null): string {
  const query = buildQuery(params);
  if (!query) return url;
  return url + (url.includes("?") ? (url.endsWith("?") || url.endsWith("&") ? "" : "&") : "?") + query;
}

/** spec §8: URLs ending in .json (translation files, skins) skip the success check. */
export function isJsonFile(url: string): boolean {
  return /\.json$/i.test(url.split(/[?#]/)[0]);
}

// ---- the error-code table --------------------------------------------------------------------------

export const ERROR_TABLE_URL = operationRoutes.getErrorCodeTable.path;

/** Loads the error-code table (once; concurrent callers share the call). Rejects when it fails. */
export function loadErrorTable(): Promise<Record<string, string>> {
  if (errorTable) return Promise.resolve(errorTable);
  if (!errorTableLoading) {
    errorTableLoading = instance
      .request({
        method: "get",
        url: withQuery(ERROR_TABLE_URL, { serviceType: constants.defaultPlatformType }),
        headers: baseHeaders(),
      })
      .then((response) => {
        const body = response.data as { code?: unknown; data?: unknown } | undefined;
        if (response.status !== 200 || !isSuccessCode(body?.code) || !body?.data || typeof body.data !== "object") {
          throw new Error("error-code table unavailable");
        }
        const table: Record<string, string> = {};
        for (const [code, text] of Object.entries(body.data as Record<string, unknown>)) {
          if (typeof text === "string") table[code] = text;
        }
        errorTable = table;
        return table;
      })
      .finally(() => {
        errorTableLoading = null;
      });
  }
  return errorTableLoading;
}

/** The cached table, or null when not loaded yet. */
export const getErrorTable = (): Readonly<Record<string, string>> | null => errorTable;

/** spec §8: the table's text for the code when loaded; else fetch it first; 请求超时，请重试！ if that fails. */
async function businessMessage(code: unknown, bodyMessage: unknown): Promise<string> {
  const fallback = typeof bodyMessage === "string" && bodyMessage ? bodyMessage : messages.server500;
  const key = scalarText(code);
  if (errorTable) return errorTable[key] ?? fallback;
  try {
    const table = await loadErrorTable();
    return table[key] ?? fallback;
  } catch {
    return messages.errorTableFailed;
  }
}

// ---- sending ---------------------------------------------------------------------------------------

function isSuccessCode(code: unknown): boolean {
  if (code === undefined || code === null || code === "") return false;
  const accepted: readonly (number | string)[] = constants.acceptedCodes;
  return scalarText(code) === String(constants.successCode) || accepted.some((c) => String(c) === scalarText(code));
}

function baseHeaders(extra?: Record<string, string>): Record<string, string> {
  return {
    "X-Requested-With": "XMLHttpRequest",
    signature: session().getItem(constants.sessionKeys.signature) ?? "",
    ...extra,
  };
}

function fail(init: ConstructorParameters<typeof RequestError>[0], options: RequestOptions): RequestError {
  if (!options.silent && init.kind !== "canceled") (options.showError ?? env.showError)(init.message);
  return new RequestError(init);
}

/** spec §8: 401 ends the session (redirect after 0.5 s) or, with the 403 marker, says no permission. */
function handleUnauthorized(body: unknown, options: RequestOptions): { kind: RequestErrorKind; message: string } {
  const marker = !!body && typeof body === "object" && (body as { status?: unknown }).status === 403;
  const result = marker ? { kind: "forbidden" as const, message: messages.noModulePermission } : { kind: "unauthorized" as const, message: messages.sessionExpired };
  // A silent call that lacks permission (a label lookup) changes nothing for the calls around it.
  if (marker && options.silent) return result;
  const now = Date.now();
  if (now < unauthorizedUntil) return result; // suppressed: no message, no second redirect
  unauthorizedUntil = now + constants.unauthorizedSuppressMs;
  if (!options.silent) (options.showError ?? env.showError)(result.message);
  if (!marker && !options.noAuthRedirect) {
    const storage = session();
    const home = storage.getItem(constants.sessionKeys.tenantHomePage);
    setTimeout(() => {
      storage.clear();
      env.navigate(home || env.loginUrl);
    }, constants.unauthorizedRedirectDelayMs);
  }
  return result;
}

async function settle<T>(response: AxiosResponse, url: string, options: RequestOptions): Promise<T> {
  const { status } = response;
  const body = response.data as { code?: unknown; message?: unknown; data?: unknown; status?: unknown } | undefined;
  const envelope = !!body && typeof body === "object";
  const code = envelope && body.code !== undefined ? (body.code as number | string) : status;
  const data = envelope ? body.data : undefined;

  if (status === 401) {
    const { kind, message } = handleUnauthorized(body, options);
    // Already shown (or suppressed) by handleUnauthorized.
    throw new RequestError({ kind, message, code, status, data, body });
  }
  if (status >= 500) {
    throw fail({ kind: "server", message: messages.server500, code, status, data, body }, options);
  }
  if (status === 200 && isJsonFile(url)) return body as T;
  if (status === 200 && envelope && isSuccessCode(body.code)) {
    if (options.onMessage && typeof body.message === "string" && body.message) options.onMessage(body.message);
    return data as T;
  }

  // A silent call shows nothing, so it does not fetch the table just for its text.
  const message =
    envelope && body.code !== undefined
      ? options.silent
        ? (errorTable?.[scalarText(body.code)] ?? (typeof body.message === "string" && body.message ? body.message : messages.server500))
        : await businessMessage(body.code, body.message)
      : messages.server500;
  throw fail({ kind: "business", message, code, status, data, body }, options);
}

function classifyFailure(error: unknown): { kind: RequestErrorKind; message: string } {
  if (axios.isCancel(error)) return { kind: "canceled", message: "canceled" };
  const code = (error as { code?: string } | null)?.code;
  const text = String((error as { message?: string } | null)?.message ?? "");
  if (code === "ETIMEDOUT" || (code === "ECONNABORTED" && /timeout/i.test(text))) return { kind: "timeout", message: messages.timeout };
  return { kind: "network", message: messages.network };
}

/** The loading mask a call asked for (its own text, or 加载中...), shown; the function that hides it (null: none asked for). */
function showLoadingOf(options: RequestOptions): (() => void) | null {
  if (!options.loading) return null;
  return env.showLoading(typeof options.loading === "string" ? options.loading : messages.loading);
}

/** Sends one call. `data` is the body, or the query string for GET. Resolves with the body's data. */
export async function request<T = unknown>(method: Method, url: string, data?: unknown, options: RequestOptions = {}): Promise<T> {
  const isGet = method === "get";
  const target = isGet ? withQuery(url, data as Record<string, unknown> | undefined) : url;
  const config: AxiosRequestConfig = {
    method,
    url: target,
    headers: baseHeaders(options.headers),
    timeout: options.timeout ?? env.timeout,
    signal: options.signal,
    responseType: options.responseType,
    ...(isGet || data === undefined ? {} : { data }),
  };
  const hide = showLoadingOf(options);
  try {
    let response: AxiosResponse;
    try {
      response = await instance.request(config);
    } catch (error) {
      const { kind, message } = classifyFailure(error);
      throw fail({ kind, message, code: null, status: 0 }, options);
    }
    return await settle<T>(response, target, options);
  } finally {
    hide?.();
  }
}

/** The name of Content-Disposition (filename*=UTF-8'' first, then filename=), or "". */
export function fileNameOf(disposition: unknown): string {
  const text = typeof disposition === "string" ? disposition : "";
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(text)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim().replace(/^"|"$/g, ""));
    } catch {
      // Not valid percent-encoding: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]*)"?/i.exec(text)?.[1]?.trim() ?? "";
}

/**
 * GET of a file (an Excel export or template) with the headers of every call; resolves with its
 * bytes. An answer in the envelope instead (401, a business error) is settled like any call: the
 * same messages, the same end of the session.
 */
export async function fetchFile(url: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<DownloadedFile> {
  const target = withQuery(url, params);
  const hide = showLoadingOf(options);
  try {
    let response: AxiosResponse;
    try {
      response = await instance.request({
        method: "get",
        url: target,
        headers: baseHeaders(options.headers),
        timeout: options.timeout ?? env.timeout,
        signal: options.signal,
        responseType: "arraybuffer",
      });
    } catch (error) {
      const { kind, message } = classifyFailure(error);
      throw fail({ kind, message, code: null, status: 0 }, options);
    }
    const type = scalarText(response.headers["content-type"]);
    const bytes = response.data as ArrayBuffer;
    if (response.status === 200 && !/json/i.test(type)) return { data: bytes, type, fileName: fileNameOf(response.headers["content-disposition"]) };
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      body = undefined;
    }
    await settle({ ...response, data: body }, target, options);
    // A success envelope is not a file either.
    throw fail({ kind: "business", message: messages.server500, code: response.status, status: response.status, body }, options);
  } finally {
    hide?.();
  }
}

/** Fetches a file (fetchFile) and hands it to the user as a download. */
export async function download(url: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<void> {
  env.saveFile(await fetchFile(url, params, options));
}

/** The wrapper's verbs (spec §7). */
export const http = {
  get: <T = unknown>(url: string, params?: Record<string, unknown>, options?: RequestOptions) => request<T>("get", url, params, options),
  post: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>("post", url, body, options),
  put: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>("put", url, body, options),
  patch: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>("patch", url, body, options),
  delete: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>("delete", url, body, options),
  /** POST of a multipart form (file uploads); the browser sets the boundary. */
  multipart: <T = unknown>(url: string, form: FormData, options?: RequestOptions) => request<T>("post", url, form, options),
  /** GET of a file, saved as a download (the session's headers go along, as on every call). */
  download,
};
