// The workbench layout while the user arranges it (spec §3 workbench layout, module item): reorder by
// dragging or up / down, add a module, remove one, switch its width. Pure: every change returns a new
// layout; the page saves it with POST {management}/layout.
import { moduleAvailable, workbenchModules, type LayoutItem, type WorkbenchModuleDef } from "../../../common/workbench-modules.ts";

export type { LayoutItem };

/** Moves the item at `from` to position `to` (both clamped to the list). */
export function moveItem(layout: readonly LayoutItem[], from: number, to: number): LayoutItem[] {
  const next = [...layout];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(to, next.length - 1));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

export const moveUp = (layout: readonly LayoutItem[], index: number): LayoutItem[] => (index <= 0 ? [...layout] : moveItem(layout, index, index - 1));
export const moveDown = (layout: readonly LayoutItem[], index: number): LayoutItem[] => (index >= layout.length - 1 ? [...layout] : moveItem(layout, index, index + 1));

export const removeItem = (layout: readonly LayoutItem[], moduleId: string): LayoutItem[] => layout.filter((i) => i.moduleId !== moduleId);

/** Appends a module (once: a module already placed is not added again). */
export function addItem(layout: readonly LayoutItem[], def: Pick<WorkbenchModuleDef, "moduleId" | "width">): LayoutItem[] {
  if (layout.some((i) => i.moduleId === def.moduleId)) return [...layout];
  return [...layout, { moduleId: def.moduleId, w: def.width }];
}

export const toggleWidth = (layout: readonly LayoutItem[], moduleId: string): LayoutItem[] => layout.map((i) => (i.moduleId === moduleId ? { ...i, w: i.w === 2 ? 1 : 2 } : i));

/** The modules the user may still add. */
export function addableModules(layout: readonly LayoutItem[], authorities: readonly string[]): WorkbenchModuleDef[] {
  const placed = new Set(layout.map((i) => i.moduleId));
  return workbenchModules.filter((m) => !placed.has(m.moduleId) && moduleAvailable(m, authorities));
}

export const sameLayout = (a: readonly LayoutItem[], b: readonly LayoutItem[]): boolean => a.length === b.length && a.every((item, i) => item.moduleId === b[i].moduleId && item.w === b[i].w);
