// Debian's Chromium driven by playwright-core (browser downloads cannot work on these machines).
import { chromium, type Browser, type Page } from "playwright-core";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";

const artifacts = resolve(import.meta.dirname, "../../../test-results/e2e");

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
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
