// Menu icons: a module or route of schemas/modules/*.yaml names any @ant-design/icons icon
// (`icon: WalletOutlined`) or gives an image address. An unknown name fails with the file and line;
// generated/menu-icons.ts imports exactly the icons named, so only those reach the web bundle.
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { isMap, isScalar, visit } from "yaml";
import type { SourceFile } from "./load.ts";

/** The same test as the web app's (src/web/shell/icons.tsx): an address is shown as an image. */
const isIconUrl = (icon: string): boolean => /^(https?:|data:|\/|\.\/)/.test(icon) || /\.(png|svg|jpe?g|gif|webp)(\?|$)/i.test(icon);

let known: Set<string> | undefined;
/** Every icon @ant-design/icons exports (one module per icon in its es/icons folder). */
export function antdIconNames(): Set<string> {
  if (!known) {
    const pkg = createRequire(import.meta.url).resolve("@ant-design/icons/package.json");
    known = new Set(
      readdirSync(join(dirname(pkg), "es/icons"))
        .filter((f) => f.endsWith(".js") && f !== "index.js")
        .map((f) => f.slice(0, -3)),
    );
  }
  return known;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The icon names the modules use, sorted, and a problem ("file:line: ...") for each unknown one. */
export function menuIconNames(root: string, modules: SourceFile[]): { names: string[]; problems: string[] } {
  const names = new Set<string>();
  const problems: string[] = [];
  const icons = antdIconNames();
  for (const source of modules) {
    visit(source.doc, {
      Pair(_key, pair, path) {
        if (!isScalar(pair.key) || pair.key.value !== "icon" || !isScalar(pair.value) || typeof pair.value.value !== "string") return;
        // Only a menu group's or a route's icon: a field object with `name: icon` is not one.
        if (!isMap(path.at(-1))) return;
        const icon = pair.value.value;
        if (isIconUrl(icon)) return;
        if (icons.has(icon)) names.add(icon);
        else {
          const line = pair.value.range ? lineAt(readFileSync(join(root, source.file), "utf8"), pair.value.range[0]) : undefined;
          problems.push(`${source.file}${line ? `:${line}` : ""}: unknown icon "${icon}" (an @ant-design/icons name such as WalletOutlined, or an image address)`);
        }
      },
    });
  }
  return { names: [...names].sort(), problems };
}

/** generated/menu-icons.ts: the named icons, imported one by one. */
export function menuIconsModule(names: string[]): string {
  return (
    `import type { ComponentType } from "react";\n` +
    `import {\n${names.map((n) => `  ${n},\n`).join("")}} from "@ant-design/icons";\n\n` +
    `/** The icons schemas/modules/*.yaml name, by name. */\n` +
    `export const menuIcons: Record<string, ComponentType> = {\n${names.map((n) => `  ${n},\n`).join("")}};`
  );
}
