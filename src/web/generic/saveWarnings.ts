// Warnings a generic form shows after a resource is saved: the save goes through, the user is told
// what to look at. The platform configuration's menu colours are checked for contrast (WCAG 4.5:1).
import type { FieldDef } from "../../../generated/model-types.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import { menuThemeContrastProblems, type MenuTheme } from "../../common/contrast.ts";

type SaveCheck = (payload: Record<string, unknown>, label: (field: string) => string) => string[];

const checks: Record<string, SaveCheck> = {
  platformConfigs: (payload, label) =>
    menuThemeContrastProblems(payload as MenuTheme).map((p) => fillMessage.themeLowContrast({ text: label(p.text), background: label(p.background), ratio: p.ratio.toFixed(1) })),
};

/** The warnings for a saved payload of `resource` (none for most resources). */
export function saveWarnings(resource: string, payload: Record<string, unknown>, fields: readonly FieldDef[]): string[] {
  const check = checks[resource];
  if (!check) return [];
  return check(payload, (name) => fields.find((f) => f.name === name)?.label ?? name);
}
