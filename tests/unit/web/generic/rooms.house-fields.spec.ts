// 房屋管理's generic pages read their fields from the schema (issue 27): the list shows a house's
// 房屋类型, areas, 房屋状态 (its occupancy) and 交房日期, not the smart-home 部署状态; the form and
// the detail page have them all, the form starting a house as 住宅, 空置, 未部署; both states filter.
import { expect, test } from "vitest";
import type { FieldDef } from "../../../../generated/model-types.ts";
import { resourceByName } from "../../../../generated/resources.ts";
import { defaultFormValues, detailFields, fieldLabel, filterFields, formFields, listFields } from "../../../../src/web/generic/fields.ts";

const rooms = resourceByName.rooms;
const labels = (fields: FieldDef[]) => fields.map((f) => fieldLabel(f, "社区"));

test("the house list's columns", () => {
  expect(labels(listFields(rooms))).toEqual(["楼栋", "单元", "房号", "楼层", "房屋类型", "建筑面积(㎡)", "计费面积(㎡)", "房屋状态", "交房日期"]);
});

test("the house form and detail, and the form's defaults", () => {
  const house = ["房屋类型", "建筑面积(㎡)", "计费面积(㎡)", "房屋状态", "交房日期", "部署状态"];
  expect(labels(formFields(rooms))).toEqual(["楼栋", "单元", "房号", "楼层", ...house, "可居住人数"]);
  expect(labels(detailFields(rooms))).toEqual(expect.arrayContaining(house));
  expect(defaultFormValues(formFields(rooms))).toMatchObject({ houseType: 1, occupancyStatus: 3, status: 1 });
  expect(rooms.fields.find((f) => f.name === "occupancyStatus")).toMatchObject({ mapping: "roomOccupancy", required: true });
  expect(rooms.fields.find((f) => f.name === "status")).toMatchObject({ label: "部署状态", mapping: "roomStatus" });
});

test("the house list filters by 房屋类型, 房屋状态 and 部署状态", () => {
  expect(labels(filterFields(rooms))).toEqual(expect.arrayContaining(["房屋类型", "房屋状态", "部署状态"]));
});
