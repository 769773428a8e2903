// An API token's calls per minute (src/server/platform/session/api-token-store.ts): RATE_PER_MINUTE
// are let through in a minute, the next one is refused, and a new minute starts again; tokens count
// apart.
import { describe, expect, it } from "vitest";
import { RATE_PER_MINUTE, withinRate } from "../../../src/server/platform/session/api-token-store.ts";

describe("API token rate", () => {
  it("lets RATE_PER_MINUTE calls through in a minute, refuses the next, and starts again the next minute", () => {
    const minute = Date.UTC(2026, 10, 29, 8, 0, 0);
    const token = 987_654_321;
    for (let i = 0; i < RATE_PER_MINUTE; i++) expect(withinRate(token, minute + i)).toBe(true);
    expect(withinRate(token, minute + 59_999)).toBe(false);
    expect(withinRate(token + 1, minute + 59_999)).toBe(true);
    expect(withinRate(token, minute + 60_000)).toBe(true);
  });
});
