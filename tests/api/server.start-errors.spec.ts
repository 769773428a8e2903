// A start with bad settings ends with exit code 1 and one Chinese + English line naming the cause,
// not a stack: the database unreachable, its login refused, the database missing (these two need
// TEST_DATABASE_URL), the data folder not writable.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/server/platform/paths.ts";

function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: projectRoot,
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", NEPTUNE_DEMO_PASSWORD: "Demo-Test-2024", LOG_LEVEL: "error", DATABASE_URL: "", ...env },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim() });
    });
  });
}

const scratch = mkdtempSync(join(tmpdir(), "neptune-start-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function expectOneLine(r: { code: number | null; output: string }, chinese: RegExp, english: RegExp) {
  expect(r.code).toBe(1);
  expect(r.output.split("\n")).toHaveLength(1);
  expect(r.output).toMatch(chinese);
  expect(r.output).toMatch(english);
  expect(r.output).not.toMatch(/\bat .+:\d+:\d+/); // no stack
}

describe("start errors", () => {
  it("a database that cannot be reached", async () => {
    expectOneLine(await start({ DATABASE_URL: "postgres://postgres:secret@127.0.0.1:1/postgres" }), /无法连接数据库 127\.0\.0\.1:1\/postgres/, /cannot reach the database/);
  });

  it("a data folder that cannot be written", async () => {
    const file = join(scratch, "a-file");
    writeFileSync(file, "");
    expectOneLine(await start({ DATA_DIR: join(file, "data") }), /数据目录 .+ 不可写/, /DATA_DIR .+ is not writable/);
  });

  const admin = process.env.TEST_DATABASE_URL;
  it.skipIf(!admin)("a login the database refuses, without printing the password", async () => {
    const url = new URL(admin!);
    url.username = "neptune_no_such_user";
    url.password = "secret-pw";
    const r = await start({ DATABASE_URL: url.toString() });
    expectOneLine(r, /拒绝了登录/, /refused the login/);
    expect(r.output).not.toContain("secret-pw");
  });

  it.skipIf(!admin)("a database that does not exist", async () => {
    const url = new URL(admin!);
    url.pathname = "/neptune_no_such_database";
    expectOneLine(await start({ DATABASE_URL: url.toString() }), /数据库 .+neptune_no_such_database 不存在/, /does not exist/);
  });
});
