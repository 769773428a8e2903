import { afterEach, describe, expect, it, vi } from "vitest";
import { delay, logoutFlow, type LogoutSteps } from "../../../../src/web/shell/logout.ts";

function recorder(answer: boolean, callFails = false) {
  const log: string[] = [];
  const steps: LogoutSteps = {
    confirm: async (q) => (log.push(`confirm:${q}`), answer),
    callLogout: async () => {
      log.push("call");
      if (callFails) throw new Error("offline");
    },
    showSuccess: (t) => void log.push(`message:${t}`),
    wait: async (ms) => void log.push(`wait:${ms}`),
    clearSession: () => void log.push("clear"),
    toLogin: () => void log.push("login"),
  };
  return { log, steps };
}

describe("logout", () => {
  afterEach(() => vi.useRealTimers());

  it("confirms, calls the server, says 已登出, and goes to login after 1 s", async () => {
    const { log, steps } = recorder(true);
    expect(await logoutFlow(steps)).toBe("done");
    expect(log).toEqual(["confirm:确定要退出登录吗？", "call", "message:已登出", "wait:1000", "clear", "login"]);
  });

  it("does nothing when the user cancels", async () => {
    const { log, steps } = recorder(false);
    expect(await logoutFlow(steps)).toBe("cancelled");
    expect(log).toEqual(["confirm:确定要退出登录吗？"]);
  });

  it("still ends the session on this side when the server call fails", async () => {
    const { log, steps } = recorder(true, true);
    expect(await logoutFlow(steps)).toBe("done");
    expect(log.slice(-2)).toEqual(["clear", "login"]);
  });

  it("waits the given time", async () => {
    vi.useFakeTimers();
    let done = false;
    void delay(1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
