// useResourceDef calls React's `use` on every render, loaded or not (src/web/providers/resourceDefs.ts):
// skipping it once the definition is here broke the replay of a render that had suspended on it
// (React #520 caused by #467 on a fresh load of 缴费设置). So a loaded definition must cost `use` no
// suspension: its load says it is fulfilled, and a render reads it at once.
import { describe, expect, it, vi } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";

type Thenable = Promise<unknown> & { status?: string; value?: unknown };

async function freshModule() {
  // A fresh copy: other files in this worker may have loaded definitions already.
  vi.resetModules();
  return import("../../../../src/web/providers/resourceDefs.ts");
}

describe("a resource definition's load", () => {
  it("marks itself fulfilled with the definition, and stays the same promise", async () => {
    const { loadResourceDef } = await freshModule();
    const load = loadResourceDef("priceTypes") as Thenable;
    expect(load.status).toBeUndefined();
    const def = await load;
    expect(load.status).toBe("fulfilled");
    expect(load.value).toBe(def);
    expect(loadResourceDef("priceTypes")).toBe(load);
  });

  it("is fulfilled at once, with undefined, for a name no schema defines", async () => {
    const { loadResourceDef } = await freshModule();
    const load = loadResourceDef("noSuchResource") as Thenable;
    expect(load.status).toBe("fulfilled");
    expect(load.value).toBeUndefined();
  });

  it("lets a render read a loaded definition through `use` without suspending", async () => {
    const { loadResourceDef, useResourceDef } = await freshModule();
    await loadResourceDef("priceTypes");
    const Label = () => createElement("span", null, useResourceDef("priceTypes")?.label ?? "none");
    // renderToString cannot wait: a component that suspended would leave the Suspense fallback.
    const html = renderToString(createElement("div", null, createElement(Label)));
    expect(html).not.toContain("none");
    expect(html).toMatch(/<span>[^<]+<\/span>/);
  });
});
