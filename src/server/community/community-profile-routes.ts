// Data of three pages outside the frame (schemas/modules/pages.yaml), over the session's tenant:
//   GET {system}/communities/actions/propertyDetail?communityId=          HBL01001 (/propertyDetail)
//       -> {tenantName, companyShortName, community: {id, name, areaName, address, administrativeCode,
//           contactName, contactPhone, totalArea, longitude, latitude}, totals: {buildings, units, rooms,
//           inhabitants}, roomsByStatus}; without communityId the tenant's first community (null when none)
//   GET {system}/inhabitants/actions/preventionStatistics?communityId=    HBL01005 (/Eprevention)
//       -> {communityId, communityName, inhabitants, newResidents (moved in within 14 days),
//           residentsByIdentity, keyPersons: {total, watching, byCategory}, visitorDays, openDoorDays (7 days)}
//   GET {system}/inhabitants/{id}/actions/profile                         HBL01005 (/personnel/personnelInfo)
//       -> {inhabitant (as the generic GET), room: {buildingName, unitName, roomNo}, cards, accessEvents
//           (the 10 newest), keyPerson: {category, watching} | null, faceCount}
// Another tenant's community or inhabitant is a 404. Values are raw; the pages mask by the schema.
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { inhabitantProfile, preventionStatistics, propertyDetail } from "./community-profile.ts";

export async function communityProfileModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getPropertyDetail, async ({ session, community: requested }) => propertyDetail(app.db, session, requested));
  route(app, operations.getPreventionStatistics, async ({ session, community: requested }) => preventionStatistics(app.db, session, requested));
  route(app, operations.getInhabitantProfile, async ({ params, session }) => inhabitantProfile(app.db, session, params.id));
}
