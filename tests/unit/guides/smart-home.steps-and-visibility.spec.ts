import { beforeEach, describe, expect, it } from "vitest";
import { guideSwitchKey } from "../../../src/web/guides/guide-switch.ts";
import { stepClick } from "../../../src/web/guides/guide-steps.ts";
import { smartHomeStepEnabled, smartHomeSteps, smartHomeSubStepEnabled } from "../../../src/web/guides/smartHome/smart-home-steps.ts";
import { initialSmartHomeMode, minimiseSmartHome, reopenSmartHome, restoreSmartHome, smartHomeGuideShownOn } from "../../../src/web/guides/smartHome/smart-home-visibility.ts";
import { MemoryStorage } from "../../../src/web/state/storage.ts";

const none = { roomEnable: false, smartDeviceEnable: false, houseTypeEnable: false, houseTypeRelevancyRoomEnable: false, workerEnable: false };

describe("smart-home guide steps", () => {
  it("lists the ordered steps with sub-steps, done from the five flags", () => {
    const steps = smartHomeSteps({ ...none, roomEnable: true, houseTypeEnable: true });
    expect(steps.map((s) => s.name)).toEqual(["基础数据", "智能设备", "户型配置", "施工人员"]);
    expect(steps[0].children?.map((c) => c.name)).toEqual(["社区信息", "房屋管理", "住户管理"]);
    expect(steps[2].children?.map((c) => [c.name, c.hasChecked])).toEqual([
      ["户型模板", true],
      ["户型关联房屋", false],
    ]);
    expect(steps.map((s) => s.hasChecked)).toEqual([true, false, false, false]);
  });

  it("uses the smart-home permission codes of spec §6", () => {
    const codes = smartHomeSteps(none)
      .flatMap((s) => [s, ...(s.children ?? [])])
      .map((s) => s.permissionCode);
    for (const code of ["HBL01001", "HBL01003", "HBL01005", "NSH_SMART_DEVICE_MANAGE", "NSH_SMART_ROOM_TYPE_MANAGE", "NSH_SMART_ROOM_MANAGE", "NSH_SMART_WORKER_MANAGE"]) {
      expect(codes).toContain(code);
    }
  });

  it("enables step 2 after step 1, later steps after steps 1 and 2 (like the payment guide)", () => {
    expect(smartHomeStepEnabled(smartHomeSteps(none), 1)).toBe(false);
    expect(smartHomeStepEnabled(smartHomeSteps({ ...none, roomEnable: true }), 1)).toBe(true);
    expect(smartHomeStepEnabled(smartHomeSteps({ ...none, roomEnable: true }), 2)).toBe(false);
    expect(smartHomeStepEnabled(smartHomeSteps({ ...none, roomEnable: true, smartDeviceEnable: true }), 3)).toBe(true);
  });

  it("enables a sub-step only after the sub-steps before it", () => {
    const ready = { ...none, roomEnable: true, smartDeviceEnable: true };
    expect(smartHomeSubStepEnabled(smartHomeSteps(ready), 2, 0)).toBe(true);
    expect(smartHomeSubStepEnabled(smartHomeSteps(ready), 2, 1)).toBe(false);
    expect(smartHomeSubStepEnabled(smartHomeSteps({ ...ready, houseTypeEnable: true }), 2, 1)).toBe(true);
    expect(smartHomeSubStepEnabled(smartHomeSteps(none), 2, 0)).toBe(false);
  });

  it("tells a user without the step's code that it is not permitted", () => {
    const device = smartHomeSteps({ ...none, roomEnable: true })[1];
    expect(stepClick(device, true, ["HBL01001"])).toEqual({ kind: "noPermission", message: "您没有智能设备操作权限，请联系管理员" });
  });
});

describe("smart-home guide visibility", () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it("shows on /propertyPayment/ and /intelligence/ routes only", () => {
    expect(smartHomeGuideShownOn("/intelligence/smartRoom")).toBe(true);
    expect(smartHomeGuideShownOn("/propertyPayment/cashier")).toBe(true);
    expect(smartHomeGuideShownOn("/community/house")).toBe(false);
    expect(smartHomeGuideShownOn("/workbench/benchlayout")).toBe(false);
  });

  it("opens expanded on smart-home pages and as its floating button on payment pages", () => {
    expect(initialSmartHomeMode(storage, "/intelligence/smartDevice")).toBe("expanded");
    expect(initialSmartHomeMode(storage, "/propertyPayment/cashier")).toBe("minimised");
  });

  it("remembers minimised until restored", () => {
    minimiseSmartHome(storage);
    expect(initialSmartHomeMode(storage, "/intelligence/smartDevice")).toBe("minimised");
    restoreSmartHome(storage);
    expect(initialSmartHomeMode(storage, "/intelligence/smartDevice")).toBe("expanded");
  });

  it("is hidden while its switch is off, and the guide button turns it on again", () => {
    storage.setItem(guideSwitchKey("smartHome"), "false");
    expect(initialSmartHomeMode(storage, "/intelligence/smartDevice")).toBe("hidden");
    expect(reopenSmartHome(storage)).toBe("expanded");
    expect(initialSmartHomeMode(storage, "/intelligence/smartDevice")).toBe("expanded");
  });
});
