// The two tracking calls (spec §7): POST /pick/envInfo and POST /pick/pickInfo, gzip-compressed, 3 s
// timeout, with the session's credentials and the X-Requested-With marker like every call. They do
// not go through the request wrapper's error handling on purpose: a tracking failure must never show
// a message, and a tracking 401 must neither end the session nor start the wrapper's one-second 401
// suppression (the page's own call then handles the expired session). A 401 is reported to the
// tracker (TrackingUnauthorized), which stops its timer.
import axios from "axios";
import { operationRoutes } from "../../../generated/api-client.ts";
import { constants } from "../../../generated/constants.ts";
import { baseURLFor } from "../http/hosts.ts";
import { getSignature } from "../state/session.ts";
import { gzipBody } from "./compress.ts";
import type { EnvironmentalInfo } from "./env-info.ts";
import type { ClickRecord } from "./tracker.ts";

export class TrackingUnauthorized extends Error {
  constructor() {
    super("tracking: session ended");
    this.name = "TrackingUnauthorized";
  }
}

export const isTrackingUnauthorized = (error: unknown): boolean => error instanceof TrackingUnauthorized;

export type PostGzip = (url: string, body: unknown) => Promise<void>;

/**
 * POSTs gzipped JSON; rejects with TrackingUnauthorized on a 401, with an Error on anything but success.
 * The browser gzips the body itself where it can (compress.ts); pako only where it cannot.
 */
export const postGzip: PostGzip = async (url, body) => {
  const response = await axios.request({
    method: "post",
    url,
    baseURL: baseURLFor(typeof window !== "undefined" ? window.location.hostname : undefined) || undefined,
    data: await gzipBody(body),
    timeout: constants.trackingTimeoutMs,
    withCredentials: true,
    validateStatus: () => true,
    transformRequest: [(data: unknown) => data],
    headers: {
      "Content-Type": "application/json",
      "Content-Encoding": "gzip",
      "X-Requested-With": "XMLHttpRequest",
      signature: getSignature(),
    },
  });
  if (response.status === 401) throw new TrackingUnauthorized();
  const code = (response.data as { code?: unknown } | undefined)?.code;
  if (response.status !== 200 || String(code) !== String(constants.successCode)) throw new Error(`tracking call failed: ${response.status}`);
};

// The paths of the declared operations; the gzip sender stands in for the generated client.
export const sendEnvInfo = (clientCode: string, environmentalInfo: EnvironmentalInfo, post: PostGzip = postGzip) =>
  post(operationRoutes.reportTrackingEnvironment.path, { clientCode, environmentalInfo });

export const sendClickRecords = (clientCode: string, dataList: ClickRecord[], post: PostGzip = postGzip) => post(operationRoutes.reportTrackingClicks.path, { clientCode, dataList });
