// Payment settings and the guide's steering flags:
//   GET  {property}/paymentSettings/actions/get?communityId=     -> the community's settings (defaults when unsaved)
//   POST {property}/paymentSettings/actions/save {communityId, section: payParams|receipt|other, ...fields}
//   GET  {property}/bill/steer?communityId=                      -> {priceTypeConfigEnable, paymentTimeConfigEnable,
//        payParamConfigEnable, receiptConfigEnable, otherConfigEnable} (all false without a community)
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.ts";
import { sessionOf } from "../../auth/guard.ts";
import { messages } from "../../../../generated/errors.ts";
import { bodyOf, queryOf } from "../../http/request-input.ts";
import { requireSomeAuthority } from "../../auth/access.ts";
import { anyOf, CODES, refused, requireCommunity } from "../common.ts";
import { loadSettings, NO_FLAGS, saveSettings, SECTIONS, settingsView, steerFlags, type Section } from "../settings.ts";

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/property/paymentSettings/actions/get", { preHandler: anyOf(...Object.values(CODES)) }, async (request) => {
    const session = sessionOf(request);
    const communityId = await requireCommunity(app.db, session, queryOf(request).communityId);
    return ok(settingsView(await loadSettings(app.db, session.tenantId, communityId)));
  });

  app.post("/api/property/paymentSettings/actions/save", { config: { authority: CODES.settings } }, async (request) => {
    const session = sessionOf(request);
    const body = bodyOf(request);
    const section = body.section as Section;
    if (!(typeof section === "string" && section in SECTIONS)) throw refused("请求参数错误", "section");
    const saved = await app.db.transaction(async (tx) => {
      const communityId = await requireCommunity(tx, session, body.communityId);
      await saveSettings(tx, session, communityId, section, body);
      return loadSettings(tx, session.tenantId, communityId);
    });
    return ok(settingsView(saved), messages.saved);
  });

  app.get("/api/property/bill/steer", { preHandler: requireSomeAuthority }, async (request) => {
    const session = sessionOf(request);
    const raw = queryOf(request).communityId;
    if (raw === undefined || raw === null || raw === "") return ok(NO_FLAGS);
    const communityId = await requireCommunity(app.db, session, raw);
    return ok(await steerFlags(app.db, session.tenantId, communityId));
  });
}
