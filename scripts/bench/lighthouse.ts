// Lighthouse benchmark: the production build (dist/web, made by `npm run bench:lighthouse` first)
// served by the real server on a scratch data folder, audited by Lighthouse 12 in the Chromium of the
// browser tests (the flags of the design). Prints a Markdown table of the category scores and the
// page's JS (gzip, as transferred).
// - `--page login` (default): the staff login page, with Lighthouse's desktop settings, or with
//   `--mobile` its mobile ones (a phone on simulated slow 4G, CPU slowed 4×); performance ≥ 95.
// - `--page h5`: the residents' app's home (/neptune/h5/, its 登录 for a new visitor), always
//   mobile; performance ≥ 90.
// - `--page workbench`: the staff workbench of a signed-in administrator (signed in first through the
//   login page in the tab Lighthouse then audits, its storage kept), always mobile; performance ≥ 85.
// Accessibility 100 and best practices 100 for each.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type RunnerResult } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { parseArgs } from "node:util";
import puppeteer, { type Page } from "puppeteer-core";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const { values } = parseArgs({ options: { page: { type: "string", default: "login" }, mobile: { type: "boolean", default: false } } });
const PAGES: Record<string, { path: string; name: string; performance: number; mobile: boolean }> = {
  login: { path: "/neptune/#/login", name: "login page", performance: 95, mobile: values.mobile ?? false },
  h5: { path: "/neptune/h5/", name: "residents' app home", performance: 90, mobile: true },
  workbench: { path: "/neptune/#/workbench/benchlayout", name: "workbench", performance: 85, mobile: true },
};
const PAGE = PAGES[values.page ?? "login"];
if (!PAGE) throw new Error("--page is login, h5 or workbench");
const mobile = PAGE.mobile;
const TARGETS: Record<string, number> = { performance: PAGE.performance, accessibility: 100, "best-practices": 100 };
const DEMO_PASSWORD = "Lighthouse-bench-2026";

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
    s.on("error", fail);
  });

async function startServer(): Promise<{ baseUrl: string; stop: () => void }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "neptune-lighthouse-"));
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", NEPTUNE_DEMO_PASSWORD: DEMO_PASSWORD },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { baseUrl, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error("the server did not start");
}

/**
 * A tab of the browser Lighthouse drives, with the demo administrator signed in through the login page.
 * The session lives in the tab's sessionStorage, so Lighthouse audits in this very tab (a tab of its
 * own would first have gone to the login page, which is what this benchmark measured before
 * 2026-11-30).
 */
async function signedInTab(port: number, baseUrl: string): Promise<Page> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/neptune/#/login`);
  await page.locator("input[placeholder=请输入用户名]").fill("admin");
  await page.locator("input[placeholder=请输入密码]").fill(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await page.waitForSelector("[data-testid=shell-menu]", { timeout: 120_000 });
  return page;
}

/**
 * One Lighthouse run of `url`. Now and then Lighthouse fails to record the page's trace (NO_NAVSTART
 * and the like): it then scores 0 and measures nothing, so that run is made once more.
 */
async function audit(url: string, flags: Flags, tab: Page | undefined): Promise<RunnerResult> {
  for (let attempt = 1; ; attempt++) {
    // The audit is of a first visit's files: a signed-in tab's cache goes (its session stays).
    if (tab) await (await tab.createCDPSession()).send("Network.clearBrowserCache");
    const result = await lighthouse(url, flags, mobile ? undefined : desktopConfig, tab);
    if (!result) throw new Error("Lighthouse returned no result");
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    if (attempt === 2) throw new Error(`Lighthouse could not measure the page twice: ${failure.code} ${failure.message}`);
    console.log(`Lighthouse could not measure the page (${failure.code}): once more`);
  }
}

const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
try {
  const url = `${server.baseUrl}${PAGE.path}`;
  // A first visit warms the server (compression, file cache) as a returning user's would not need.
  await fetch(`${server.baseUrl}${PAGE.path.replace(/#.*$/, "")}`);
  const signedIn = PAGE === PAGES.workbench;
  const tab = signedIn ? await signedInTab(chrome.port, server.baseUrl) : undefined;
  // Lighthouse's own default settings are the mobile ones; a signed-in page keeps its storage (the
  // sign-in cleared the cache, so every file is fetched as on a first visit).
  const flags = { port: chrome.port, output: "json" as const, logLevel: "error" as const, disableStorageReset: signedIn };
  const result = await audit(url, flags, tab);
  // A signed-in page that ended anywhere else (the login page) was not the page asked for.
  if (signedIn && !result.lhr.finalDisplayedUrl.endsWith(PAGE.path.replace(/^\/neptune/, ""))) throw new Error(`the audit ended on ${result.lhr.finalDisplayedUrl}, not ${PAGE.path}`);
  const { lhr } = result;
  const rows: string[] = [`| Lighthouse ${mobile ? "mobile" : "desktop"}, ${PAGE.name} | score | target | met |`, "|---|---|---|---|"];
  let ok = true;
  for (const [id, target] of Object.entries(TARGETS)) {
    const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
    ok &&= score >= target;
    rows.push(`| ${lhr.categories[id]?.title ?? id} | ${score} | ${id === "performance" ? "≥ " : ""}${target} | ${score >= target ? "yes" : "no"} |`);
  }
  const requests = (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ?? [];
  const js = requests.filter((r) => r.resourceType === "Script").reduce((n, r) => n + (r.transferSize ?? 0), 0);
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? "—";
  console.log(rows.join("\n"));
  console.log(
    `\n${PAGE.name} JS transferred: ${(js / 1024).toFixed(1)} KB; FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}`,
  );
  for (const id of Object.keys(TARGETS)) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        console.log(`  ${id}: ${audit.id} ${audit.score} ${audit.displayValue ?? ""}`);
        const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
        for (const item of items.slice(0, 3)) console.log(`    ${JSON.stringify(item).slice(0, 240)}`);
      }
    }
  }
  process.exitCode = ok ? 0 : 1;
} finally {
  chrome.kill();
  server.stop();
}
