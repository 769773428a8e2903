// Shapes of the board calls (src/server/workbench/boards.ts).
export interface Counted {
  value: number | string;
  label: string;
  count: number;
}

export interface GlobalBoardData {
  totals: { communities: number; buildings: number; rooms: number; inhabitants: number; devices: number; devicesOnline: number };
  communities: { communityId: number; communityName: string; rooms: number; occupiedRooms: number; inhabitants: number }[];
  alarms: Counted[];
  repairs: Counted[];
  openDoorDays: { date: string; count: number }[];
  parkingDays: { date: string; in: number; out: number }[];
}

export interface ProjectBoardData {
  communityId: number;
  communityName: string;
  address: string | null;
  totals: { buildings: number; units: number; rooms: number; occupiedRooms: number; inhabitants: number; devices: number; devicesOnline: number };
  roomsByStatus: Counted[];
  residentsByIdentity: Counted[];
  openDoorByMethod: Counted[];
  alarms: Counted[];
  repairs: Counted[];
  openDoorDays: { date: string; count: number }[];
  parkingDays: { date: string; in: number; out: number }[];
}

export const asData = (rows: readonly Counted[]) => rows.map((r) => ({ label: r.label, value: r.count }));

export const percent = (part: number, whole: number) => (whole ? `${Math.round((part * 1000) / whole) / 10}%` : "0%");
