// Excel cells and schema fields: exports show what the list shows (labels, masks, China time);
// imports take labels or codes, 是/否 and Excel dates, and name what is wrong.
import { expect, test } from "vitest";
import { resourceByName } from "../../../generated/resources.ts";
import { CellProblem, cellText, exportCell, importValue } from "../../../src/server/excel/cells.ts";
import { chinaDateTime } from "../../../src/common/china-time.ts";

const field = (resource: string, name: string) => resourceByName[resource].fields.find((f) => f.name === name)!;

test("export: mapping labels, owner by scene, masks, booleans, times, reference labels", () => {
  expect(exportCell(field("rooms", "status"), { status: 5 }, "社区")).toBe("已交付");
  expect(exportCell(field("inhabitants", "identity"), { identity: 1 }, "园区")).toBe("管理员");
  expect(exportCell(field("inhabitants", "phone"), { phone: "13812345678" }, "社区")).toBe("138****5678");
  expect(exportCell(field("cards", "enabled"), { enabled: false }, "社区")).toBe("否");
  expect(exportCell(field("inhabitants", "roomId"), { roomId: 7, roomIdLabel: "101" }, "社区")).toBe("101");
  expect(chinaDateTime("2026-05-01T01:02:03Z")).toBe("2026-05-01 09:02:03");
});

test("import: labels or codes, 是/否, dates; a wrong label names the choices", () => {
  expect(importValue(field("rooms", "status"), "已交付", "社区")).toBe(5);
  expect(importValue(field("rooms", "status"), "5", "社区")).toBe(5);
  expect(importValue(field("inhabitants", "identity"), "业主", "社区")).toBe(1);
  const wrong = importValue(field("rooms", "status"), "不知道", "社区");
  expect(wrong).toBeInstanceOf(CellProblem);
  expect((wrong as CellProblem).message).toBe("部署状态“不知道”不正确，可选：未部署、部署中、待交付、验收中、已交付");
  expect(importValue(field("rooms", "occupancyStatus"), "未交付", "社区")).toBe(5);
  expect((importValue(field("rooms", "occupancyStatus"), "已交付", "社区") as CellProblem).message).toBe("房屋状态“已交付”不正确，可选：自住、出租、空置、装修、未交付");
  expect(importValue(field("rooms", "houseType"), "车位", "社区")).toBe(4);
  expect(importValue(field("cards", "enabled"), "是", "社区")).toBe(true);
  expect(importValue(field("cards", "enabled"), "否", "社区")).toBe(false);
  expect(importValue(field("inhabitants", "moveInDate"), new Date(Date.UTC(2024, 4, 1)), "社区")).toBe("2024-05-01");
  expect(importValue(field("inhabitants", "moveInDate"), "2024/5/1", "社区")).toBe("2024-05-01");
  expect(importValue(field("inhabitants", "name"), null, "社区")).toBeUndefined();
  expect(cellText({ richText: [{ text: " 阳光" }, { text: "花园 " }] })).toBe("阳光花园");
  expect(cellText({ formula: "A1", result: 12 })).toBe("12");
});
