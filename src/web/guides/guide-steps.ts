// The guide step item of spec §3 (id, name, dec, icon, checkedIcon, hasChecked, router, lc,
// permissionCode, children) and what clicking one does (spec §4, §6, §8): a disabled card does
// nothing; a step whose permission the user lacks says 您没有{name}操作权限，请联系管理员; any other
// opens its page and sends its tracking code.
import { fillMessage } from "../../../generated/fill-errors.ts";

export interface GuideStepItem {
  id: string;
  name: string;
  /** Description under the name. */
  dec: string;
  /** antd icon names (see guide-icons.tsx) for the open and the done state. */
  icon: string;
  checkedIcon: string;
  /** Done (from the server's steering flags). */
  hasChecked: boolean;
  /** The page the step opens (hash path, may carry a query). */
  router: string;
  /** Click-tracking code sent when the step is opened. */
  lc: string;
  /** Authority code the step needs; absent: the route's own code decides. */
  permissionCode?: string;
  children?: GuideStepItem[];
}

export type StepClick = { kind: "disabled" } | { kind: "noPermission"; message: string } | { kind: "open"; path: string; lc: string };

export const noPermissionMessage = (stepName: string): string => fillMessage.guideStepNoPermission({ name: stepName });

/** What a click on a step card does. */
export function stepClick(step: GuideStepItem, enabled: boolean, authorities: readonly string[]): StepClick {
  if (!enabled) return { kind: "disabled" };
  if (step.permissionCode && !authorities.includes(step.permissionCode)) return { kind: "noPermission", message: noPermissionMessage(step.name) };
  return { kind: "open", path: step.router, lc: step.lc };
}

export const doneCount = (steps: readonly GuideStepItem[]): number => steps.filter((s) => s.hasChecked).length;
