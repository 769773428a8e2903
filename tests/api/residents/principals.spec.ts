// A resident session is its own principal (docs/residents.md): the resident API refuses a staff
// session (cookie and signature) with 401 and the envelope, and every staff endpoint refuses a
// resident's cookie. The residents' document lists the resident operations only, the staff document none of them.
import { describe, expect, it } from "vitest";
import { backends, sessionHeaders, XHR } from "../support/server.ts";
import { useResidentsServer } from "./support.ts";

const NOT_LOGGED_IN = { code: 401, message: "登录已超时或已在其他地方登录", data: null, success: false };
const RESIDENT_OPERATIONS = [
  "sendSmsCode",
  "residentLogin",
  "residentLogout",
  "requestRoomBinding",
  "listBindingCommunities",
  "searchBindingRooms",
  "listMyRooms",
  "listMyBills",
  "listMyNotices",
  "listMyMeters",
  "sendMyMeterReading",
  "getH5OpenApiDocument",
  "listMyPayChannels",
  "payMyBills",
  "getMyPayment",
  "listMyReceipts",
  "getMyReceipt",
  "getMyPrepayPlan",
  "prepayMyMonths",
  "createVisitorPass",
  "listMyVisitorPasses",
  "cancelMyVisitorPass",
  "uploadMyRepairPhoto",
  "getMyRepairPhoto",
  "createMyRepair",
  "listMyRepairs",
  "getMyRepair",
  "rateMyRepair",
];

describe.each(backends)("resident and staff principals (%s)", (backend) => {
  const t = useResidentsServer(backend);

  it("a staff cookie and signature are refused by the resident API", async () => {
    for (const url of ["/api/h5/rooms", "/api/h5/notices", `/api/h5/rooms/${t.ids.roomA}/bills`]) {
      const r = await t.server.request("GET", url, { token: t.admin });
      expect(r.status, url).toBe(401);
      expect(r.body).toEqual(NOT_LOGGED_IN);
    }
    const post = await t.server.request("POST", "/api/h5/rooms/actions/requestBinding", { token: t.admin, body: { name: "张三", roomId: t.ids.roomA } });
    expect(post.status).toBe(401);
    expect(post.body).toEqual(NOT_LOGGED_IN);
  });

  it("a resident cookie is refused by staff endpoints, alone and with a staff signature", async () => {
    const cookie = await t.signIn("13600000301", "10.7.0.1");
    const staffCalls: [string, string, unknown?][] = [
      ["GET", "/api/system/homepage/user"],
      ["POST", "/api/system/rooms/actions/pageList", { pageNo: 1, pageSize: 10 }],
      ["GET", "/api/system/smsOutbox/actions/latest"],
    ];
    for (const [method, url, body] of staffCalls) {
      const r = await t.asResident(cookie, method as "GET", url, body);
      expect(r.status, url).toBe(401);
      expect(r.body).toEqual(NOT_LOGGED_IN);
    }
    // The signature of a staff session with the resident's cookie instead of the staff one: no session.
    const { signature } = sessionHeaders(t.admin);
    const mixed = await t.server.app.inject({ method: "GET", url: "/api/system/homepage/user", headers: { ...XHR, signature, cookie: `neptune_resident=${cookie}` } });
    expect(mixed.statusCode).toBe(401);
    // And the resident reads its own API with the same cookie.
    expect((await t.asResident(cookie, "GET", "/api/h5/rooms")).status).toBe(200);
  });

  it("a resident's write needs the X-Requested-With marker", async () => {
    const cookie = await t.signIn("13600000302", "10.7.1.1");
    const r = await t.server.app.inject({
      method: "POST",
      url: "/api/h5/rooms/actions/requestBinding",
      headers: { cookie: `neptune_resident=${cookie}` },
      payload: { name: "张三", roomId: t.ids.roomA },
    });
    expect(r.statusCode).toBe(403);
  });

  it("serves the residents' own document with the resident operations only; the staff document has none of them", async () => {
    const h5 = await t.server.request("GET", "/api/h5/openapi.json");
    expect(h5.status).toBe(200);
    const ids = Object.values(h5.body.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) => Object.values(item).map((o) => o.operationId));
    expect(ids.sort()).toEqual([...RESIDENT_OPERATIONS].sort());
    expect(h5.body.components.securitySchemes).toEqual({ residentCookie: { type: "apiKey", in: "cookie", name: "neptune_resident" } });
    const staff = await t.server.request("GET", "/api/openapi.json");
    const staffIds = new Set(Object.values(staff.body.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((item) => Object.values(item).map((o) => o.operationId)));
    for (const id of RESIDENT_OPERATIONS) expect(staffIds.has(id), id).toBe(false);
    expect(staffIds.has("listSmsOutbox")).toBe(true);
    expect(Object.keys(staff.body.paths).filter((p) => p.startsWith("/api/h5/"))).toEqual([]);
  });
});
