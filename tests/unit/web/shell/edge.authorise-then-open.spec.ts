import { describe, expect, it } from "vitest";
import { edgeJumpFlow, type EdgeJumpSteps } from "../../../../src/web/shell/edge-state.ts";

function steps(authorized: boolean, consent: boolean, opens: boolean) {
  const log: string[] = [];
  const s: EdgeJumpSteps = {
    isAuthorized: async () => (log.push("check"), authorized),
    askConsent: async () => (log.push("ask"), consent),
    authorize: async () => void log.push("authorize"),
    showSuccess: (t) => void log.push(`message:${t}`),
    open: async () => (log.push("open"), opens),
  };
  return { log, s };
}

describe("edge-service jump", () => {
  it("opens an authorised edge service at once", async () => {
    const { log, s } = steps(true, false, true);
    expect(await edgeJumpFlow(s)).toBe("opened");
    expect(log).toEqual(["check", "open"]);
  });

  it("asks first when not authorised, then authorises (授权成功！) and opens", async () => {
    const { log, s } = steps(false, true, true);
    expect(await edgeJumpFlow(s)).toBe("opened");
    expect(log).toEqual(["check", "ask", "authorize", "message:授权成功！", "open"]);
  });

  it("stops when the user declines", async () => {
    const { log, s } = steps(false, false, true);
    expect(await edgeJumpFlow(s)).toBe("declined");
    expect(log).toEqual(["check", "ask"]);
  });

  it("reports a window that cannot open (the jump-error dialog shows)", async () => {
    const { s } = steps(true, false, false);
    expect(await edgeJumpFlow(s)).toBe("blocked");
  });
});
