// Demo areas, communities and houses (buildings, units, rooms) of a tenant.
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";

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
      const { rows } = await tx.query<{ id: number }>(
        sql`insert into areas (tenant_id, name, parent_id, type, sort_no) values (${tenantId}, ${node.name}, ${parentId}, ${type}, ${sortNo++}) returning id`,
      );
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
      sql`insert into communities (tenant_id, name, area_id, administrative_code, address, longitude, latitude, contact_name, contact_phone, total_area)
       values (${tenantId}, ${c.name}, ${areas.get(c.area)}, ${c.administrativeCode}, ${c.address}, ${c.longitude}, ${c.latitude}, '物业服务中心', '13700000000', '52000.00') returning id`,
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

/**
 * 房屋状态 of the demo houses in turn (mapping roomOccupancy): mostly 自住, some 出租, 空置 and 装修,
 * one house in twelve not yet handed over (未交付: no 交房日期, not billed by default).
 */
const OCCUPANCY_CYCLE = [1, 1, 2, 1, 3, 1, 2, 4, 1, 1, 3, 5] as const;
const NOT_DELIVERED = 5;

/** Buildings "N栋", units "N单元", rooms "FFNN" (e.g. 1203); returns the room ids in order. */
export async function seedHouses(tx: DbSession, tenantId: number, communityId: number, shape: HouseShape): Promise<number[]> {
  const rooms: number[] = [];
  for (let b = 1; b <= shape.buildings; b++) {
    const building = (
      await tx.query<{ id: number }>(sql`insert into buildings (tenant_id, community_id, name, floors, sort_no) values (${tenantId}, ${communityId}, ${`${b}栋`}, ${shape.floors}, ${b}) returning id`)
    ).rows[0].id;
    for (let u = 1; u <= shape.unitsPerBuilding; u++) {
      const unit = (await tx.query<{ id: number }>(sql`insert into units (tenant_id, community_id, building_id, name) values (${tenantId}, ${communityId}, ${building}, ${`${u}单元`}) returning id`))
        .rows[0].id;
      for (let f = 1; f <= shape.floors; f++) {
        for (let r = 1; r <= shape.roomsPerFloor; r++) {
          const roomNo = `${f}${String(r).padStart(2, "0")}`;
          const status = (rooms.length % 5) + 1; // spec §3 room status 1..5: the smart-home 部署状态
          const areaYuan = 80 + ((f * 7 + r * 13) % 60);
          const area = `${areaYuan}.${String((r * 25) % 100).padStart(2, "0")}`;
          // One ground-floor room of each building (1单元 102) is let (出租) as a shop (商铺), billed
          // by its 计费面积 (its area less the shared part); the rest are homes.
          const shop = u === 1 && f === 1 && r === 2;
          const occupancy = shop ? 2 : OCCUPANCY_CYCLE[rooms.length % OCCUPANCY_CYCLE.length];
          const houseType = shop ? 2 : 1;
          const chargeArea = shop ? `${areaYuan - 6}.00` : null;
          // Handed over building by building (1栋 in 2019, 2栋 in 2021 …); a house not yet handed over has none.
          const deliveryDate = occupancy === NOT_DELIVERED ? null : `${2017 + 2 * b}-${String(3 + u * 3).padStart(2, "0")}-${String(10 + f).padStart(2, "0")}`;
          const { rows } = await tx.query<{ id: number }>(
            sql`insert into rooms (tenant_id, community_id, building_id, unit_id, room_no, floor, house_type, building_area, charge_area, occupancy_status, delivery_date, status)
             values (${tenantId}, ${communityId}, ${building}, ${unit}, ${roomNo}, ${f}, ${houseType}, ${area}, ${chargeArea}, ${occupancy}, ${deliveryDate}, ${status}) returning id`,
          );
          rooms.push(rows[0].id);
        }
      }
    }
  }
  return rooms;
}
