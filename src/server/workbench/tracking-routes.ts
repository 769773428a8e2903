// Click tracking (spec §3 click tracking record, §7 Tracking), any signed-in user:
//   POST /pick/envInfo  {clientCode, environmentalInfo: {os, browser, browserVersion}} -> {clientCode}
//        the browser that reports (trackingClients, one row per tenant and clientCode)
//   POST /pick/pickInfo {clientCode?, dataList: [{lc, ety, rt, et, biz}]} -> {accepted}
//        one clickRecords row per well-formed record (lc required; ety default "click"; rt the route;
//        et the event time in ms or ISO text, the server's time when missing or unreadable; biz any
//        JSON up to 2 KB); at most 500 records per call, the rest is ignored.
// Both bodies arrive gzip-compressed (Content-Encoding: gzip) or plain: these two routes have their
// own body parser: at most 256 KB on the wire and 2 MB unpacked (413 beyond), JSON only.
//   GET {management}/clickRecords/actions/countByCode (from?, to?, keyword?) -> {list: [{lc, count,
//        users, lastTime}], total} clicks per tracking code of the tenant, most clicked first (HBL03005).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { countClicksByCode, decodeTrackingBody, reportTrackingClicks, reportTrackingEnvironment, TRACKING_WIRE_LIMIT } from "./tracking.ts";

/** The two /pick routes, with their own body parser (this plugin's routes only). */
async function pickRoutes(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: TRACKING_WIRE_LIMIT }, (request, body, done) => {
    const encoding: unknown = request.headers["content-encoding"];
    decodeTrackingBody(body as Buffer, typeof encoding === "string" ? encoding : Array.isArray(encoding) ? String(encoding[0]) : undefined).then(
      (value) => done(null, value),
      (err: Error) => done(err, undefined),
    );
  });
  // The app-wide request decompression (@fastify/compress) stays off: this parser unpacks, with its limits.
  const options = { decompress: false as const };

  route(app, operations.reportTrackingEnvironment, async ({ body, session }) => reportTrackingEnvironment(app.db, session, body), options);
  route(app, operations.reportTrackingClicks, async ({ body, session }) => reportTrackingClicks(app.db, session, body), options);
}

export async function trackingModule(app: FastifyInstance): Promise<void> {
  await app.register(pickRoutes);

  route(app, operations.countClicksByCode, async ({ query, session }) => countClicksByCode(app.db, session, query));
}
