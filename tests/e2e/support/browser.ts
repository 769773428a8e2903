// Debian's Chromium driven by playwright-core (browser downloads cannot work on these machines): its
// headless shell (package chromium-headless-shell, what Playwright itself runs for headless tests) when
// installed, otherwise the full browser in headless mode. The full browser keeps its window's own
// pages (a renderer of its own per window) and the processes of a desktop browser: on four browser
// files the shell cost a quarter less CPU (docs/benchmarks.md, "Test suite time").
// One Chromium serves the whole browser-test run: global-setup.ts launches it as a browser server
// and every test file connects to it (support/journey.ts) and opens contexts of its own, so a file pays
// a websocket connection instead of a browser start. Contexts share nothing (cookies, storage,
// cache), so a fresh context is as fresh as a fresh browser.
import { chromium, type BrowserServer, type Download, type LaunchOptions, type Page } from "playwright-core";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";

const artifacts = resolve(import.meta.dirname, "../../../test-results/e2e");

const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const FULL_BROWSER = "/usr/bin/chromium";

export const LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER),
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

/** The run's Chromium, in global-setup.ts (closed by its teardown). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH);
}

/**
 * Keeps a screenshot as a test artifact (test-results/e2e/NAME.png). An artifact, not an
 * assertion: a capture that fails while the page is reloading is tried once more, then skipped.
 */
export async function screenshot(page: Page, name: string): Promise<string | null> {
  mkdirSync(artifacts, { recursive: true });
  const path = join(artifacts, `${name}.png`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await page.screenshot({ path, fullPage: false });
      return path;
    } catch {
      await page.waitForTimeout(500);
    }
  }
  return null;
}

/**
 * A finished download saved where this process can read it: the browser runs as a server the test
 * files connect to, and a connected browser's download has no local path (playwright: saveAs()).
 */
export async function downloadedFile(download: Download): Promise<string> {
  const dir = join(artifacts, "downloads");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${Date.now()}-${Math.random().toString(36).slice(2)}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return path;
}
