// The server: buildApp(options) opens the database (PGlite in dataDir under an exclusive lock, or
// PostgreSQL at databaseUrl), applies migrations, loads the demo data into an empty database, and
// returns a Fastify app with every route registered (not yet listening). Used by main.ts and tests.
//
// Adding endpoints: declare the operation in schemas/operations/<domain>.yaml, run codegen, and
// register its handler with route() (http/operation.ts) in a plugin the domain lists (domains.ts);
// docs/api.md "Adding an operation" has the steps. Every route passes the guard (auth/guard.ts):
// non-GET/HEAD calls need `X-Requested-With: XMLHttpRequest`, and the operation's authority decides
// whether a session and which code it needs (else 401 or the 403 marker).
import { fillTexts } from "../../generated/fill-texts.ts";
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from "fastify";
import fastifyCookie from "@fastify/cookie";
import fastifyCompress from "@fastify/compress";
import { COMPRESS_THRESHOLD_BYTES } from "./platform/http/compression.ts";
import { resolve } from "node:path";
import "./platform/fastify-types.ts";
import type { Db } from "./platform/db/types.ts";
import { openDatabase } from "./platform/db/open.ts";
import { JobQueue, type JobMode } from "./platform/jobs/queue.ts";
import { TaskRunner } from "./platform/tasks/runner.ts";
import { migrate } from "./platform/db/migrate.ts";
import { withStartupLock } from "./platform/db/startup-lock.ts";
import { installGuard } from "./platform/session/guard.ts";
import { loginRoutes } from "./auth/login-routes.ts";
import { shareSessionRevocation } from "./auth/session-revocation.ts";
import { accountRoutes } from "./auth/account-routes.ts";
import { ticketRoutes } from "./auth/ticket-routes.ts";
import { frameworkErrors, installErrorHandling } from "./platform/http/error-handler.ts";
import { installJsonBody } from "./platform/http/json-body.ts";
import { installInputGuard } from "./platform/http/input-guard.ts";
import { installSecurityHeaders } from "./platform/http/security-headers.ts";
import { RequestLog } from "./platform/http/request-log.ts";
import { healthRoutes } from "./platform/http/health.ts";
import { apiDocsRoutes } from "./platform/http/api-docs.ts";
import { webAppRoutes } from "./platform/http/web-app.ts";
import { crudRoutes, type CrudOptions } from "./crud/routes.ts";
import { routeModules } from "./domains.ts";
import { isDatabaseEmpty, seedDemo } from "./seed/demo.ts";
import { randomDemoPassword, writeDemoPasswordFile } from "./seed/demo-password.ts";
import { webDistDir } from "./platform/paths.ts";
import { texts } from "../../generated/texts.ts";
import { useSmsProvider, type SmsProvider } from "./residents/sms.ts";

export interface AppOptions {
  /** PGlite data folder (default ./data); also where demo-password.txt goes. */
  dataDir?: string;
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** Built web app folder (default dist/web). */
  webDir?: string;
  /** Load the demo data when the database is empty (default true). */
  seedDemo?: boolean;
  /** Demo users' password (NEPTUNE_DEMO_PASSWORD); random and written to DATA_DIR when absent. */
  demoPassword?: string;
  /** Fastify logger setting (default false). */
  logger?: FastifyServerOptions["logger"];
  /** Trust X-Forwarded-* from a proxy in front (client address for the login limits). */
  trustProxy?: boolean;
  /** Route modules besides src/server/domains.ts. */
  modules?: FastifyPluginAsync[];
  /** Generic CRUD resources and validator (tests add their own); generated ones by default. */
  crud?: CrudOptions;
  /** Where start-up notes go (the demo password); console.log by default. */
  print?: (text: string) => void;
  /** Told of every route as it is registered (npm run check compares them with the declared operations). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** Run background tasks (default true; TASK_WORKER=0: another server runs them). */
  taskWorker?: boolean;
  /**
   * The job queue's mode (src/server/platform/jobs): "work" runs jobs and crons (a server), "send" only puts
   * jobs on the queue (another server works them), "manual" (the default: tests) runs nothing by
   * itself, tests call app.jobs.runDue(). pg-boss starts on first use in every mode.
   */
  jobs?: JobMode;
  /** Where SMS go (the residents' sign-in codes): a gateway's provider; default the built-in outbox (短信记录, docs/residents.md). */
  smsProvider?: SmsProvider;
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const dataDir = resolve(options.dataDir ?? "./data");
  const print = options.print ?? ((text: string) => console.log(text));
  const db: Db = await openDatabase({ dataDir, databaseUrl: options.databaseUrl });
  let app: FastifyInstance | undefined;
  try {
    // Servers starting together on one PostgreSQL take turns: one migrates and seeds, the others wait.
    await withStartupLock(options.databaseUrl, async () => {
      await migrate(db);
      if (options.seedDemo !== false && (await isDatabaseEmpty(db))) {
        const password = options.demoPassword || randomDemoPassword();
        await seedDemo(db, password);
        if (options.demoPassword) print(texts.startup.demoPasswordFromEnv);
        else {
          const file = writeDemoPasswordFile(dataDir, password);
          print(fillTexts.startup.demoPasswordWritten({ password, file }));
        }
      }
    });

    app = Fastify({ logger: options.logger ?? false, logController: new RequestLog(), trustProxy: options.trustProxy ?? false, bodyLimit: 10 * 1024 * 1024, frameworkErrors });
    app.decorate("db", db);
    app.decorate("dataDir", dataDir);
    if (options.smsProvider) useSmsProvider(app, options.smsProvider);
    if (options.onRoute) app.addHook("onRoute", options.onRoute);
    app.addHook("onClose", async () => db.close()); // after the server stopped taking requests
    const log = app.log;
    const jobs = new JobQueue(db, { mode: options.jobs ?? "manual", log: (m, e) => log.error({ err: e }, `[jobs] ${m}`) });
    app.decorate("jobs", jobs);
    app.addHook("preClose", async () => jobs.stop()); // before the database closes
    // A server started without a task worker (TASK_WORKER=0) takes no background tasks: another server does.
    const tasks = (options.taskWorker ?? true) ? new TaskRunner(db, { log: (m, e) => log.error({ err: e }, `[tasks] ${m}`) }) : null;
    app.decorate("tasks", tasks);
    if (tasks) {
      app.addHook("onReady", async () => tasks.start());
      app.addHook("preClose", async () => tasks.stop()); // after its current step, before the database closes
    }
    if (options.databaseUrl) {
      const stopSharing = await shareSessionRevocation(db, options.databaseUrl, (m) => log.warn(m));
      app.addHook("onClose", stopSharing);
    }

    await installSecurityHeaders(app); // first: every answer, a refused one too, carries them
    installJsonBody(app);
    installErrorHandling(app);
    await app.register(fastifyCookie);
    await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES });
    installGuard(app);
    installInputGuard(app);

    await app.register(healthRoutes);
    await app.register(loginRoutes);
    await app.register(accountRoutes);
    await app.register(ticketRoutes);
    await app.register(apiDocsRoutes);
    await app.register(crudRoutes, options.crud ?? {});
    for (const module of [...routeModules, ...(options.modules ?? [])]) await app.register(module);
    await app.register(webAppRoutes, { webDir: options.webDir ?? webDistDir });
    await app.ready();
    if (jobs.mode === "work") await jobs.start(); // the crons and workers (after every module defined its queues)
    return app;
  } catch (err) {
    if (app) await app.close().catch(() => undefined);
    else await db.close().catch(() => undefined);
    throw err;
  }
}
