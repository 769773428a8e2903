// Starts the real server (buildApp) on a real database for API tests: PGlite in a fresh temporary
// DATA_DIR, and, when TEST_DATABASE_URL is set, PostgreSQL in a fresh database created for the
// suite (CREATE DATABASE neptune_test_<random>, dropped afterwards). Suites run on every backend
// with describe.each(backends). Requests go through app.inject (the full HTTP pipeline, no socket).
// Storage starts as a copy of the run's templates (global-setup.ts; waited for here): migrated with the demo data
// for freshServer, or empty for suites that watch the server migrate and seed.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { adminQuery } from "../../../scripts/postgres-admin.ts";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp, type AppOptions } from "../../../src/server/app.ts";
import { waitForTemplate } from "../../support/templates.ts";

export { DEMO_PASSWORD } from "../../support/demo-password.ts";
import { DEMO_PASSWORD } from "../../support/demo-password.ts";
import { SESSION_COOKIE } from "../../../src/server/platform/session/settings.ts";
import { createSession } from "../../../src/server/platform/session/session-store.ts";
import { usernameKey } from "../../../src/server/auth/login-throttle.ts";
import { AnswerDriftError, answerProblems } from "./answer-check.ts";
export const XHR = { "x-requested-with": "XMLHttpRequest" };

// A session is two values: the token in the httpOnly cookie and the signature of the login answer
// (src/server/platform/session/session-store.ts). Tests name a session by its signature (`token` below, t.admin…):
// every login answered through TestServer.request (login, keyLogin) records its cookie's token here,
// and a request with that signature sends both.
const cookieTokens = new Map<string, string>();

/** The cookie's token of the session whose login answered with this signature (undefined: none seen). */
export function cookieTokenOf(signature: string): string | undefined {
  return cookieTokens.get(signature);
}

/** The headers of a signed-in call: the session cookie and the signature header (just the header for an unknown signature). */
export function sessionHeaders(signature: string): Record<string, string> {
  const token = cookieTokens.get(signature);
  return { signature, ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}) };
}

/** The session's token and signature, as the server's findSession takes them. */
export function sessionCredentials(signature: string): { token: string; signature: string } {
  return { token: cookieTokens.get(signature) ?? "", signature };
}

function recordLogin(setCookie: unknown, body: unknown): void {
  const signature = (body as { data?: { signature?: unknown } } | null)?.data?.signature;
  if (typeof signature !== "string" || !signature) return;
  for (const line of [setCookie].flat()) {
    const token = typeof line === "string" ? new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(line)?.[1] : undefined;
    if (token) cookieTokens.set(signature, decodeURIComponent(token));
  }
}

export type BackendName = "pglite" | "postgres";
export const backends: BackendName[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface Storage {
  backend: BackendName;
  dataDir: string;
  databaseUrl?: string;
  dispose(): Promise<void>;
}

/** Copies of the seeded template taken at once; PostgreSQL refuses a second copy while one runs. */
async function createDatabase(admin: string, name: string, template?: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(admin, `create database ${name}${template ? ` template ${template}` : ""}`);
      return;
    } catch (err) {
      const busy = (err as Error).message.includes("is being accessed by other users");
      if (!busy || attempt >= 50) throw err;
    }
    await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
  }
}

export interface StorageOptions {
  /** Start from the migrated demo data (the usual suite) instead of an empty database. */
  seeded?: boolean;
}

/** A fresh place for data: a temp folder (a PGlite cluster), or a new database on PostgreSQL. */
export async function createStorage(backend: BackendName, options: StorageOptions = {}): Promise<Storage> {
  const dataDir = mkdtempSync(join(tmpdir(), "neptune-api-"));
  if (backend === "pglite") {
    // A copy of the run's initialised cluster, empty or seeded (global-setup.ts): initdb takes
    // seconds, migrating and seeding many more.
    const template = inject(options.seeded ? "pgliteSeeded" : "pgliteTemplate");
    await waitForTemplate(template);
    cpSync(template, dataDir, { recursive: true });
    return { backend, dataDir, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `neptune_test_${randomBytes(6).toString("hex")}`;
  const seeded = options.seeded ? inject("postgresSeeded") : undefined;
  if (options.seeded && !seeded) throw new Error("no seeded PostgreSQL template: TEST_DATABASE_URL was not set when the run started");
  if (seeded) {
    await waitForTemplate(seeded.dataDir);
    cpSync(seeded.dataDir, dataDir, { recursive: true });
  }
  await createDatabase(admin, name, seeded?.database);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    backend,
    dataDir,
    databaseUrl: url.toString(),
    async dispose() {
      await adminQuery(admin, `drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- a response body of any shape; the tests' assertions check it
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** The session's signature (its login answer's): sent with the session's cookie. */
  token?: string;
  /** Send the X-Requested-With marker (default true). */
  xhr?: boolean;
  headers?: Record<string, string>;
  /** The client's address (default light-my-request's 127.0.0.1). */
  ip?: string;
}

export class TestServer {
  constructor(
    readonly app: FastifyInstance,
    readonly storage: Storage,
  ) {}

  get db() {
    return this.app.db;
  }

  async request(method: "GET" | "POST" | "PUT" | "DELETE" | "HEAD", url: string, opts: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...(opts.xhr === false ? {} : XHR), ...(opts.token ? sessionHeaders(opts.token) : {}), ...(opts.headers ?? {}) };
    const r = await this.app.inject({ method, url, headers, ...(opts.ip ? { remoteAddress: opts.ip } : {}), ...(opts.body !== undefined ? { payload: opts.body as object } : {}) });
    let body: any = r.body; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of any shape, as Reply.body
    try {
      body = r.json();
    } catch {
      /* not JSON */
    }
    recordLogin(r.headers["set-cookie"], body);
    // Every answer is checked against the document of its operation (answer-check.ts): a drift fails the test here.
    const problems = answerProblems(method, url, r.statusCode, body, r.headers["content-type"]);
    if (problems.length) throw new AnswerDriftError(problems);
    return { status: r.statusCode, body, headers: r.headers, text: r.body };
  }

  /**
   * Signs in; the session's signature (requests given it as `token` send the session's cookie too).
   * A user whose password an administrator set is taken to have chosen its own already (the gate
   * before that change is tested with `{ firstSignIn: true }`, which leaves the account as it is).
   */
  async login(username: string, password = DEMO_PASSWORD, options: { firstSignIn?: boolean } = {}): Promise<string> {
    const r = await this.request("POST", "/api/auth/login", { body: { username, password } });
    if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${r.text}`);
    if (!options.firstSignIn) await this.passwordChosen(username);
    return r.body.data.signature;
  }

  /** The user has chosen its own password (users.must_change_password cleared), as after its first sign-in. */
  private async passwordChosen(username: string): Promise<void> {
    await this.db.query("update users set must_change_password = false where (tenant_id, id) = (select tenant_id, user_id from login_names where username_key = $1) and must_change_password", [
      usernameKey(username),
    ]);
  }

  /**
   * A session for a user of the data, made as the login makes one but without checking a password:
   * a suite's set-up accounts (useDemoServer) sign in this way, since each password check costs the
   * production scrypt (about 0.5 s of a core). Tests of signing in itself use login().
   */
  async sessionFor(username: string): Promise<string> {
    const { rows } = await this.db.query<{ user_id: number; tenant_id: number }>("select user_id, tenant_id from login_names where username_key = $1", [usernameKey(username)]);
    if (!rows[0]) throw new Error(`no user ${username}`);
    await this.passwordChosen(username);
    const { token, signature } = await createSession(this.db, { userId: Number(rows[0].user_id), tenantId: Number(rows[0].tenant_id) }, { ip: "127.0.0.1" });
    cookieTokens.set(signature, token);
    return signature;
  }

  async count(table: string, where = "true", params: unknown[] = []): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params);
    return rows[0].n;
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

export async function startServer(storage: Storage, options: AppOptions = {}): Promise<TestServer> {
  const app = await buildApp({
    dataDir: storage.dataDir,
    databaseUrl: storage.databaseUrl,
    demoPassword: DEMO_PASSWORD,
    print: () => undefined,
    ...options,
  });
  return new TestServer(app, storage);
}

/** The usual suite set-up: fresh storage with the demo data, a server on it; `stop()` closes and removes both. */
export async function freshServer(backend: BackendName, options: AppOptions = {}) {
  const storage = await createStorage(backend, { seeded: options.seedDemo !== false });
  const server = await startServer(storage, options);
  return {
    server,
    storage,
    async stop() {
      await server.close().catch(() => undefined);
      await storage.dispose();
    },
  };
}
