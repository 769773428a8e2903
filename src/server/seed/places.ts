// Demo areas, communities and houses (buildings, units, rooms) of a tenant.
import type { DbSession } from "../db/types.ts";

export interface AreaSpec {
  name: string;
  children?: AreaSpec[];
}

/** Inserts an area tree; returns area ids by name. */
export async function seedAreas(tx: DbSession, tenantId: number, tree: AreaSpec[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const walk = async (nodes: AreaSpec[], parentId: number | null, type: number) => {
    let sortNo = 1;
    for (const node of nodes) {
      const { rows } = await tx.query<{ id: number }>("insert into areas (tenant_id, name, parent_id, type, sort_no) values ($1, $2, $3, $4, $5) returning id", [
        tenantId,
        node.name,
        parentId,
        type,
        sortNo++,
      ]);
      ids.set(node.name, rows[0].id);
      if (node.children) await walk(node.children, rows[0].id, type + 1);
    }
  };
  await walk(tree, null, 1);
  return ids;
}

export interface CommunitySpec {
  name: string;
  area: string;
  administrativeCode: string;
  address: string;
  longitude: string;
  latitude: string;
}

export async function seedCommunities(tx: DbSession, tenantId: number, areas: Map<string, number>, list: CommunitySpec[]): Promise<number[]> {
  const ids: number[] = [];
  for (const c of list) {
    const { rows } = await tx.query<{ id: number }>(
      `insert into communities (tenant_id, name, area_id, administrative_code, address, longitude, latitude, contact_name, contact_phone, total_area)
       values ($1, $2, $3, $4, $5, $6, $7, '物业服务中心', '13700000000', '52000.00') returning id`,
      [tenantId, c.name, areas.get(c.area), c.administrativeCode, c.address, c.longitude, c.latitude],
    );
    ids.push(rows[0].id);
  }
  return ids;
}

export interface HouseShape {
  buildings: number;
  unitsPerBuilding: number;
  floors: number;
  roomsPerFloor: number;
}

/** Buildings "N栋", units "N单元", rooms "FFNN" (e.g. 1203); returns the room ids in order. */
export async function seedHouses(tx: DbSession, tenantId: number, communityId: number, shape: HouseShape): Promise<number[]> {
  const rooms: number[] = [];
  for (let b = 1; b <= shape.buildings; b++) {
    const building = (
      await tx.query<{ id: number }>("insert into buildings (tenant_id, community_id, name, floors, sort_no) values ($1, $2, $3, $4, $5) returning id", [
        tenantId,
        communityId,
        `${b}栋`,
        shape.floors,
        b,
      ])
    ).rows[0].id;
    for (let u = 1; u <= shape.unitsPerBuilding; u++) {
      const unit = (
        await tx.query<{ id: number }>("insert into units (tenant_id, community_id, building_id, name) values ($1, $2, $3, $4) returning id", [tenantId, communityId, building, `${u}单元`])
      ).rows[0].id;
      for (let f = 1; f <= shape.floors; f++) {
        for (let r = 1; r <= shape.roomsPerFloor; r++) {
          const roomNo = `${f}${String(r).padStart(2, "0")}`;
          const status = (rooms.length % 5) + 1; // spec §3 room status 1..5
          const area = `${80 + ((f * 7 + r * 13) % 60)}.${String((r * 25) % 100).padStart(2, "0")}`;
          const { rows } = await tx.query<{ id: number }>(
            `insert into rooms (tenant_id, community_id, building_id, unit_id, room_no, floor, building_area, status)
             values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
            [tenantId, communityId, building, unit, roomNo, f, area, status],
          );
          rooms.push(rows[0].id);
        }
      }
    }
  }
  return rooms;
}
