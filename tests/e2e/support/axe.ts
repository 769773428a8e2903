// axe-core in a page of the single-page app, run the cheap way: the script is injected once per
// document (an in-app navigation keeps it) and axe.run checks the document in place. AxeBuilder's
// analyze() instead evaluates the whole script again and, for each check, opens a blank page (a new
// renderer process) to finish the run in; with the same rules and options both find the same
// violations in a page without frames. A page with frames still goes through AxeBuilder.
import axe from "axe-core";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

export type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** Runs axe with `options` on the page's document; the results are axe.run's own. */
export async function runAxe(page: Page, options: axe.RunOptions): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).options(options).analyze();
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function"))) await page.evaluate(axe.source);
  const outcome = await page.evaluate(async (opts) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    try {
      return { results: await inPage.run(document, opts), error: null };
    } catch (err) {
      return { results: null, error: String(err) };
    }
  }, options);
  if (outcome.error !== null) throw new Error(`axe.run failed: ${outcome.error}`);
  return outcome.results;
}
