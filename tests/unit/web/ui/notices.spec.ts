// The app's notices (src/web/ui/notices.ts) without antd in the module: asked for before antd's
// message is set up (the chunk of every path but the login and error pages does it), they wait and
// show in order once it is; a loading mask hidden before then never shows.
import { describe, expect, it } from "vitest";
import { notices, setNotices } from "../../../../src/web/ui/notices.ts";

describe("the app's notices", () => {
  it("wait for what draws them, then show in order; afterwards they show at once", () => {
    notices.error("网络异常，请重试");
    const hideEarly = notices.loading("加载中...");
    hideEarly();
    notices.success("已登出");
    const log: string[] = [];
    setNotices({
      error: (text) => log.push(`error:${text}`),
      success: (text) => log.push(`success:${text}`),
      loading: (text) => {
        log.push(`loading:${text}`);
        return () => log.push("hide");
      },
    });
    expect(log).toEqual(["error:网络异常，请重试", "success:已登出"]);

    const hide = notices.loading("登录中...");
    notices.error("用户名或密码错误");
    hide();
    hide();
    expect(log.slice(2)).toEqual(["loading:登录中...", "error:用户名或密码错误", "hide"]);
  });
});
