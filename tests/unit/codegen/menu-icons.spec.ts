// Menu icons: a module names any @ant-design/icons icon; codegen emits generated/menu-icons.ts
// importing exactly the icons the schemas name, and an unknown name fails with the file and line.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { run } from "../../../scripts/codegen/index.ts";
import { menuIcons } from "../../../generated/menu-icons.ts";
import { modules } from "../../../generated/routes.ts";
import { useProjectCopy } from "./support/project-copy.ts";

const copy = useProjectCopy();

const setHelpIcon = (icon: string) => {
  const file = join(copy.project.root, "schemas/modules/help.yaml");
  writeFileSync(file, readFileSync(file, "utf8").replace(/^icon: .*$/m, `icon: ${icon}`));
};

test("every menu group names an icon the generated module imports, and the module imports nothing else", () => {
  const named = new Set(modules.map((m) => m.icon).filter(Boolean));
  for (const m of modules.filter((x) => x.inMenu)) expect(menuIcons[m.icon ?? ""], m.module).toBeDefined();
  expect(Object.keys(menuIcons).filter((n) => !named.has(n))).toEqual([]);
});

test("a module naming another antd icon gets it in generated/menu-icons.ts", async () => {
  setHelpIcon("CustomerServiceOutlined");
  expect(await run(copy.project.root, [])).toBe(0);
  const emitted = copy.project.generated().get("menu-icons.ts") ?? "";
  expect(emitted).toMatch(/^\s+CustomerServiceOutlined,$/m);
  expect(emitted).not.toMatch(/QuestionCircleOutlined/);
}, 60_000);

test("an unknown icon name fails with file and line, and writes nothing", async () => {
  setHelpIcon("QuestionCircleOutline");
  const before = copy.project.generated();
  expect(await run(copy.project.root, [])).toBe(1);
  const line =
    readFileSync(join(copy.project.root, "schemas/modules/help.yaml"), "utf8")
      .split("\n")
      .findIndex((l) => l.startsWith("icon:")) + 1;
  expect(copy.errors).toContain(`schemas/modules/help.yaml:${line}: unknown icon "QuestionCircleOutline"`);
  expect(copy.project.generated()).toEqual(before);
}, 60_000);
