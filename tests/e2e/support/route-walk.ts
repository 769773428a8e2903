// The walk over every route of generated/routes.ts, as `admin` (every authority), one in-app
// navigation per route (the router follows the hash, nothing reloads). Each route — the Iframe
// variants with their :type, the pages outside the frame — must:
// - work (issue "Every route live"): show real content (a table, a form, a board, cards or
//   descriptions), stay on its path, never show the under-construction page, an error page or an
//   error message, throw no script error, and a page outside the frame shows no shell menu;
// - show that content within 5 s of the navigation (a slow one is measured once more, see below);
// - have no serious or critical accessibility violation (issue 17): axe-core checks the login page
//   and each route. The rules are axe's default set: every WCAG 2.0/2.1 A and AA rule plus axe's
//   best practices.
// The routes are dealt out to shards (every-route.N-of-M.spec.ts), each a file of its own with its
// own product, browser and sign-in, so that they can run side by side; within a shard, one route
// after another. Each shard prints its navigation times (median, p95, max). ROUTE_WALK_LOG=1 also
// prints each route's time and the nodes behind every violation.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { constants } from "../../../generated/constants.ts";
import { routes } from "../../../generated/routes.ts";
import { runAxe } from "./axe.ts";
import { screenshot } from "./browser.ts";
import { useJourney } from "./journey.ts";
import { BROKEN, CONTENT, concretePath } from "./routes.ts";

const SHOW_CONTENT_WITHIN_MS = 5_000;
const log = (line: string) => process.env.ROUTE_WALK_LOG && console.log(line);

/** Every route but the login and error pages (the shell journey covers those), in the order of generated/routes.ts. */
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

/** What is wrong with the screen shown for `path`, if anything (content already waited for). */
async function problemsOf(page: Page, path: string, outsideFrame: boolean): Promise<string[]> {
  const out = await page.evaluate(
    ([content, broken]) => {
      const found: string[] = [];
      const text = document.body.innerText;
      if (text.includes("该页面正在建设中")) found.push("under construction");
      if (text.includes("页面配置有误")) found.push("page misconfigured");
      if (!document.querySelector(content)) found.push("no content");
      if (document.querySelector(broken)) found.push(`error result: ${document.querySelector(broken)!.textContent?.slice(0, 60)}`);
      for (const m of document.querySelectorAll(".ant-message-error")) found.push(`error message: ${m.textContent}`);
      return found;
    },
    [CONTENT, BROKEN],
  );
  const hash = decodeURIComponent(await page.evaluate(() => location.hash));
  if (!hash.startsWith(`#${path}`)) out.push(`redirected to ${hash}`);
  if (outsideFrame && (await page.getByTestId("shell-menu").count())) out.push("outside-frame page inside the shell");
  return out;
}

/** Marks what the previous route showed: the router keeps it on screen until the next page is ready. */
const BEFORE = "data-route-walk-before";

/** Waits until the page shows content of its own (not the previous route's) and nothing is loading. */
const contentShown = (page: Page) =>
  page.waitForFunction(
    ([content, before]) => [...document.querySelectorAll(content)].some((el) => !el.hasAttribute(before)) && !document.querySelector(".ant-spin-spinning, [aria-busy=true], .ant-skeleton"),
    [CONTENT, BEFORE],
    { timeout: 15_000, polling: 25 },
  );

/** In-app navigation and the time until the new route's content shows. */
async function navigate(page: Page, path: string): Promise<{ shown: boolean; ms: number }> {
  const started = Date.now();
  await page.evaluate(
    ([p, content, before]) => {
      // Each page is mounted afresh (keyed by its path), so whatever shows now belongs to the route being left.
      if (decodeURIComponent(location.hash) !== `#${p}`) for (const el of document.querySelectorAll(content)) el.setAttribute(before, "");
      location.hash = p;
    },
    [path, CONTENT, BEFORE],
  );
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
export function describeRouteWalkShard(shard: number, count: number): void {
  const journey = useJourney({ user: null });
  const mine = walkedRoutes.filter((_, i) => i % count === shard - 1);

  describe(`every route, shard ${shard} of ${count}`, () => {
    test(
      `${shard === 1 ? "the login page and " : ""}${mine.length} routes work, show content within 5 s and have no serious or critical WCAG 2.1 AA violation`,
      async () => {
        const { page } = journey;
        const failures: string[] = [];
        const crashes: string[] = [];
        page.on("pageerror", (e) => crashes.push(e.message));

        // Colours are checked at rest: a menu item or group fading in mid-check is not what the user reads.
        // The journey's page prefers reduced motion (support/journey.ts), and what CSS still animates is cut short.
        await page.goto(journey.url("/login"));
        await page.addStyleTag({
          content: "*, *::before, *::after { transition-duration: 1ms !important; transition-delay: 0s !important; animation-duration: 1ms !important; animation-delay: 0s !important; }",
        });
        await page.getByPlaceholder("请输入用户名").waitFor();
        if (shard === 1) failures.push(...(await violationsOf(page, "/login")));

        await journey.logIn(page, "admin");
        const signature = (await page.evaluate((key) => sessionStorage.getItem(key), constants.sessionKeys.signature)) ?? "";
        const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
        const times: number[] = [];
        for (const route of mine) {
          const path = await concretePath(route, journey.product.baseUrl, signature, cookie);
          crashes.length = 0;
          let { shown, ms } = await navigate(page, path);
          // Two browsers and the API suite share the test machine's cores: a navigation over the limit is
          // measured once more from the home page, and the route fails when the second one is over too.
          if (shown && ms > SHOW_CONTENT_WITHIN_MS) {
            log(`${path} ${ms}ms: over the limit, measured again`);
            await navigate(page, "/");
            ({ shown, ms } = await navigate(page, path));
          }
          times.push(ms);
          const problems = await problemsOf(page, path, !!route.outsideFrame);
          if (!shown) problems.push(`no content after ${ms} ms`);
          else if (ms > SHOW_CONTENT_WITHIN_MS) problems.push(`content after ${ms} ms`);
          if (crashes.length) problems.push(`script error: ${crashes.join("; ")}`);
          if (problems.length) {
            failures.push(`${path}: ${problems.join(", ")}`);
            await screenshot(page, `every-route-failed${path.replace(/[^A-Za-z0-9]+/g, "-")}`);
          }
          const found = await violationsOf(page, path);
          log(`${path} ${ms}ms ${[...problems, ...found.map((f) => f.slice(path.length + 2))].join(", ")}`);
          failures.push(...found);
        }
        const sorted = [...times].sort((a, b) => a - b);
        console.log(
          `route walk shard ${shard}/${count}: ${times.length} routes, in-app navigation to content median ${percentile(sorted, 0.5)} ms, p95 ${percentile(sorted, 0.95)} ms, max ${sorted.at(-1)} ms (limit ${SHOW_CONTENT_WITHIN_MS} ms)`,
        );
        expect(times).toHaveLength(mine.length);
        expect(failures).toEqual([]);
      },
      Number(process.env.ROUTE_WALK_TIMEOUT ?? 1_200_000),
    );
  });
}
