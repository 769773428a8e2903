// Small route and menu fixtures for the shell specs (independent of what schemas/ holds today).
import type { MenuNode, RouteDef } from "../../../../generated/model-types.ts";

export function route(path: string, extra: Partial<RouteDef> = {}): RouteDef {
  const segments = path.split("/").filter(Boolean);
  return {
    path,
    name: segments[segments.length - 1] ?? "home",
    module: segments[0] ?? "",
    public: false,
    title: segments[segments.length - 1] ?? "",
    breadcrumb: [],
    inMenu: true,
    outsideFrame: false,
    hideTabs: false,
    tenantMenu: false,
    iframe: false,
    offline: false,
    demo: false,
    ...extra,
  };
}

export const routes: RouteDef[] = [
  route("/login", { public: true, inMenu: false, outsideFrame: true, hideTabs: true }),
  route("/error/:type", { public: true, inMenu: false }),
  route("/open/key", { public: true, inMenu: false, outsideFrame: true, hideTabs: true }),
  route("/community/community", {
    code: "HBL01001",
    title: "{scene}信息",
    lc: "community_community",
    breadcrumb: ["{scene}管理", "{scene}信息"],
    editBreadcrumb: ["{scene}管理", "{scene}信息", "编辑"],
  }),
  route("/community/house", { code: "HBL01003", title: "房屋管理", lc: "community_house", breadcrumb: ["{scene}管理", "房屋管理"] }),
  route("/system/user", { code: "HBL03001", title: "用户管理", tenantMenu: true }),
  route("/system/taskcenter", { authority: "HBL03001", title: "任务中心" }),
  route("/patrolManage/patrolPoint", { code: "HBL20001", title: "巡更点" }),
  route("/patrolManage/patrolPointIframe/:type", { code: "HBL20001", title: "巡更点", iframe: true }),
  route("/offPatrolManage/offPatrolPoint", { code: "HBL20001", title: "离线巡更点" }),
  route("/workbench/benchlayout", { code: "HBL0001", title: "工作台", hideTabs: true }),
];

export function menuNode(index: string, alias: string, extra: Partial<MenuNode> = {}): MenuNode {
  return { index, alias, isTenantMenu: false, subMenus: [], ...extra };
}

export const webMenuList: MenuNode[] = [
  menuNode("community", "{scene}管理", {
    icon: "HomeOutlined",
    subMenus: [menuNode("community", "{scene}信息", { code: "HBL01001", path: "/community/community" }), menuNode("house", "房屋管理", { code: "HBL01003", path: "/community/house" })],
  }),
  menuNode("inspect", "巡检", {
    subMenus: [
      menuNode("config", "巡检配置", {
        subMenus: [menuNode("template", "巡检模板", { path: "/inspect/config/template" }), menuNode("patrolPlan", "巡检计划")],
      }),
    ],
  }),
  menuNode("system", "系统管理", {
    isTenantMenu: true,
    subMenus: [
      menuNode("user", "用户管理", { code: "HBL03001", path: "/system/user", isTenantMenu: true }),
      menuNode("nucleinCompartment", "核酸小屋", { systemMenu: "nucleinCompartment", path: "/system/nucleinCompartment" }),
      menuNode("app", "应用", { code: "APP01", systemMenu: "systemApp", applicationUrl: "https://app.example.com/entry?x=1" }),
      menuNode("charge", "消防充电", { systemMenu: "fireCharge" }),
      menuNode("ai", "AI巡检", { systemMenu: "aiInspect", applicationUrl: "https://ai.example.com/" }),
    ],
  }),
];
