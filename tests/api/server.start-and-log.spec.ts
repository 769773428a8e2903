// A started server says where it is (云物业已启动：http://localhost:PORT/neptune/) and, at the
// default log level, writes one line for a refused request and none for an ordinary one (Fastify's
// two lines per request are off); the line names the route, never the query (it may hold a key).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/server/platform/paths.ts";

const scratch = mkdtempSync(join(tmpdir(), "neptune-log-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("start-up line and request log", () => {
  it("prints the address once listening, and logs refused requests only", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: projectRoot,
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: scratch, NEPTUNE_DEMO_PASSWORD: "Demo-Test-2024", LOG_LEVEL: "info", DATABASE_URL: "", TASK_WORKER: "0" },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    try {
      const started = Date.now();
      while (!/云物业已启动：http:\/\/localhost:\d+\/neptune\//.test(output) && Date.now() - started < 240_000) await new Promise((r) => setTimeout(r, 200));
      const url = /云物业已启动：(http:\/\/localhost:\d+)\/neptune\//.exec(output)?.[1];
      expect(url, output.slice(-2000)).toBeTruthy();
      const before = output.length;
      for (let i = 0; i < 5; i++) expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const refused = await fetch(`${url}/api/system/users/actions/pageList?key=secret-ticket`, { method: "POST", headers: { "x-requested-with": "XMLHttpRequest" } });
      expect(refused.status).toBe(401);
      await new Promise((r) => setTimeout(r, 300));
      const lines = output.slice(before).trim().split("\n").filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0])).toMatchObject({ level: 30, msg: "request refused", method: "POST", route: "/api/system/users/actions/pageList", status: 401 });
      expect(lines[0]).not.toContain("secret-ticket");
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("close", r));
    }
  }, 300_000);
});
