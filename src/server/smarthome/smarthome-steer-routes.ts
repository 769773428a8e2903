// The smart-home guide's steering flags: GET {smarthome}/steer/actions/config (communityId), any
// signed-in user, for a community of the tenant (checked at the edge, else 404); smarthome-steer.ts
// tells what each flag means.
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { smartHomeSteerFlags } from "./smarthome-steer.ts";

export async function smartHomeSteerModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getSmartHomeSteer, async ({ session, community }) => smartHomeSteerFlags(app.db, session.tenantId, community.id));
}
