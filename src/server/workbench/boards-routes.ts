// The cockpit boards (spec §6: HBL23001 global board, HBL23003 project board), computed from the
// rows of the session's tenant; days in China time (UTC+8):
//   GET {management}/board/actions/global                      HBL23001
//       -> {totals: {communities, buildings, rooms, inhabitants, devices, devicesOnline},
//           communities: [{communityId, communityName, rooms, occupiedRooms, inhabitants}] (by inhabitants, top 10),
//           alarms: [{value, label, count}] (by handling status), repairs: [...] (by status),
//           openDoorDays: [{date, count}] (7 days), parkingDays: [{date, in, out}] (7 days)}
//   GET {management}/board/actions/project?communityId=        HBL23003
//       -> {communityId, communityName, address, totals: {buildings, units, rooms, occupiedRooms, inhabitants,
//           devices, devicesOnline}, roomsByStatus, residentsByIdentity, openDoorByMethod, alarms, repairs,
//           openDoorDays, parkingDays}; without communityId the tenant's first community; another
//           tenant's community is a 404; a tenant without communities gets null.
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { firstCommunity, globalBoard, projectBoard } from "./boards.ts";

export async function boardsModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getGlobalBoard, async ({ session }) => globalBoard(app.db, session));

  // Without a community (an empty one means none), the first of the user's; the edge checked a named one.
  route(app, operations.getProjectBoard, async ({ session, community }) => {
    const shown = community ?? (await firstCommunity(app.db, session));
    return shown ? projectBoard(app.db, session.tenantId, shown) : null;
  });
}
