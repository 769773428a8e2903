// The house cascade's authority list in schemas/operations/community.yaml (&houseReaders) is the set
// access.ts derives from the schemas: HBL01001, HBL01003 and every resource referencing a house.
import { describe, expect, it } from "vitest";
import { operations } from "../../../generated/operations.ts";
import { houseReaderCodes } from "../../../src/server/auth/access.ts";

describe("house cascade authority", () => {
  it("lists exactly the codes whose forms pick a building, unit or room", () => {
    for (const op of [operations.listBuildingsByCommunity, operations.listUnitsByBuilding, operations.listRoomsByUnit, operations.pageListSimpleRooms]) {
      expect([...op.authority].sort()).toEqual([...houseReaderCodes].sort());
    }
  });
});
