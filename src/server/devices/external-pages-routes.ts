// Data of the menu items that open in a new window (spec §2 Layout), over the session's tenant:
//   GET {device}/aiInspection/actions/overview?communityId=   HBL17001 (/AI-inspect/intelligent)
//       -> {configs: {total, enabled}, tasks, records: {today, unhandled, byAlgorithm, byResult},
//           latest: the 10 newest records} of the community
//   GET {vehicle}/charge/actions/getWebUrl                    HBL05 (/Wisdomiot/FIRECHAEGE)
//       -> {url}: the fire-charge platform's address, the tenant's system configuration item with
//          configKey "fireChargeUrl" (its value a URL text or {url}); url null when not configured,
//          and the client then shows the jump-error dialog.
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { aiInspectionOverview, chargeWebUrl } from "./external-pages.ts";

export async function externalPagesModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getAiInspectionOverview, async ({ session, community }) => aiInspectionOverview(app.db, session.tenantId, community));
  route(app, operations.getChargeWebUrl, async ({ session }) => chargeWebUrl(app.db, session.tenantId));
}
