// Spec §3 display mappings: each code's label, the "otherwise" fallback, the raw value when a mapping
// has none, select options, and the owner label by scene name.
import { describe, expect, test } from "vitest";
import { mappingColor, mappingLabel, mappingOptions, ownerLabel } from "../../../src/common/mappings.ts";
import { mappings } from "../../../generated/mappings.ts";

describe("room status 1–5, no fallback", () => {
  test.each([
    [1, "未部署"],
    [2, "部署中"],
    ["3", "待交付"],
    [4, "验收中"],
    [5, "已交付"],
    // Without a fallback the raw value shows, and a missing one shows as nothing.
    [6, "6"],
    [0, "0"],
    [null, ""],
    [undefined, ""],
  ])("%s → %s", (code, label) => {
    expect(mappingLabel("roomStatus", code)).toBe(label);
  });
});

// Not in the spec (docs/decisions.md): a house's occupancy (房屋状态, what bills it) and its type.
test("house occupancy 1–5 and house types 1–6", () => {
  expect(mappingOptions("roomOccupancy").map((o) => [o.value, o.label])).toEqual([
    [1, "自住"],
    [2, "出租"],
    [3, "空置"],
    [4, "装修"],
    [5, "未交付"],
  ]);
  expect(mappingOptions("houseType").map((o) => o.label)).toEqual(["住宅", "商铺", "办公", "车位", "储藏室", "其他"]);
});

describe("payment type: 1 property fee, otherwise other", () => {
  test.each([
    [1, "物业费"],
    ["1", "物业费"],
    [2, "其他"],
    [0, "其他"],
    ["x", "其他"],
    [null, "其他"],
  ])("%s → %s", (code, label) => {
    expect(mappingLabel("paymentType", code)).toBe(label);
  });
});

describe("return flag: 1 refund, otherwise charge", () => {
  test.each([
    [1, "退款"],
    [0, "收费"],
    [2, "收费"],
    [undefined, "收费"],
  ])("%s → %s", (code, label) => {
    expect(mappingLabel("returnFlag", code)).toBe(label);
  });
});

describe("pay method 1–6, 7 the system's 预存款抵扣, otherwise other", () => {
  test.each([
    [1, "微信"],
    [2, "支付宝"],
    [3, "银行APP"],
    [4, "POS机"],
    [5, "现金"],
    [6, "转账"],
    [7, "预存款抵扣"],
    [8, "其他"],
    [0, "其他"],
    [null, "其他"],
  ])("%s → %s", (code, label) => {
    expect(mappingLabel("payMethod", code)).toBe(label);
  });

  test("a form never offers 预存款抵扣; a filter does", () => {
    expect(mappingOptions("payMethod", { forForm: true }).map((o) => o.label)).toEqual(["微信", "支付宝", "银行APP", "POS机", "现金", "转账"]);
    expect(mappingOptions("payMethod").map((o) => o.value)).toContain(7);
  });
});

describe("patrol type label: 4 inspection, 3 maintenance, otherwise patrol", () => {
  test.each([
    [4, "巡检"],
    [3, "维保"],
    [1, "巡更"],
    [2, "巡更"],
    [null, "巡更"],
  ])("%s → %s", (code, label) => {
    expect(mappingLabel("patrolType", code)).toBe(label);
  });
});

describe("owner label by scene name", () => {
  test.each([
    ["社区", "业主"],
    ["园区", "管理员"],
    ["楼宇", "管理员"],
    // No scene name means the default scene, 社区 (spec §9).
    [undefined, "业主"],
    ["", "业主"],
  ])("%s → %s", (scene, label) => {
    expect(ownerLabel(scene)).toBe(label);
  });
});

describe("every mapping of schemas/mappings.yaml", () => {
  test.each(Object.entries(mappings))("%s: each code shows its label, others the fallback or themselves", (name, m) => {
    for (const [code, v] of Object.entries(m.values)) expect(mappingLabel(name, code)).toBe(v.label);
    expect(mappingLabel(name, "no-such-code")).toBe(m.otherwise ?? "no-such-code");
  });

  test.each(Object.keys(mappings))("%s: options list every code once with its label", (name) => {
    const m = mappings[name];
    const options = mappingOptions(name);
    expect(options.map((o) => String(o.value)).sort()).toEqual(Object.keys(m.values).sort());
    for (const o of options) {
      expect(o.label).toBe(m.values[String(o.value)].label);
      expect(typeof o.value).toBe(m.valueType === "integer" ? "number" : "string");
    }
  });

  test("an unknown mapping name is a programming error", () => {
    expect(() => mappingLabel("noSuchMapping", 1)).toThrow("noSuchMapping");
  });
});

test("room status options carry their tag colours", () => {
  expect(mappingOptions("roomStatus")).toEqual([
    { value: 1, label: "未部署", color: "default" },
    { value: 2, label: "部署中", color: "processing" },
    { value: 3, label: "待交付", color: "warning" },
    { value: 4, label: "验收中", color: "cyan" },
    { value: 5, label: "已交付", color: "success" },
  ]);
  expect(mappingColor("returnFlag", 1)).toBe("red");
  expect(mappingColor("returnFlag", 0)).toBeUndefined();
});
