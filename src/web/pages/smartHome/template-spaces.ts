// A house template's rooms and their devices (smartHouseTemplates.spaces: [{space, devices:
// [{deviceType, count}]}]): reading a stored value whatever its shape, and the checks before saving.
import { fillTexts } from "../../../../generated/fill-texts.ts";

export interface SpaceDevice {
  deviceType: number;
  count: number;
}

export interface TemplateSpace {
  space: string;
  devices: SpaceDevice[];
}

export const MAX_DEVICE_COUNT = 99;
export const MAX_SPACE_NAME = 16;

/** A room name as stored: text (a number written without quotes counts as its digits). */
function nameText(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

export function readSpaces(value: unknown): TemplateSpace[] {
  const list = typeof value === "string" ? safeParse(value) : value;
  if (!Array.isArray(list)) return [];
  return list
    .filter((s): s is Record<string, unknown> => !!s && typeof s === "object")
    .map((s) => ({
      space: nameText(s.space ?? s.name).trim(),
      devices: (Array.isArray(s.devices) ? s.devices : [])
        .filter((d): d is Record<string, unknown> => !!d && typeof d === "object")
        .map((d) => ({ deviceType: Number(d.deviceType), count: Number(d.count ?? 1) }))
        .filter((d) => Number.isInteger(d.deviceType)),
    }));
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The first problem of the spaces, or null when they can be saved. */
export function spacesProblem(spaces: readonly TemplateSpace[]): string | null {
  const names = new Set<string>();
  for (const s of spaces) {
    const name = s.space.trim();
    if (!name) return "请输入房间名称";
    if ([...name].length > MAX_SPACE_NAME) return fillTexts.webSmartHome.roomNameTooLong({ max: MAX_SPACE_NAME });
    if (names.has(name)) return fillTexts.webSmartHome.roomRepeated({ name });
    names.add(name);
    const types = new Set<number>();
    for (const d of s.devices) {
      if (!Number.isInteger(d.count) || d.count < 1 || d.count > MAX_DEVICE_COUNT) return fillTexts.webSmartHome.deviceCount({ name, max: MAX_DEVICE_COUNT });
      if (types.has(d.deviceType)) return fillTexts.webSmartHome.deviceTypeRepeated({ name });
      types.add(d.deviceType);
    }
  }
  return null;
}

export const deviceTotal = (spaces: readonly TemplateSpace[]) => spaces.reduce((n, s) => n + s.devices.reduce((m, d) => m + d.count, 0), 0);
