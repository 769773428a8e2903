import { describe, expect, it } from "vitest";
import { edgeJumpFlow } from "../../../src/web/shell/edge-state.ts";

describe("edge-service jump when the address cannot be had (spec §8)", () => {
  it("shows the 进入智慧平台失败 dialog and reports failed", async () => {
    const log: string[] = [];
    const outcome = await edgeJumpFlow({
      isAuthorized: async () => true,
      askConsent: async () => true,
      authorize: async () => undefined,
      showSuccess: () => undefined,
      open: async () => {
        throw new Error("边缘服务未开启远程访问");
      },
      showOpenFailure: () => log.push("smart-platform-failed"),
    });
    expect(outcome).toBe("failed");
    expect(log).toEqual(["smart-platform-failed"]);
  });

  it("authorises first (授权成功！), then fails to open without breaking the flow", async () => {
    const log: string[] = [];
    const outcome = await edgeJumpFlow({
      isAuthorized: async () => false,
      askConsent: async () => true,
      authorize: async () => void log.push("authorize"),
      showSuccess: (t) => void log.push(t),
      open: async () => Promise.reject(new Error("x")),
      showOpenFailure: () => log.push("failed-dialog"),
    });
    expect(outcome).toBe("failed");
    expect(log).toEqual(["authorize", "授权成功！", "failed-dialog"]);
  });
});
