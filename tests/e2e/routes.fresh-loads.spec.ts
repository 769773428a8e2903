// No uncaught page error on a fresh load (issue "An office's first day", Deliver 9). Each route of the
// property payment module that needs no param (from generated/routes.ts) is loaded LOADS times, each
// time as a new document in a new page: nothing of the previous load's scripts, React tree, query
// cache or loaded chunks survives, as when a user opens the address in a new tab. The page must show
// its content (a table, a form, a board, cards or descriptions; nothing loading) and, until then and
// a short while after, throw no uncaught error (`pageerror`: React's recoverable errors such as
// #520 are reported that way too) and log no React error in the console (an error a boundary caught).
//
// Cheap on purpose: one product, one browser, one signed-in context. The session's cookie and local
// storage belong to the context, so every page of it shares them; its signature and the other session
// keys live in sessionStorage, which is per page, so each new page gets the keys of the one sign-in
// copied into its sessionStorage by an init script before the app's first script runs (what the app
// itself does for a new tab, src/web/state/session-share.ts, without waiting on another tab).
import { expect, test } from "vitest";
import type { ConsoleMessage, Page, Request } from "playwright-core";
import { constants } from "../../generated/constants.ts";
import { routes } from "../../generated/routes.ts";
import { useJourney } from "./support/journey.ts";
import { BROKEN, CONTENT } from "./support/routes.ts";

const LOADS = 3;
/**
 * Pages loading at once. A load is mostly the browser parsing and running the app's scripts (its
 * calls take a few hundred ms at most), so on the test machine's two cores, beside another browser
 * file, two at a time keep them busy without starving each other.
 */
const AT_ONCE = 2;
/**
 * How long a fresh load may take to show its content. This walk is about errors; speed is the route
 * walk's (5 s per in-app navigation). A new document takes 2–3 s here alone, but a CI run beside
 * another browser file once took over 30 s for one; a load that shows nothing says what it still
 * waits on.
 */
const CONTENT_WITHIN_MS = 45_000;
/** After the content shows, how long errors still count (React reports recovered errors after its commit). */
const SETTLE_MS = 200;

const paymentRoutes = routes.filter((r) => r.path.startsWith("/propertyPayment/") && !r.path.includes(":")).map((r) => r.path);

/** A console error of React's: a (minified) error, a warning of its development build, an error a boundary caught. */
const REACT_ERROR = /react\.dev\/|reactjs\.org\/|Minified React error|\bReact\b|error occurred in the </;

/** How the page reports the cause of an uncaught error (see freshLoad). */
const CAUSE = "[fresh-loads] caused by:";

const journey = useJourney();

/** The signed-in page's session keys (sessionStorage), to copy into each fresh page. */
async function sessionKeysOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate((keys) => {
    const items: Record<string, string> = {};
    for (const key of keys) {
      const value = sessionStorage.getItem(key);
      if (value !== null) items[key] = value;
    }
    return items;
  }, Object.values(constants.sessionKeys));
}

/** One fresh load of `path`: what went wrong, one line each (empty when nothing did). */
async function freshLoad(path: string, session: Record<string, string>): Promise<string[]> {
  const page = await journey.context.newPage();
  const problems: string[] = [];
  // The calls still open, to say what a load that shows nothing waits on.
  const open = new Map<Request, number>();
  const calls: string[] = [];
  page.on("request", (req) => open.set(req, Date.now()));
  const done = (req: Request) => {
    const since = open.get(req);
    open.delete(req);
    if (since !== undefined) calls.push(`${Date.now() - since} ms ${req.method()} ${new URL(req.url()).pathname}`);
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  page.on("pageerror", (err) =>
    problems.push(
      `page error: ${String(err?.stack ?? err)
        .split("\n")
        .slice(0, 3)
        .join(" | ")}`,
    ),
  );
  page.on("console", (msg: ConsoleMessage) => {
    if (msg.type() !== "error") return;
    const text = msg.text();
    if (text.startsWith(CAUSE))
      problems.push(
        `cause of a page error: ${text
          .slice(CAUSE.length + 1)
          .split("\n")
          .slice(0, 3)
          .join(" | ")}`,
      );
    else if (REACT_ERROR.test(text)) problems.push(`console error: ${text.split("\n").slice(0, 3).join(" | ")}`);
  });
  try {
    await page.addInitScript(
      ([items, cause]) => {
        for (const [key, value] of Object.entries(items)) if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, value);
        // `pageerror` carries an error's message and stack, not its cause (React's #520 wraps the error it recovered from).
        window.addEventListener("error", (e: ErrorEvent) => {
          const inner: unknown = (e.error as { cause?: unknown } | null)?.cause;
          if (inner !== undefined) console.error(`${cause} ${inner instanceof Error ? (inner.stack ?? inner.message) : JSON.stringify(inner)}`);
        });
      },
      [session, CAUSE] as const,
    );
    const started = Date.now();
    await page.goto(journey.url(path), { waitUntil: "commit" });
    const shown = await page
      .waitForFunction(
        ([content, broken]) => (!!document.querySelector(content) && !document.querySelector(".ant-spin-spinning, [aria-busy=true], .ant-skeleton")) || !!document.querySelector(broken),
        [CONTENT, BROKEN],
        { timeout: CONTENT_WITHIN_MS, polling: 25 },
      )
      .then(
        () => true,
        () => false,
      );
    if (process.env.FRESH_LOADS_LOG)
      console.log(
        `${path}: content after ${Date.now() - started} ms; slowest: ${calls
          .sort((a, b) => parseInt(b) - parseInt(a))
          .slice(0, 3)
          .join(", ")}`,
      );
    await page.waitForTimeout(SETTLE_MS);
    if (!shown) {
      const waiting = [...open].map(([req, since]) => `${req.method()} ${new URL(req.url()).pathname} (${Date.now() - since} ms)`);
      problems.push(`no content within ${CONTENT_WITHIN_MS / 1000} s; still open: ${waiting.join(", ") || "nothing"}`);
    }
    const broken = await page.evaluate((sel) => document.querySelector(sel)?.textContent?.slice(0, 60) ?? null, BROKEN);
    if (broken !== null) problems.push(`error result: ${broken}`);
    const hash = decodeURIComponent(await page.evaluate(() => location.hash));
    if (!hash.startsWith(`#${path}`)) problems.push(`redirected to ${hash}`);
  } finally {
    await page.close();
  }
  return problems;
}

test(`each of the ${paymentRoutes.length} property payment routes loads ${LOADS} times afresh without a page error`, async () => {
  expect(paymentRoutes.length).toBeGreaterThan(0);
  const session = await sessionKeysOf(journey.page);
  expect(session[constants.sessionKeys.signature], "the journey's page is signed in").toBeTruthy();
  // The journey's own page stays open (signed in) but idle on a page without requests of its own.
  await journey.page.goto("about:blank");

  const loads = paymentRoutes.flatMap((path) => Array.from({ length: LOADS }, (_, i) => ({ path, i })));
  const failures: string[] = [];
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < loads.length) {
      const { path, i } = loads[next++];
      for (const problem of await freshLoad(path, session)) failures.push(`${path} (load ${i + 1}/${LOADS}): ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  console.log(`fresh loads: ${loads.length} loads of ${paymentRoutes.length} routes in ${Date.now() - started} ms`);
  expect(failures).toEqual([]);
}, 900_000);
