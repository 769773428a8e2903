import { describe, expect, it } from "vitest";
import { breadcrumbFor, documentTitle, fillScene } from "../../../../src/web/shell/title-state.ts";
import { routes } from "./fixtures.ts";

const community = routes.find((r) => r.path === "/community/community")!;

describe("titles and breadcrumbs", () => {
  it("replace {scene} with the scene name, default 社区", () => {
    expect(fillScene("{scene}信息", "园区")).toBe("园区信息");
    expect(fillScene("{scene}管理 / {scene}信息", "")).toBe("社区管理 / 社区信息");
  });

  it("use the edit breadcrumb when the path contains edit", () => {
    expect(breadcrumbFor(community, "/community/community", "小区")).toEqual(["小区管理", "小区信息"]);
    expect(breadcrumbFor(community, "/community/community/edit/3", "小区")).toEqual(["小区管理", "小区信息", "编辑"]);
    expect(breadcrumbFor(undefined, "/x")).toEqual([]);
  });

  it("title the document with the page and the product name", () => {
    expect(documentTitle(community, null, "云物业")).toBe("社区信息 - 云物业");
    expect(documentTitle(undefined, null, "云物业")).toBe("云物业");
    expect(documentTitle(community, "园区", "")).toBe("园区信息");
  });
});
