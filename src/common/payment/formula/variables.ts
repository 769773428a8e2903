// The names a fee formula may use (the whitelist). A formula is declared data: it is parsed into a
// tree of these names, decimal numbers and + − × ÷ (tree.ts), never run as code. Each name has
// ASCII aliases; the 公摊 names T, F, R are those of the reference product's share formulas
// (`T/F*R*1.5`: T the shared total, F the rooms' total area, R the room's area).

export type VariableName = "面积" | "建筑面积" | "单价" | "用量" | "附加费" | "系数" | "楼层" | "月数" | "小区面积" | "楼栋面积" | "单元面积" | "公摊总额" | "总面积" | "户数";

/** The names by an ASCII key, for code that may hold no Chinese text (the server). */
export const V = {
  area: "面积",
  buildingArea: "建筑面积",
  unitPrice: "单价",
  usage: "用量",
  surcharge: "附加费",
  coefficient: "系数",
  floor: "楼层",
  months: "月数",
  communityArea: "小区面积",
  buildingTotalArea: "楼栋面积",
  unitArea: "单元面积",
  shareTotal: "公摊总额",
  totalArea: "总面积",
  households: "户数",
} as const satisfies Record<string, VariableName>;

export interface VariableInfo {
  name: VariableName;
  aliases: string[];
  /** What the value is, shown beside the formula field. */
  meaning: string;
  /** fee: a fee item's formula (one room's bill); share: a 公摊 formula (one room's weight). */
  contexts: ("fee" | "share")[];
}

export const VARIABLES: VariableInfo[] = [
  { name: "面积", aliases: ["area", "R"], meaning: "房屋计费面积（未设则为建筑面积），㎡", contexts: ["fee", "share"] },
  { name: "建筑面积", aliases: ["buildingArea"], meaning: "房屋建筑面积，㎡", contexts: ["fee", "share"] },
  { name: "单价", aliases: ["price"], meaning: "计价类型的单价，元", contexts: ["fee"] },
  { name: "用量", aliases: ["usage"], meaning: "本期抄表用量（(本期 − 上期) × 倍率）", contexts: ["fee"] },
  { name: "附加费", aliases: ["surcharge"], meaning: "计价类型的附加费，元", contexts: ["fee"] },
  { name: "系数", aliases: ["coef"], meaning: "计价类型的系数", contexts: ["fee"] },
  { name: "楼层", aliases: ["floor"], meaning: "房屋所在楼层", contexts: ["fee", "share"] },
  { name: "月数", aliases: ["months"], meaning: "计费周期的月数（月 1、季 3、年 12）", contexts: ["fee"] },
  { name: "小区面积", aliases: ["communityArea"], meaning: "小区全部房屋的计费面积之和，㎡", contexts: ["fee", "share"] },
  { name: "楼栋面积", aliases: ["buildingTotalArea"], meaning: "房屋所在楼栋的计费面积之和，㎡", contexts: ["fee", "share"] },
  { name: "单元面积", aliases: ["unitArea"], meaning: "房屋所在单元的计费面积之和，㎡", contexts: ["fee", "share"] },
  { name: "公摊总额", aliases: ["T"], meaning: "公摊的总额，元", contexts: ["share"] },
  { name: "总面积", aliases: ["F"], meaning: "参与公摊房屋的计费面积之和，㎡", contexts: ["share"] },
  { name: "户数", aliases: ["households"], meaning: "参与公摊的户数", contexts: ["share"] },
];

const BY_NAME = new Map<string, VariableInfo>();
for (const v of VARIABLES) {
  BY_NAME.set(v.name, v);
  for (const a of v.aliases) BY_NAME.set(a, v);
}

/** The variable a name in a formula stands for (its own name or an alias), if whitelisted. */
export function variableOf(name: string): VariableInfo | undefined {
  return BY_NAME.get(name);
}
