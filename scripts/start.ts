// npm start: builds the web app (vite build -> WEB_DIST_DIR, default dist/web) when it is missing or
// older than its sources, then runs the server (src/server/main.ts), which serves that folder. A
// failed build does not stop the server: it serves the last build, or a note that the web app is not
// built.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { main } from "../src/server/main.ts";
import { webDistDir } from "../src/server/platform/paths.ts";

const root = resolve(fileURLToPath(import.meta.url), "../..");
const builtIndex = join(webDistDir, "index.html");
// What the web build reads: its own sources, the shared code, the generated code and its config.
const sources = ["src/web", "src/common", "generated", "index.html", "vite.config.ts"].map((p) => join(root, p));

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function webBuildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

if (!existsSync(join(root, "src/web")) && !existsSync(join(root, "index.html"))) {
  console.log("没有前端源码，跳过构建 / no web sources, skipping the build");
} else if (webBuildIsStale()) {
  console.log("正在构建前端页面（vite build）/ building the web app ...");
  const npx = process.platform === "win32" ? "npx.cmd" : "npx";
  const result = spawnSync(npx, ["vite", "build", "--outDir", webDistDir, "--emptyOutDir"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) console.error("前端构建失败，服务照常启动 / the web build failed; starting the server anyway");
}

await main();
