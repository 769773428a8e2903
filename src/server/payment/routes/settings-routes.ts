// Payment settings and the guide's steering flags (schemas/operations/payment.yaml).
import type { FastifyInstance } from "fastify";
import { apiError } from "../../platform/http/envelope.ts";
import { route } from "../../platform/http/operation.ts";
import { operations } from "../../../../generated/operations.ts";
import { chosenCommunity } from "../common.ts";
import { loadSettings, NO_FLAGS, saveSettings, steerFlags, type Section } from "../settings.ts";

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.getPaymentSettings, async ({ session, community }) => loadSettings(app.db, session.tenantId, chosenCommunity(community)));

  route(app, operations.savePaymentSettings, async ({ body, session, community }) => {
    // One of SECTIONS: the operation's validator refused any other (请求参数错误).
    const section: Section = body.section;
    return app.db.transaction(async (tx) => {
      const communityId = chosenCommunity(community);
      await saveSettings(tx, session, communityId, section, body);
      return loadSettings(tx, session.tenantId, communityId);
    });
  });

  // Any signed-in user holding some authority code (the guide shows to every role).
  route(app, operations.getBillSteer, async ({ session, community }) => {
    if (!session.authorities.length) throw apiError("NO_PERMISSION");
    if (!community) return NO_FLAGS;
    return steerFlags(app.db, session.tenantId, community.id);
  });
}
