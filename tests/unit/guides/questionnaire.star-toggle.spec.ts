import { describe, expect, it } from "vitest";
import { toggleChoice } from "../../../src/web/guides/questionnaire/questionnaire-state.ts";

describe("star selection (spec §4)", () => {
  it("selects the clicked choice", () => {
    expect(toggleChoice(null, "3")).toBe("3");
  });

  it("deselects the choice when it is clicked again", () => {
    expect(toggleChoice("3", "3")).toBeNull();
  });

  it("moves the selection to another choice", () => {
    expect(toggleChoice("3", "5")).toBe("5");
  });

  it("selects again after a deselect", () => {
    let selected: string | null = null;
    for (const click of ["2", "2", "2"]) selected = toggleChoice(selected, click);
    expect(selected).toBe("2");
  });
});
