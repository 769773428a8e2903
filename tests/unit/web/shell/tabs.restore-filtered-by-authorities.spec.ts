import { describe, expect, it } from "vitest";
import { filterTabsByAuthorities, restoreTabs, serializeTabs, type Tab } from "../../../../src/web/shell/tabs-state.ts";

const tab = (path: string, code?: string): Tab => ({ index: path.slice(1), title: path, path, fullPath: path, ...(code ? { code } : {}), isTenantMenu: false });

describe("saved tabs", () => {
  it("are filtered to the codes in the user's authority list", () => {
    const saved = [tab("/a", "HBL01001"), tab("/b", "HBL03001"), tab("/c", "HBL01003")];
    expect(filterTabsByAuthorities(saved, ["HBL01001", "HBL01003"]).map((t) => t.path)).toEqual(["/a", "/c"]);
  });

  it("keep tabs of pages that need no code", () => {
    expect(filterTabsByAuthorities([tab("/list")], [])).toHaveLength(1);
  });

  it("round-trip through localStorage text and drop what the user may no longer open", () => {
    const text = serializeTabs({ tabs: [tab("/a", "HBL01001"), tab("/b", "HBL03001")], activePath: "/a" });
    expect(restoreTabs(text, ["HBL03001"])).toEqual({ tabs: [tab("/b", "HBL03001")], activePath: null });
  });

  it("survive missing, broken or foreign data as an empty strip", () => {
    expect(restoreTabs(null, []).tabs).toEqual([]);
    expect(restoreTabs("{oops", []).tabs).toEqual([]);
    expect(restoreTabs(JSON.stringify([{ path: 1 }, "x", null]), []).tabs).toEqual([]);
  });
});
