// Payment settings and the guide's steering flags (schemas/operations/payment.yaml).
import type { FastifyInstance } from "fastify";
import { apiError } from "../../http/envelope.ts";
import { route } from "../../http/operation.ts";
import { operations } from "../../../../generated/operations.ts";
import { refused, requireCommunity } from "../common.ts";
import { loadSettings, NO_FLAGS, saveSettings, SECTIONS, settingsView, steerFlags, type Section } from "../settings.ts";

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.getPaymentSettings, async ({ query, session }) => {
    const communityId = await requireCommunity(app.db, session, query.communityId);
    return settingsView(await loadSettings(app.db, session.tenantId, communityId));
  });

  route(app, operations.savePaymentSettings, async ({ body, session }) => {
    const section = body.section as Section;
    if (!(typeof section === "string" && section in SECTIONS)) throw refused("badRequest", "section");
    return settingsView(
      await app.db.transaction(async (tx) => {
        const communityId = await requireCommunity(tx, session, body.communityId);
        await saveSettings(tx, session, communityId, section, body);
        return loadSettings(tx, session.tenantId, communityId);
      }),
    );
  });

  // Any signed-in user holding some authority code (the guide shows to every role).
  route(app, operations.getBillSteer, async ({ query, session }) => {
    if (!session.authorities.length) throw apiError("NO_PERMISSION");
    if (query.communityId === undefined) return NO_FLAGS;
    const communityId = await requireCommunity(app.db, session, query.communityId);
    return steerFlags(app.db, session.tenantId, communityId);
  });
}
