// The start of every browser journey: the real product (support/server.ts), the run's Chromium
// (support/browser.ts), and a page in a fresh browser context, signed in (options.signIn).
// `useJourney` registers it for a test file (started before its tests, everything closed and removed
// after them, and a test during which a page broke the Content-Security-Policy fails); `startJourney`
// is the same without the hooks.
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { chromium, devices, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { LAUNCH } from "./browser.ts";
import { constants } from "../../../generated/constants.ts";
import { scalarText } from "../../../src/common/scalar-text.ts";
import { recordCspViolations } from "./csp.ts";
import { DEMO_PASSWORD, startProduct, type RunningProduct, type StartOptions } from "./server.ts";

export const VIEWPORT = { width: 1440, height: 900 };

/** How a journey's page signs in (JourneyOptions.signIn). */
export type SignIn = "session" | "page";

export interface JourneyOptions extends StartOptions {
  /** Viewport of the journey's pages (default 1440 × 900). */
  viewport?: { width: number; height: number };
  /**
   * A phone the journey's pages emulate, by playwright's device name (its screen, user agent, touch),
   * in place of the viewport: e.g. "iPhone 13" for a 390 px phone as antd sees one.
   */
  device?: string;
  /** Who the journey's own page signs in as (default admin); null: the page stays on about:blank. */
  user?: string | null;
  /**
   * How the journey's own page signs in. "session" (the default): the login call and the keys the
   * login page keeps after it, the page left on a document of the app's origin that is not the app
   * (its icon), for a journey that opens its first page itself: it then loads once, signed in. "page":
   * through the login page, ending on the shell (the home page), for a journey that starts there.
   * openPage takes the same choice for the pages it opens.
   */
  signIn?: SignIn;
  /** Default timeout of the journey's own page for actions and waits (playwright's own when not given). */
  timeout?: number;
}

export interface Journey {
  product: RunningProduct;
  browser: Browser;
  /** The journey's own page in a fresh context of its own (nothing in local storage at first). */
  context: BrowserContext;
  page: Page;
  /** Uncaught script errors of the journey's own page, in order. */
  pageErrors: string[];
  /** Content-Security-Policy violations in any page of the journey's contexts not yet checked (support/csp.ts). */
  cspViolations: string[];
  /** The product's address of a route of the web app, e.g. url("/community/house"). */
  url(route: string): string;
  /** Signs `page` in as `username` through the login page and waits for the menu (or the password gate). */
  logIn(page: Page, username: string): Promise<void>;
  /**
   * Another page in a fresh context of its own (closed with the journey), signed in as `username`
   * unless null, as JourneyOptions.signIn says (default "session": the page then opens its first page itself).
   */
  openPage(username: string | null, options?: BrowserContextOptions, signIn?: SignIn): Promise<Page>;
  /**
   * Calls the product's API as `page` (default the journey's own page) would: its cookie, the XHR
   * marker and its session's signature. The answer's data; a call that is not answered with code 0
   * fails the test with its path and message.
   */
  api<T>(method: "get" | "post" | "put", path: string, data?: Record<string, unknown>, page?: Page): Promise<T>;
  /** Closes the journey's contexts and stops the product (removing its data folder). */
  close(): Promise<void>;
}

let connected: Promise<Browser> | undefined;

/**
 * The run's Chromium (global-setup.ts), connected once per worker: the worker's test files share the
 * connection and each closes the contexts it opened. Without a browser server (a runner without
 * global-setup.ts), a Chromium of the worker's own.
 */
function sharedBrowser(): Promise<Browser> {
  connected ??= (async () => {
    const endpoint = inject("browserWsEndpoint");
    const browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch(LAUNCH);
    browser.once("disconnected", () => (connected = undefined));
    return browser;
  })();
  connected.catch(() => (connected = undefined));
  return connected;
}

/** A playwright device's context options, the whole screen as the viewport (no browser bars). */
function phone(name: string): BrowserContextOptions {
  const found = devices[name];
  if (!found) throw new Error(`no device named ${name}`);
  const { defaultBrowserType: _browserType, ...emulated } = found;
  const screen = (found as BrowserContextOptions).screen ?? found.viewport;
  return { ...emulated, screen, viewport: screen };
}

export async function startJourney(options: JourneyOptions = {}): Promise<Journey> {
  const { viewport = VIEWPORT, device, user = "admin", signIn = "session", timeout, ...startOptions } = options;
  // The product starts while the browser connects; a journey that did not start leaves no product behind.
  const [started, launched] = await Promise.allSettled([startProduct(startOptions), sharedBrowser()]);
  if (started.status === "rejected" || launched.status === "rejected") {
    if (started.status === "fulfilled") await started.value.stop();
    throw started.status === "rejected" ? started.reason : (launched as PromiseRejectedResult).reason;
  }
  const product = started.value;
  const browser: Browser = launched.value;
  // Every context the journey opens, closed with it (the browser is the run's).
  const contexts = new Set<BrowserContext>();
  const closeContexts = () => Promise.all([...contexts].map((c) => c.close().catch(() => undefined)));
  try {
    // Every page prefers reduced motion (the app then turns antd's motion off, src/web/App.tsx): the journeys
    // test what a user does, not fades, and on the test machine's two cores animations cost CPU and waits.
    const screen: BrowserContextOptions = device ? phone(device) : { viewport };
    const contextDefaults: BrowserContextOptions = { ...screen, reducedMotion: "reduce" };
    const url = (route: string) => `${product.baseUrl}/neptune/#${route}`;
    const cspViolations: string[] = [];
    const newContext = async (contextOptions: BrowserContextOptions = {}) => {
      const created = await browser.newContext({ ...contextDefaults, ...contextOptions });
      contexts.add(created);
      created.once("close", () => contexts.delete(created));
      await recordCspViolations(created, cspViolations);
      return created;
    };
    const logIn = async (page: Page, username: string) => {
      await page.goto(url("/login"));
      await page.getByPlaceholder("请输入用户名").fill(username);
      await page.getByPlaceholder("请输入密码").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: /登\s*录/ }).click();
      // The shell, or the page where an account whose password an administrator set chooses its own.
      await page.getByTestId("shell-menu").or(page.getByTestId("password-gate")).waitFor();
    };
    // What the login page does before it shows the shell (src/web/providers/authProvider.ts login:
    // the call, then saveLogin's keys), without loading the app: a journey's first page then loads
    // once, signed in, where the login page, the shell and the home page would have loaded before it.
    const signInBySession = async (page: Page, username: string) => {
      await page.goto(`${product.baseUrl}/neptune/favicon.svg`);
      const res = await page.request.post(`${product.baseUrl}/api/auth/login`, { headers: { "X-Requested-With": "XMLHttpRequest" }, data: { username, password: DEMO_PASSWORD } });
      const body = (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
      expect(body.code, `sign-in of ${username}: HTTP ${res.status()} ${body.message}`).toBe(0);
      const { sessionKeys: keys, defaultPlatformType } = constants;
      const fields: [string, unknown][] = [
        [keys.signature, body.data.signature],
        [keys.tenantId, body.data.tenantId],
        [keys.userType, body.data.userType],
        [keys.platformType, body.data.platformType || defaultPlatformType],
        [keys.tenantHomePage, body.data.tenantHomePage],
      ];
      const items = fields.map(([key, value]): [string, string] => [key, scalarText(value)]);
      await page.evaluate((kept) => {
        for (const [key, value] of kept)
          if (value === "") sessionStorage.removeItem(key);
          else sessionStorage.setItem(key, value);
      }, items);
    };
    const openPage = async (username: string | null, contextOptions: BrowserContextOptions = {}, signInBy: SignIn = "session") => {
      const page = await (await newContext(contextOptions)).newPage();
      page.once(
        "close",
        () =>
          void page
            .context()
            .close()
            .catch(() => undefined),
      ); // as browser.newPage does
      if (username !== null) await (signInBy === "page" ? logIn : signInBySession)(page, username);
      return page;
    };
    const context = await newContext();
    const page = await context.newPage();
    if (timeout !== undefined) page.setDefaultTimeout(timeout);
    const pageErrors: string[] = [];
    page.on("pageerror", (err) => pageErrors.push(String(err?.stack ?? err)));
    if (user !== null) await (signIn === "page" ? logIn : signInBySession)(page, user);
    const api = async <T>(method: "get" | "post" | "put", path: string, data?: Record<string, unknown>, as: Page = page): Promise<T> => {
      const headers = { "X-Requested-With": "XMLHttpRequest", signature: (await as.evaluate(() => sessionStorage.getItem("signature"))) ?? "" };
      const res = method === "get" ? await as.request.get(`${product.baseUrl}${path}`, { headers }) : await as.request[method](`${product.baseUrl}${path}`, { headers, data });
      const body = (await res.json()) as { code: number; message: string; data: T };
      expect(body.code, `${method} ${path}: HTTP ${res.status()} ${body.message}`).toBe(0);
      return body.data;
    };
    return {
      product,
      browser,
      context,
      page,
      pageErrors,
      cspViolations,
      url,
      logIn,
      openPage,
      api,
      async close() {
        await closeContexts();
        await product.stop();
      },
    };
  } catch (err) {
    await closeContexts();
    await product.stop();
    throw err;
  }
}

/**
 * startJourney before the file's tests (patient: seeding, the server start and a sign-in are slow
 * on a busy machine), close after them. The returned object is filled in when the journey has
 * started; read its fields inside hooks and tests.
 */
export function useJourney(options: JourneyOptions = {}): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    Object.assign(journey, await startJourney(options));
  }, 600_000);
  afterEach(() => {
    const violations = journey.cspViolations?.splice(0) ?? [];
    expect(violations, "Content-Security-Policy violations").toEqual([]);
  });
  afterAll(async () => {
    await journey.close?.();
  });
  return journey;
}
