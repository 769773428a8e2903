// Demo residents: a few per room, owner first.
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";

const SURNAMES = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙"];
const GIVEN = ["伟", "芳", "娜", "敏", "静", "磊", "洋", "艳", "勇", "军", "杰", "娟", "涛", "明", "超", "霞"];

export async function seedInhabitants(tx: DbSession, tenantId: number, communityId: number, roomIds: number[], count: number, seed: number): Promise<number> {
  let made = 0;
  for (let i = 0; i < count; i++) {
    const n = seed + i;
    const roomId = roomIds[i % roomIds.length];
    const name = SURNAMES[n % SURNAMES.length] + GIVEN[(n * 7) % GIVEN.length] + (n % 3 === 0 ? GIVEN[(n * 5) % GIVEN.length] : "");
    const phone = `13${String(100000000 + ((n * 7919) % 900000000)).padStart(9, "0")}`;
    const identity = i < roomIds.length ? 1 : 2; // the first resident of each room is its owner
    const moveIn = `20${String(18 + (n % 6)).padStart(2, "0")}-${String((n % 12) + 1).padStart(2, "0")}-${String((n % 27) + 1).padStart(2, "0")}`;
    await tx.query(
      sql`insert into inhabitants (tenant_id, community_id, name, phone, room_id, identity, move_in_date)
       values (${tenantId}, ${communityId}, ${name}, ${phone}, ${roomId}, ${identity}, ${moveIn})`,
    );
    made++;
  }
  return made;
}
