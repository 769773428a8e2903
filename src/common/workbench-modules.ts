// The workbench's modules (spec §3 module item: moduleId; §9 "workbench modules: agency matters,
// common functions, announcement, community profile, household, housing and open-door statistics,
// vehicle flow"; and 收费概况, the money desk, for holders of the payment report's code). The server
// answers GET {management}/item/{moduleId} from this list and checks saved layouts against it; the
// web app renders each module by its id. A module is offered to a user who holds any of its codes
// (none listed: every workbench user).

export interface WorkbenchModuleDef {
  moduleId: string;
  name: string;
  description: string;
  /** Columns of the two-column workbench grid it takes by default (1 half, 2 full width). */
  width: 1 | 2;
  /** Any of these codes makes the module available; empty: HBL0001 (the workbench) is enough. */
  codes: readonly string[];
}

export const workbenchModules: readonly WorkbenchModuleDef[] = [
  { moduleId: "communityProfile", name: "社区概况", description: "楼栋、单元、房屋与住户数量", width: 2, codes: [] },
  { moduleId: "feeOverview", name: "收费概况", description: "本月应收、实收与收缴率，欠费总额，待审核的退款、减免与押金退还", width: 2, codes: ["HBL0701309"] },
  { moduleId: "agencyMatters", name: "待办事项", description: "待审核的入住申请与未完成的报事报修", width: 1, codes: ["HBL07001", "HBL07011"] },
  { moduleId: "announcement", name: "社区公告", description: "最近发布的公告", width: 1, codes: ["HBL07005"] },
  { moduleId: "housing", name: "房屋统计", description: "按状态统计房屋与入住情况", width: 1, codes: ["HBL01003"] },
  { moduleId: "household", name: "住户统计", description: "按身份统计住户与本月新增", width: 1, codes: ["HBL01005"] },
  { moduleId: "openDoor", name: "开门统计", description: "近7天开门次数与开门方式", width: 1, codes: ["HBL06002"] },
  { moduleId: "vehicleFlow", name: "车流统计", description: "近7天车辆进出场次", width: 1, codes: ["HBL21001", "HBL04001"] },
  { moduleId: "commonFunctions", name: "常用功能", description: "常用页面的快捷入口", width: 2, codes: [] },
];

const byId = new Map(workbenchModules.map((m) => [m.moduleId, m]));

export const workbenchModule = (moduleId: string): WorkbenchModuleDef | undefined => byId.get(moduleId);

/** Whether a user holding `authorities` may place the module. */
export function moduleAvailable(def: WorkbenchModuleDef, authorities: readonly string[]): boolean {
  return def.codes.length === 0 || def.codes.some((c) => authorities.includes(c));
}

/** One entry of a saved layout (spec §3 workbench layout): the module and its width. */
export interface LayoutItem {
  moduleId: string;
  w: 1 | 2;
}

/** The layout of a user who saved none: every available module, in catalogue order. */
export function defaultLayout(authorities: readonly string[]): LayoutItem[] {
  return workbenchModules.filter((m) => moduleAvailable(m, authorities)).map((m) => ({ moduleId: m.moduleId, w: m.width }));
}

/**
 * A layout as stored: known modules only, each once, in the given order, width 1 or 2 (the module's
 * default when absent or wrong). Unknown entries are dropped, not refused: a module retired from the
 * catalogue must not break a saved layout.
 */
export function normalizeLayout(raw: unknown): LayoutItem[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: LayoutItem[] = [];
  for (const entry of raw) {
    const id = typeof entry === "string" ? entry : entry && typeof entry === "object" ? (entry as { moduleId?: unknown }).moduleId : undefined;
    if (typeof id !== "string") continue;
    const def = byId.get(id);
    if (!def || seen.has(id)) continue;
    seen.add(id);
    const w = entry && typeof entry === "object" ? Number((entry as { w?: unknown }).w) : NaN;
    out.push({ moduleId: id, w: w === 1 || w === 2 ? w : def.width });
  }
  return out;
}
