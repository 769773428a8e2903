// The web app loads one resource's definition at a time (generated/resource-defs/), not all of them;
// a reference carries what showing it needs of its target (authority code, label field).
import { describe, expect, it, vi } from "vitest";
import { resourceByName, resources } from "../../../../generated/resources.ts";
import { resourceDefLoaders } from "../../../../generated/resource-defs/index.ts";

describe("per-resource definitions", () => {
  it("has a loader for every resource, and each module is the same definition as the server's", async () => {
    expect(Object.keys(resourceDefLoaders).sort()).toEqual(resources.map((r) => r.name).sort());
    for (const r of resources) {
      const { default: def } = await resourceDefLoaders[r.name]();
      expect(def.name).toBe(r.name);
      expect(def.fields.map((f) => f.name)).toEqual(r.fields.map((f) => f.name));
      expect(def.code).toBe(r.code);
    }
  });

  it("gives a ref field its target's code and label field", async () => {
    const { default: rooms } = await resourceDefLoaders.rooms();
    const building = rooms.fields.find((f) => f.name === "buildingId")!;
    const target = resourceByName[building.ref!.resource];
    expect(building.ref!.targetCode).toBe(target.code);
    expect(building.ref!.labelFieldDef).toEqual(target.fields.find((f) => f.name === building.ref!.labelField));
  });

  it("loads a definition once, on demand, and answers undefined for an unknown name", async () => {
    // Fresh copies of the loader and the index: other files in this worker may have loaded definitions already.
    vi.resetModules();
    const { getResourceDef, loadResourceDef } = await import("../../../../src/web/providers/resourceDefs.ts");
    const { resourceActions } = await import("../../../../src/web/providers/resourceIndex.ts");
    expect(getResourceDef("priceTypes")).toBeUndefined();
    // Before its definition is here, a resource without routes offers no actions.
    expect(resourceActions("priceTypes").create).toBe(false);
    const first = loadResourceDef("priceTypes");
    expect(loadResourceDef("priceTypes")).toBe(first);
    const def = await first;
    expect(def?.name).toBe("priceTypes");
    expect(getResourceDef("priceTypes")).toBe(def);
    expect(resourceActions("priceTypes")).toMatchObject({ list: true, create: !def!.readOnly });
    expect(await loadResourceDef("noSuchResource")).toBeUndefined();
  });
});
