// The folders of src/web/pages follow the schema's modules (docs/web.md): one folder per
// schemas/modules/<module>.yaml, plus login/ and error/ (the app's own routes); each hand-written
// page lives in the folder of a module whose routes it serves.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { routes } from "../../../../generated/routes.ts";

const root = join(import.meta.dirname, "../../../..");
const PAGES = join(root, "src/web/pages");
const OWN = ["login", "error"];

const modules = readdirSync(join(root, "schemas/modules"))
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => f.replace(/\.yaml$/, ""));
const folders = readdirSync(PAGES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
/** The registry's page keys and the folder each one's page is in. */
const registered = [...readFileSync(join(PAGES, "registry.ts"), "utf8").matchAll(/^\s+(\w+): lazyPage\(\(\) => import\("\.\/([^/]+)\//gm)].map((m) => ({ key: m[1], folder: m[2] }));

describe("src/web/pages by module", () => {
  test("every folder is a schema module's (or the app's own login and error)", () => {
    expect(folders.filter((f) => !OWN.includes(f) && !modules.includes(f))).toEqual([]);
  });

  test("every registered page is in the folder of a module whose route names it", () => {
    expect(registered.length).toBeGreaterThan(30);
    const misplaced = registered.filter(({ key, folder }) => {
      const servedBy = routes.filter((r) => r.page === key).map((r) => r.module);
      return !servedBy.includes(folder);
    });
    expect(misplaced).toEqual([]);
  });
});
