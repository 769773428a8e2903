// The web app reads through react-query and writes through useMutation (query and mutation options of
// the generated client), and fills its Chinese texts through schemas/texts.yaml's typed fillers
// (generated/fill-texts.ts): no direct `api.<operation>(...)` call and no hand-filled Chinese text in
// src/web, outside the client itself (src/web/http) and the two places named below.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scanSource, scanWeb } from "./web-source-scan.ts";

const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));

/** Files that may call the client directly, and why. */
const DIRECT_CALLS_ALLOWED: Record<string, string> = {
  // Refine's contract is a set of async functions; Refine's own hooks run them as react-query mutations and queries.
  "src/web/providers/authProvider.ts": "Refine's auth provider",
  // Outside Refine and the app's QueryClient; react-query stays out of the login page's first load.
  "src/web/pages/login/login-client.ts": "the login page's configuration read",
};

const fileOf = (finding: string) => finding.slice(0, finding.lastIndexOf(":"));
const isOptionModule = (file: string) => file.startsWith("src/web/http/") || /(^|\/|-)queries\.ts$/.test(file);

describe("scanSource", () => {
  it("finds direct client calls, also split over lines, not the query options", () => {
    const text = ["await api.getRooms({});", "api", "  .getUser({})", "useQuery(queries.getRooms.queryOptions());", "// api.inComment()", "other.api.no();"].join("\n");
    expect(scanSource("a.ts", text).apiCalls).toEqual([1, 2]);
  });

  it("finds Chinese texts filled by hand: placeholders in a Chinese template, Chinese inside a placeholder, + with a Chinese string", () => {
    const text = [
      "const a = `确认退费 ¥${amount}？`;",
      'const b = `${mode === "create" ? "新增" : "编辑"}${label}`;',
      'const c = "共 " + n + " 条";',
      "const d = fillTexts.webList.total({ count: n });",
      'const e = "没有占位符";',
      "const f = `${base}/api/${name}`;",
      "const g = `没有占位符`;",
    ].join("\n");
    expect(scanSource("a.tsx", text).filledTexts).toEqual([1, 2, 3]);
  });
});

describe("the web app (src/web)", () => {
  const found = scanWeb(ROOT);

  it("calls the generated client only through query and mutation options", () => {
    const outside = found.apiCalls.filter((f) => !isOptionModule(fileOf(f)) && !(fileOf(f) in DIRECT_CALLS_ALLOWED));
    expect(outside).toEqual([]);
  });

  it("fills no Chinese text by hand", () => {
    expect(found.filledTexts).toEqual([]);
  });
});
