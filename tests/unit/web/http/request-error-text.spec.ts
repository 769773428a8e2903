// A page shows the server's words for a refused call: the RequestError's message when there is one,
// its own fallback text otherwise. Schema texts with placeholders are filled by the generated
// functions (here: the guide step the user has no permission for).
import { describe, expect, it } from "vitest";
import { messages } from "../../../../generated/errors.ts";
import { RequestError, requestErrorText } from "../../../../src/web/http/request.ts";
import { noPermissionMessage } from "../../../../src/web/guides/guide-steps.ts";

describe("requestErrorText", () => {
  it("is the server's message of a refused call", () => {
    const error = new RequestError({ kind: "business", message: "密钥无效或已过期", code: 40103, status: 400 });
    expect(requestErrorText(error, messages.cardLoadFailed)).toBe("密钥无效或已过期");
  });

  it("falls back when there is no RequestError or no message", () => {
    expect(requestErrorText(new Error("boom"), messages.cardLoadFailed)).toBe(messages.cardLoadFailed);
    expect(requestErrorText(null, "失败")).toBe("失败");
    expect(requestErrorText(new RequestError({ kind: "network", message: "", code: null, status: 0 }), "失败")).toBe("失败");
  });
});

describe("schema texts filled by the generated functions", () => {
  it("names the guide step without permission, its name inserted literally", () => {
    expect(noPermissionMessage("缴费 $& {name}")).toBe("您没有缴费 $& {name}操作权限，请联系管理员");
  });
});
