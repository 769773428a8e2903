// The smart-home guide's ordered steps with sub-steps (spec §2 smart-home guide panel, §3 smart-home
// steering flags, §6 smart-home codes), marked done from GET {smarthome}/steer/actions/config:
//   1 基础数据 (roomEnable): the community, its houses and residents (HBL01001, HBL01003, HBL01005)
//   2 智能设备 (smartDeviceEnable, NSH_SMART_DEVICE_MANAGE)
//   3 户型配置: house-type templates (houseTypeEnable, NSH_SMART_ROOM_TYPE_MANAGE), then linking rooms
//     to a template (houseTypeRelevancyRoomEnable, NSH_SMART_ROOM_MANAGE)
//   4 施工人员 (workerEnable, NSH_SMART_WORKER_MANAGE)
// spec §4 "the first two smart-home steps follow a similar pattern": step 2 needs step 1 done, the
// later steps need steps 1 and 2 done; inside a step a sub-step needs the sub-steps before it done.
import type { GuideStepItem } from "../guide-steps.ts";
import type { SmartHomeSteerFlags } from "../../../common/smart-home-steer.ts";

export type { SmartHomeSteerFlags };

type Flags = Partial<SmartHomeSteerFlags> | null | undefined;
const on = (flags: Flags, key: keyof SmartHomeSteerFlags) => flags?.[key] === true;

/** The steps, done from the flags (a step with sub-steps is done when all of them are). */
export function smartHomeSteps(flags: Flags): GuideStepItem[] {
  const rooms = on(flags, "roomEnable");
  const sub = (item: Omit<GuideStepItem, "icon" | "checkedIcon">): GuideStepItem => ({ icon: "RightCircleOutlined", checkedIcon: "CheckCircleFilled", ...item });
  const basic = [
    sub({ id: "community", name: "社区信息", dec: "确认社区基础信息", hasChecked: rooms, router: "/community/community", lc: "smart_guide_community", permissionCode: "HBL01001" }),
    sub({ id: "house", name: "房屋管理", dec: "录入楼栋、单元与房屋", hasChecked: rooms, router: "/community/house", lc: "smart_guide_house", permissionCode: "HBL01003" }),
    sub({ id: "people", name: "住户管理", dec: "录入房屋中的住户", hasChecked: rooms, router: "/community/people", lc: "smart_guide_people", permissionCode: "HBL01005" }),
  ];
  const houseType = [
    sub({
      id: "houseTemplate",
      name: "户型模板",
      dec: "设计户型与房间",
      hasChecked: on(flags, "houseTypeEnable"),
      router: "/intelligence/smartHouseTemplate",
      lc: "smart_guide_house_template",
      permissionCode: "NSH_SMART_ROOM_TYPE_MANAGE",
    }),
    sub({
      id: "roomRelation",
      name: "户型关联房屋",
      dec: "为智能房间选择户型模板",
      hasChecked: on(flags, "houseTypeRelevancyRoomEnable"),
      router: "/intelligence/smartRoom",
      lc: "smart_guide_room_relation",
      permissionCode: "NSH_SMART_ROOM_MANAGE",
    }),
  ];
  return [
    {
      id: "basic",
      name: "基础数据",
      dec: "完善社区、房屋与住户信息",
      icon: "HomeOutlined",
      checkedIcon: "CheckCircleFilled",
      hasChecked: basic.every((s) => s.hasChecked),
      router: "/community/house",
      lc: "smart_guide_basic",
      permissionCode: "HBL01003",
      children: basic,
    },
    {
      id: "device",
      name: "智能设备",
      dec: "添加网关、门锁、灯光等智能设备",
      icon: "BulbOutlined",
      checkedIcon: "CheckCircleFilled",
      hasChecked: on(flags, "smartDeviceEnable"),
      router: "/intelligence/smartDevice",
      lc: "smart_guide_device",
      permissionCode: "NSH_SMART_DEVICE_MANAGE",
    },
    {
      id: "houseType",
      name: "户型配置",
      dec: "配置户型模板并关联房屋",
      icon: "LayoutOutlined",
      checkedIcon: "CheckCircleFilled",
      hasChecked: houseType.every((s) => s.hasChecked),
      router: "/intelligence/smartHouseTemplate",
      lc: "smart_guide_house_type",
      permissionCode: "NSH_SMART_ROOM_TYPE_MANAGE",
      children: houseType,
    },
    {
      id: "worker",
      name: "施工人员",
      dec: "添加负责安装交付的施工人员",
      icon: "TeamOutlined",
      checkedIcon: "CheckCircleFilled",
      hasChecked: on(flags, "workerEnable"),
      router: "/intelligence/smartWorkers",
      lc: "smart_guide_worker",
      permissionCode: "NSH_SMART_WORKER_MANAGE",
    },
  ];
}

/** Step 2 needs step 1 done; later steps need steps 1 and 2 done. */
export function smartHomeStepEnabled(steps: readonly Pick<GuideStepItem, "hasChecked">[], index: number): boolean {
  if (index <= 0) return true;
  if (index === 1) return steps[0]?.hasChecked === true;
  return steps[0]?.hasChecked === true && steps[1]?.hasChecked === true;
}

/** A sub-step: its step is enabled and the sub-steps before it are done. */
export function smartHomeSubStepEnabled(steps: readonly GuideStepItem[], index: number, childIndex: number): boolean {
  if (!smartHomeStepEnabled(steps, index)) return false;
  const children = steps[index]?.children ?? [];
  return children.slice(0, childIndex).every((c) => c.hasChecked);
}
