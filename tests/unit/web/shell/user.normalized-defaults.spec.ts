import { describe, expect, it } from "vitest";
import { normalizeUser } from "../../../../src/web/shell/user-state.ts";

const base = { tenantId: 1, userId: 2, username: "admin", userType: "0" };

describe("current user", () => {
  it("defaults the scene name to 社区 and the watermark to shown", () => {
    const user = normalizeUser(base);
    expect(user.sceneName).toBe("社区");
    expect(user.watermarkStatus).toBe(1);
    expect(user.webMenuList).toEqual([]);
    expect(user.authorityCodes).toEqual([]);
  });

  it("takes the scene name, watermark switch and authority codes from the user call", () => {
    const user = normalizeUser({ ...base, applicationSceneName: "园区", watermarkStatus: "0", authorities: [{ code: "HBL01001" }, "HBL01003", { code: "HBL01001" }] });
    expect(user.sceneName).toBe("园区");
    expect(user.watermarkStatus).toBe(0);
    expect(user.authorityCodes).toEqual(["HBL01001", "HBL01003"]);
  });
});
