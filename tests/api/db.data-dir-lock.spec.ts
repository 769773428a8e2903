// PGlite has no lock of its own: the server locks DATA_DIR, and a second server process on the same
// folder refuses to start (exit code 1, a clear message) instead of losing data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createStorage, startServer, type Storage, type TestServer } from "./support/server.ts";
import { lockDataDir, LOCK_FILE } from "../../src/server/platform/db/lock.ts";

const root = resolve(import.meta.dirname, "../..");

function runMain(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: "0", DATABASE_URL: "", NEPTUNE_DEMO_PASSWORD: "Demo-Test-2024" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGTERM"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

describe("data folder lock (pglite)", () => {
  let storage: Storage;
  let server: TestServer;

  beforeAll(async () => {
    storage = await createStorage("pglite");
    server = await startServer(storage);
  });
  afterAll(async () => {
    await server.close().catch(() => undefined);
    await storage.dispose();
  });

  it("holds a lock file with this process's pid", () => {
    expect(readFileSync(join(storage.dataDir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
  });

  it("makes a second server process on the same DATA_DIR exit with code 1 and say why", async () => {
    const areas = await server.count("areas");
    const { code, output } = await runMain(storage.dataDir);
    expect(code).toBe(1);
    expect(output).toContain("已被另一个进程");
    expect(output).toContain(String(process.pid));
    // The running server is unharmed.
    const admin = await server.login("admin");
    expect((await server.request("POST", "/api/system/areas", { token: admin, body: { name: "锁后区域" } })).status).toBe(200);
    expect(await server.count("areas")).toBe(areas + 1);
  });

  it("releases the lock on close, and takes over a stale lock whose process is gone", async () => {
    await server.close();
    expect(existsSync(join(storage.dataDir, LOCK_FILE))).toBe(false);
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    writeFileSync(join(storage.dataDir, LOCK_FILE), dead);
    const lock = lockDataDir(storage.dataDir);
    expect(readFileSync(join(storage.dataDir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    lock.release();
    server = await startServer(storage);
    expect((await server.request("GET", "/healthz")).body).toEqual({ status: "ok", db: "pglite" });
  });
});
