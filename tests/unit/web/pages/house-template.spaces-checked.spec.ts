// The house template editor reads stored rooms of any shape and checks them before saving.
import { expect, test } from "vitest";
import { deviceTotal, readSpaces, spacesProblem } from "../../../../src/web/pages/smartHome/template-spaces.ts";
import { appsForRoute } from "../../../../src/web/pages/pages/outside/DownloadApkPage.tsx";

test("stored values: arrays, JSON text, other names", () => {
  expect(readSpaces('[{"space":"客厅","devices":[{"deviceType":2,"count":3}]}]')).toEqual([{ space: "客厅", devices: [{ deviceType: 2, count: 3 }] }]);
  expect(readSpaces([{ name: "卧室" }])).toEqual([{ space: "卧室", devices: [] }]);
  expect(readSpaces("oops")).toEqual([]);
  expect(
    deviceTotal(
      readSpaces([
        {
          space: "a",
          devices: [
            { deviceType: 1, count: 2 },
            { deviceType: 3, count: 4 },
          ],
        },
      ]),
    ),
  ).toBe(6);
});

test("problems: empty or repeated names, counts out of range, one type twice", () => {
  expect(spacesProblem([{ space: "客厅", devices: [{ deviceType: 1, count: 1 }] }])).toBeNull();
  expect(spacesProblem([{ space: " ", devices: [] }])).toBe("请输入房间名称");
  expect(
    spacesProblem([
      { space: "客厅", devices: [] },
      { space: "客厅", devices: [] },
    ]),
  ).toBe("房间“客厅”重复");
  expect(spacesProblem([{ space: "客厅", devices: [{ deviceType: 1, count: 100 }] }])).toBe("“客厅”的设备数量应为1到99");
  expect(
    spacesProblem([
      {
        space: "客厅",
        devices: [
          { deviceType: 1, count: 1 },
          { deviceType: 1, count: 2 },
        ],
      },
    ]),
  ).toBe("“客厅”中同一类设备请合并填写数量");
});

test("download pages show their apps", () => {
  expect(appsForRoute("downloadApkForOwner").map((a) => a.key)).toEqual(["owner"]);
  expect(appsForRoute("downloadApkForProperty").map((a) => a.key)).toEqual(["property"]);
  expect(appsForRoute("downloadApk")).toHaveLength(2);
});
