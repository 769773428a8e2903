// The app and the API reference under their Content-Security-Policy, in a real browser: the built
// index.html has nothing inline (its 加载中... styled by a file) and a fresh style nonce in each answer; signed in, the workbench (its
// watermark) and a modal (rc-util's scroll lock) show with their styles applied and no violation; what
// the policy exists for is refused (a <style> and a <script> injected without the nonce) and the
// journey's watch (support/csp.ts) reports it; the help documents keep their styles; Swagger UI at
// /api/docs works under its own policy.
import { describe, expect, test } from "vitest";
import { useJourney } from "./support/journey.ts";

const journey = useJourney(); // signed in as admin

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe("Content-Security-Policy in the browser", () => {
  test("the built index.html has nothing inline and a fresh style nonce in every answer", async () => {
    const loads = await Promise.all([1, 2].map(() => fetch(`${journey.product.baseUrl}/neptune/`)));
    const nonces: string[] = [];
    for (const load of loads) {
      const policy = directives(load.headers.get("content-security-policy"));
      const html = await load.text();
      expect(policy.get("script-src")).toEqual(["'self'"]);
      const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(html)?.[1];
      expect(nonce).toBeTruthy();
      expect(policy.get("style-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
      // Every script is a file; no <style>, no style attribute, no event-handler attribute.
      expect(html.match(/<script\b[^>]*>/g)?.every((tag) => / src=/.test(tag))).toBe(true);
      expect(html).not.toMatch(/<style\b| style=| on[a-z]+=/i);
      // Until the app's first chunk has run the page says 加载中..., styled by a file of its own.
      expect(html).toContain('<div class="app-loading" role="status" aria-busy="true">加载中...</div>');
      expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/neptune\/assets\/index-[\w-]+\.css">/);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("the workbench and a modal show with antd's styles applied and no violation", async () => {
    const { page } = journey;
    await page.goto(journey.url("/workbench/benchlayout"));
    await page.getByTestId("shell-menu").waitFor();
    await page.getByText("工作台").first().waitFor();
    // antd's run-time styles apply (a refused <style> would leave its buttons with the browser's cursor),
    // and so does the watermark (antd sets its style attribute with setAttribute).
    expect(
      await page
        .locator(".ant-btn")
        .first()
        .evaluate((el) => getComputedStyle(el).cursor),
    ).toBe("pointer");
    await expect.poll(() => page.evaluate(() => [...document.querySelectorAll("div")].some((el) => getComputedStyle(el).backgroundImage.startsWith('url("data:image/png')))).toBe(true);
    // A modal: rc-util adds a <style> locking the page's scroll while it is open.
    await page.getByRole("button", { name: "帮助" }).hover();
    await page.getByRole("menuitem", { name: "关于" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflowY)).toBe("hidden");
    // rc-dialog moves focus into the modal when its opening motion ends, and only then hears Escape.
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest(".ant-modal-wrap"))), { timeout: 30_000 }).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(journey.pageErrors).toEqual([]);
    expect(journey.cspViolations).toEqual([]);
  });

  test("a <style> and a <script> injected without the nonce are refused, and reported", async () => {
    const { page } = journey;
    const applied = await page.evaluate(async () => {
      const holder = document.createElement("div");
      holder.innerHTML = "<style>body { outline: 7px solid red }</style>"; // markup: no nonce
      document.body.append(holder);
      const script = document.createElement("script");
      script.textContent = "window.__injectedScriptRan = true";
      document.body.append(script);
      await new Promise((r) => setTimeout(r, 200));
      const result = { style: getComputedStyle(document.body).outlineWidth === "7px", script: "__injectedScriptRan" in window };
      holder.remove();
      script.remove();
      return result;
    });
    expect(applied).toEqual({ style: false, script: false });
    await expect.poll(() => journey.cspViolations.length).toBe(2);
    const reported = journey.cspViolations.splice(0); // expected here: not the afterEach's failure
    expect(reported.find((v) => v.startsWith("style-src-elem refused inline"))).toBeTruthy();
    expect(reported.find((v) => v.startsWith("script-src-elem refused inline"))).toBeTruthy();
  });

  test("the help documents keep their styles under the app's policy (a stylesheet file, nothing inline)", async () => {
    const page = await journey.openPage(null);
    for (const topic of ["payment-guide", "smart-home-guide"]) {
      await page.goto(`${journey.product.baseUrl}/neptune/help/${topic}.html`);
      expect(
        await page
          .locator("h2")
          .first()
          .evaluate((el) => getComputedStyle(el).borderLeftWidth),
      ).toBe("4px");
    }
    await page.close();
    expect(journey.cspViolations).toEqual([]);
  });

  test("Swagger UI at /api/docs works under its own policy", async () => {
    const page = await journey.openPage(null);
    const answer = await page.goto(`${journey.product.baseUrl}/api/docs`);
    const policy = directives((await answer?.headerValue("content-security-policy")) ?? null);
    expect(policy.get("script-src")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
    // The document is loaded and its operations listed. Swagger UI renders a document of a thousand
    // operations tag after tag (seconds on a busy machine): the title and the first tag's operations show it works.
    await page.locator(".opblock").first().waitFor({ timeout: 120_000 });
    await expect.poll(() => page.locator(".opblock").count(), { timeout: 60_000 }).toBeGreaterThan(3);
    expect(await page.locator(".info .title").innerText()).toContain("云物业社区管理平台 API");
    await page.close();
    expect(journey.cspViolations).toEqual([]);
  }, 180_000);
});
