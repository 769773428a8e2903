// The real server as a child process of a benchmark: a free loopback port, `node --import tsx` on a
// TypeScript entry point, waiting for /healthz; and a sign-in giving the headers of a signed-in call.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(import.meta.url), "../../..");

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface Child {
  process: ChildProcess;
  port: number;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts a TypeScript entry point of the project (node --import tsx) and waits for its /healthz. */
export async function startChild(entry: string, env: Record<string, string>): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output = (output + d).slice(-4000)));
  child.stderr?.on("data", (d) => (output = (output + d).slice(-4000)));
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      child.once("exit", () => {
        clearTimeout(timer);
        done();
      });
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${entry} exited (${child.exitCode}):\n${output}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok) return { process: child, port, output: () => output, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`${entry} did not answer /healthz within 120 s:\n${output}`);
}

/** Signs in; the headers of a signed-in call: the session cookie and its signature (both are needed). */
export async function signIn(port: number, username: string, password: string): Promise<Record<string, string>> {
  const r = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ username, password }),
  });
  const body = (await r.json()) as { data?: { signature?: string } };
  const cookie = /^neptune_session=[^;]+/.exec(r.headers.get("set-cookie") ?? "")?.[0];
  if (!body.data?.signature || !cookie) throw new Error(`sign-in failed: ${r.status} ${JSON.stringify(body)}`);
  return { signature: body.data.signature, cookie };
}
