// npm run bench [-- --smoke]: every benchmark, one after another, each in a process of its own; the
// run stops at the first that fails.
// - Without --smoke: the full data sets, figures written into docs/benchmarks.md (about an hour).
// - With --smoke (CI, after the tests): each benchmark on a small data set, nothing written, in a
//   minute or two. It asserts no timings and no budgets: it fails only when a benchmark breaks (a
//   seeding, a probe, a request, an upload answered otherwise than refused).
// Lighthouse (npm run bench:lighthouse) is not part of either: its performance score is a timing.
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const smoke = process.argv.includes("--smoke");
const tsx = (script: string, ...args: string[]) => [process.execPath, "--import", "tsx", join("scripts/bench", script), ...args];
const viteBuild = [process.execPath, join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"];

/** Each benchmark: its name and the commands it runs, in order. */
const steps: [string, string[][]][] = smoke
  ? [
      ["api", [tsx("index.ts", "--rooms", "200", "--communities", "2", "--duration", "1", "--warmup", "0", "--connections", "2", "--deep-page", "2", "--timeout", "15", "--no-write")]],
      ["bills", [tsx("bill-generation.ts", "--rooms", "200", "--communities", "2", "--no-write"), tsx("bill-generation.ts", "--rooms", "200", "--communities", "2", "--metered", "--no-write")]],
      ["web", [viteBuild, tsx("bundle-size.ts", "--no-budget")]],
      ["import", [tsx("import.ts", "--rooms", "500", "--no-write")]],
      ["fees", [tsx("fee-depth.ts", "--backend", "all", "--rooms", "200", "--communities", "2", "--samples", "5", "--no-write")]],
      ["uploads", [tsx("uploads.ts", "--no-write")]],
    ]
  : [
      ["api", [tsx("index.ts")]],
      ["bills", [tsx("bill-generation.ts"), tsx("bill-generation.ts", "--metered")]],
      ["web", [viteBuild, tsx("bundle-size.ts")]],
      ["import", [tsx("import.ts")]],
      ["fees", [tsx("fee-depth.ts")]],
      ["uploads", [tsx("uploads.ts")]],
    ];

for (const [name, commands] of steps) {
  const started = Date.now();
  for (const [command, ...args] of commands) {
    const { status, signal } = spawnSync(command, args, { cwd: root, stdio: "inherit" });
    if (status !== 0) {
      console.error(`基准测试 ${name} 失败 / benchmark ${name} failed (${signal ?? `exit ${status}`})`);
      process.exit(1);
    }
  }
  console.log(`benchmark ${name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s${smoke ? " (smoke)" : ""}`);
}
