// The checks every page of the residents' app passes at phone width: nothing sticks out sideways and
// no serious or critical accessibility violation. A Toast fading out is not the page: checked once
// it has gone (mid-fade its colours fail contrast), and so is a button
// still loading or fading in from disabled.
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { runAxe } from "./axe.ts";
import { sidewaysOverflow } from "./payment.ts";

export async function expectSound(page: Page, what: string): Promise<void> {
  await expect.poll(() => page.locator(".adm-toast-mask").count(), { timeout: 10_000 }).toBe(0);
  await expect.poll(() => page.locator(".adm-button-loading").count(), { timeout: 10_000 }).toBe(0);
  // Runs in the page: waits for the transitions that end (a spinner's never does).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  expect(await sidewaysOverflow(page), what).toBe(0);
  const { violations } = await runAxe(page, { resultTypes: ["violations"] });
  expect(
    violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")} ${v.nodes[0]?.html} ${v.nodes[0]?.failureSummary}`),
    what,
  ).toEqual([]);
}
