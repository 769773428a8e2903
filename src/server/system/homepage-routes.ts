// GET {system}/homepage/user (communityId?) — the signed-in user as the shell needs it (spec §3 User
// info, docs/api.md): tenant, user, scene name, authorities and codes, the menu filtered to those
// codes, kanban flag, phone, company short name, platform image, watermark status, and the current
// community: the requested one when it is the tenant's, else the user's most recent, else the
// tenant's first, else null. Any signed-in user (no authority code needed: it is how a client
// learns what the user may do).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { tokenOf } from "../platform/session/cookie.ts";
import { currentUser } from "./homepage.ts";

export async function homepageModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getCurrentUser, async ({ query, session, request }) =>
    currentUser(app.db, session, { hostname: request.hostname ?? "", signature: tokenOf(request) ?? "", communityId: query.communityId ?? null }),
  );
}
