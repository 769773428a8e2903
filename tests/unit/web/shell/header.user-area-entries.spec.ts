import { describe, expect, it } from "vitest";
import { cockpitItems, operationReport, showsEdgeService, truncateEdgeName, userMenuItems } from "../../../../src/web/shell/header-state.ts";

describe("edge-service name", () => {
  it("is cut to 10 characters plus an ellipsis", () => {
    expect(truncateEdgeName("边缘服务一二三四五六七八")).toBe("边缘服务一二三四五六…");
    expect(truncateEdgeName("edge-01")).toBe("edge-01");
    expect(truncateEdgeName("0123456789")).toBe("0123456789");
    expect(truncateEdgeName(null)).toBe("");
  });

  it("is loaded only with HBL03019 and a current community", () => {
    expect(showsEdgeService(["HBL03019"], 1001)).toBe(true);
    expect(showsEdgeService(["HBL01001"], 1001)).toBe(false);
    expect(showsEdgeService(["HBL03019"], null)).toBe(false);
  });
});

describe("cockpit dropdown", () => {
  it("needs the kanban flag and HBL23001 or HBL23003", () => {
    expect(cockpitItems(false, ["HBL23001", "HBL23003"], 1)).toEqual([]);
    expect(cockpitItems(true, [], 1)).toEqual([]);
    expect(cockpitItems(true, ["HBL23001"], 1).map((i) => i.path)).toEqual(["/globalBoard"]);
    expect(cockpitItems(1, ["HBL23001", "HBL23003"], 1001).map((i) => i.path)).toEqual(["/globalBoard", "/projectBoard?communityId=1001"]);
    expect(cockpitItems(true, ["HBL23003"], null).map((i) => i.path)).toEqual(["/projectBoard"]);
  });
});

describe("user menu", () => {
  it("shows 企业租户 and 菜单配置 only to the main account (userType 0)", () => {
    expect(userMenuItems("0").map((i) => i.label)).toEqual(["个人中心", "企业租户", "菜单配置", "修改密码", "退出"]);
    expect(userMenuItems("1").map((i) => i.label)).toEqual(["个人中心", "修改密码", "退出"]);
    expect(userMenuItems(undefined).map((i) => i.label)).toEqual(["个人中心", "修改密码", "退出"]);
  });
});

describe("operation-log report", () => {
  it("is source 2, operationType 1", () => {
    expect(operationReport("HBL23001")).toEqual({ source: 2, operationCode: "HBL23001", operationType: 1 });
  });
});
