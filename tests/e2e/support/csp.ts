// Content-Security-Policy violations fail browser tests. Every context a journey opens
// (support/journey.ts) reports each `securitypolicyviolation` event of its pages and frames, from the
// first script on (an init script, which the page's policy does not govern), through a binding into
// a list the journey checks after each test. One line per violation: the directive, what it refused
// (a URL, or "inline" with the first characters of the inline code) and where.
import type { BrowserContext } from "playwright-core";

const BINDING = "__reportCspViolation";

export async function recordCspViolations(context: BrowserContext, into: string[]): Promise<void> {
  await context.exposeBinding(BINDING, (_source, line: string) => void into.push(line));
  await context.addInitScript((binding) => {
    document.addEventListener(
      "securitypolicyviolation",
      (e) => {
        const report = (window as unknown as Record<string, (line: string) => void>)[binding];
        const refused = e.blockedURI && e.blockedURI !== "inline" ? e.blockedURI : `inline ${JSON.stringify(e.sample)}`;
        report(`${e.effectiveDirective} refused ${refused} on ${e.documentURI} (${e.sourceFile || "?"}:${e.lineNumber})`);
      },
      true,
    );
  }, BINDING);
}
