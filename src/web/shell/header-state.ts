// Header user-area logic (spec §2 Layout, §6, §7): which entries show, and what they carry.
import { constants } from "../../../generated/constants.ts";

/** spec §2/§9: the edge-service name is cut to 10 characters plus an ellipsis. */
export function truncateEdgeName(name: string | null | undefined, max: number = constants.edgeNameLength): string {
  const chars = Array.from(name ?? "");
  return chars.length > max ? chars.slice(0, max).join("") + "…" : chars.join("");
}

export const GLOBAL_BOARD_CODE = "HBL23001";
export const PROJECT_BOARD_CODE = "HBL23003";
export const EDGE_SERVICE_CODE = "HBL03019";
export const MENU_CONFIG_CODE = "HBL03021";
/** Operation code reported when the task centre opens (the spec gives its route no code). */
export const TASK_CENTRE_OPERATION = "TASK_CENTRE";

export interface CockpitItem {
  key: "globalBoard" | "projectBoard";
  label: string;
  path: string;
  operationCode: string;
}

/** spec §6: the cockpit menu needs the kanban flag and HBL23001 (global) or HBL23003 (project). */
export function cockpitItems(enabledKanban: boolean | number | string | null | undefined, authorities: readonly string[], communityId: string | number | null): CockpitItem[] {
  if (!enabledKanban || enabledKanban === "0" || enabledKanban === "false") return [];
  const items: CockpitItem[] = [];
  if (authorities.includes(GLOBAL_BOARD_CODE)) items.push({ key: "globalBoard", label: "全局看板", path: "/globalBoard", operationCode: GLOBAL_BOARD_CODE });
  if (authorities.includes(PROJECT_BOARD_CODE)) {
    const query = communityId != null && communityId !== "" ? `?communityId=${encodeURIComponent(String(communityId))}` : "";
    items.push({ key: "projectBoard", label: "项目看板", path: `/projectBoard${query}`, operationCode: PROJECT_BOARD_CODE });
  }
  return items;
}

export type UserMenuKey = "personal" | "tenant" | "menuConfig" | "password" | "logout";

export interface UserMenuItem {
  key: UserMenuKey;
  label: string;
}

/** spec §2/§6: 个人中心, 企业租户, 菜单配置, 退出 — the middle two only for the main account (userType "0"). */
export function userMenuItems(userType: string | number | null | undefined): UserMenuItem[] {
  const main = String(userType ?? "") === "0";
  return [
    { key: "personal", label: "个人中心" },
    ...(main
      ? [
          { key: "tenant" as const, label: "企业租户" },
          { key: "menuConfig" as const, label: "菜单配置" },
        ]
      : []),
    { key: "password", label: "修改密码" },
    { key: "logout", label: "退出" },
  ];
}

/** Whether the edge-service link is loaded for the community (spec §6: HBL03019). */
export const showsEdgeService = (authorities: readonly string[], communityId: string | number | null): boolean => authorities.includes(EDGE_SERVICE_CODE) && communityId != null && communityId !== "";

/** spec §7: the operation-log report sent when opening the cockpit, task centre or menu configuration. */
export function operationReport(operationCode: string): { source: 2; operationCode: string; operationType: 1 } {
  return { source: 2, operationCode, operationType: 1 };
}
