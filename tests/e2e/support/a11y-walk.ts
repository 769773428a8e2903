// WCAG 2.1 AA on every route (issue 17): axe-core checks the login page and, as `admin` (every
// authority), each route of generated/routes.ts after an in-app navigation; any serious or critical
// violation fails. The rules are axe's default set: every WCAG 2.0/2.1 A and AA rule plus axe's best
// practices (the walk once named the WCAG tags, but AxeBuilder's options() replaced them, so the
// default set is what it has always checked, and still does). Each route must also show its content within
// 5 s of the navigation (a slow one is measured once more, see below). The routes are dealt out to a few shards (a11y.every-route.N-of-M.spec.ts),
// each a file of its own with its own product, browser and sign-in, so that they can run side by side;
// within a shard, one route after another. Each shard prints its navigation times (median, p95, max).
// A11Y_LOG=1 also prints each route's time and the nodes behind every violation.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { constants } from "../../../generated/constants.ts";
import { routes } from "../../../generated/routes.ts";
import { runAxe } from "./axe.ts";
import { useJourney } from "./journey.ts";
import { CONTENT, concretePath } from "./routes.ts";

const SHOW_CONTENT_WITHIN_MS = 5_000;
const log = (line: string) => process.env.A11Y_LOG && console.log(line);

/** Every route but the login and error pages, in the order of generated/routes.ts. */
export const walkedRoutes = routes.filter((r) => r.path !== "/login" && !r.path.startsWith("/error"));

/** The serious and critical violations on the page once its transitions have ended, one line each. */
async function violationsOf(page: Page, where: string): Promise<string[]> {
  // A menu group opening fades in: mid-way its colours are not the ones the user reads.
  await page.evaluate(() => Promise.race([Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2_000))]));
  const { violations } = await runAxe(page, { resultTypes: ["violations"] });
  const out: string[] = [];
  for (const v of violations.filter((x) => x.impact === "serious" || x.impact === "critical")) {
    out.push(`${where}: ${v.id} ×${v.nodes.length}`);
    for (const n of v.nodes.slice(0, 5)) log(`  ${v.id} ${n.target.join(" ")} ${n.failureSummary?.split("\n")[1] ?? ""}`);
  }
  return out;
}

/** Waits until the page shows content and nothing is loading. */
const contentShown = (page: Page) =>
  page.waitForFunction((content) => !!document.querySelector(content) && !document.querySelector(".ant-spin-spinning, [aria-busy=true], .ant-skeleton"), CONTENT, { timeout: 15_000, polling: 25 });

/** In-app navigation (the router follows the hash, nothing reloads) and the time until content shows. */
async function navigate(page: Page, path: string): Promise<{ shown: boolean; ms: number }> {
  const started = Date.now();
  await page.evaluate((p) => (location.hash = p), path);
  const shown = await contentShown(page).then(
    () => true,
    () => false,
  );
  return { shown, ms: Date.now() - started };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/**
 * The test of shard `shard` of `count`: every count-th route from the shard's own index on (dealt
 * out in turn, so each shard gets list, form and board pages alike); shard 1 also checks the login page.
 */
export function describeA11yShard(shard: number, count: number): void {
  const journey = useJourney({ user: null });
  const mine = walkedRoutes.filter((_, i) => i % count === shard - 1);

  describe(`accessibility of every route, shard ${shard} of ${count}`, () => {
    test(
      `${shard === 1 ? "the login page and " : ""}${mine.length} routes have no serious or critical WCAG 2.1 AA violation, and show content within 5 s`,
      async () => {
        const { page } = journey;
        const failures: string[] = [];

        // Colours are checked at rest: a menu item or group fading in mid-check is not what the user reads.
        // The app turns antd's motion off for users who prefer reduced motion (src/web/App.tsx).
        await page.emulateMedia({ reducedMotion: "reduce" });
        await page.goto(journey.url("/login"));
        await page.addStyleTag({
          content: "*, *::before, *::after { transition-duration: 1ms !important; transition-delay: 0s !important; animation-duration: 1ms !important; animation-delay: 0s !important; }",
        });
        await page.getByPlaceholder("请输入用户名").waitFor();
        if (shard === 1) failures.push(...(await violationsOf(page, "/login")));

        await journey.logIn(page, "admin");
        const signature = (await page.evaluate((key) => sessionStorage.getItem(key), constants.sessionKeys.signature)) ?? "";
        const times: number[] = [];
        for (const route of mine) {
          const path = await concretePath(route, journey.product.baseUrl, signature);
          let { shown, ms } = await navigate(page, path);
          // Two browsers and the API suite share the test machine's cores: a navigation over the limit is
          // measured once more from the home page, and the route fails when the second one is over too.
          if (shown && ms > SHOW_CONTENT_WITHIN_MS) {
            log(`${path} ${ms}ms: over the limit, measured again`);
            await navigate(page, "/");
            ({ shown, ms } = await navigate(page, path));
          }
          times.push(ms);
          if (!shown) failures.push(`${path}: no content after ${ms} ms`);
          else if (ms > SHOW_CONTENT_WITHIN_MS) failures.push(`${path}: content after ${ms} ms`);
          const found = await violationsOf(page, path);
          log(`${path} ${ms}ms ${found.map((f) => f.slice(path.length + 2)).join(", ")}`);
          failures.push(...found);
        }
        const sorted = [...times].sort((a, b) => a - b);
        console.log(
          `a11y shard ${shard}/${count}: ${times.length} routes, in-app navigation to content median ${percentile(sorted, 0.5)} ms, p95 ${percentile(sorted, 0.95)} ms, max ${sorted.at(-1)} ms (limit ${SHOW_CONTENT_WITHIN_MS} ms)`,
        );
        expect(times).toHaveLength(mine.length);
        expect(failures).toEqual([]);
      },
      Number(process.env.A11Y_TIMEOUT ?? 1_200_000),
    );
  });
}
