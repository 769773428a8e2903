// The tenant's menu colours are checked for WCAG contrast when the platform configuration is saved:
// the ratio follows WCAG 2.1, the product's defaults pass, and a pair below 4.5:1 gives the
// catalogue's Chinese warning naming both fields.
import { describe, expect, test } from "vitest";
import { contrastRatio, menuThemeContrastProblems, parseColour } from "../../../src/common/contrast.ts";
import { saveWarnings } from "../../../src/web/generic/saveWarnings.ts";
import { resources } from "../../../generated/resources.ts";

describe("contrast", () => {
  test("ratios match WCAG's examples: black on white 21:1, antd's blue under white 4.1:1, the theme's 5.2:1", () => {
    expect(contrastRatio(parseColour("#000")!, parseColour("#ffffff")!)).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColour("#fff")!, parseColour("#1677ff")!)).toBeCloseTo(4.1, 1);
    expect(contrastRatio(parseColour("rgb(255, 255, 255)")!, parseColour("#1668dc")!)).toBeCloseTo(5.19, 1);
    expect(parseColour("rgba(0,0,0,0.5)")).toEqual([0, 0, 0, 0.5]);
    expect(parseColour("red")).toBeNull();
  });

  test("the default menu colours pass; antd's selected blue, or grey text on a white menu, does not", () => {
    expect(menuThemeContrastProblems({})).toEqual([]);
    expect(menuThemeContrastProblems({ menuTextHighSelBgColor: "#1677ff" })).toEqual([{ text: "menuTextHighColor", background: "menuTextHighSelBgColor", ratio: 4.1 }]);
    expect(menuThemeContrastProblems({ menuBackGroundColor: "#ffffff", menuTextColor: "#999999" }).map((p) => p.text)).toContain("menuTextColor");
  });

  test("saving a platform configuration with a low-contrast pair warns in Chinese with both labels; other resources get nothing", () => {
    const fields = resources.find((r) => r.name === "platformConfigs")!.fields;
    expect(saveWarnings("platformConfigs", { menuTextHighSelBgColor: "#1677ff" }, fields)).toEqual([
      "已保存，但菜单高亮文字颜色与菜单选中背景色的对比度仅为 4.1:1（应不低于 4.5:1），菜单文字可能看不清",
    ]);
    expect(saveWarnings("platformConfigs", { menuBackGroundColor: "#001529" }, fields)).toEqual([]);
    expect(saveWarnings("communities", { menuTextHighSelBgColor: "#1677ff" }, fields)).toEqual([]);
  });
});
