// What the server adds to Fastify's types: the database on the instance, the session on the
// request, and the per-route guard settings (see app.ts for how modules use them).
import type { Db } from "./db/types.ts";
import type { SessionInfo } from "./session/session-store.ts";
import type { JobQueue } from "./jobs/queue.ts";
import type { TaskRunner } from "./tasks/runner.ts";
import type { ResidentInfo } from "./session/resident-session.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    /** The server's data folder (DATA_DIR): the embedded database, the demo password, the secrets and sandbox keys. */
    dataDir: string;
    /**
     * The background tasks' worker (imports, exports, bill generation, dunning notices; src/server/platform/tasks),
     * or null on a server started without one (AppOptions.taskWorker): another server takes its tasks.
     * It wakes when a write of the tasks table commits, so a task starts at once, not at the next poll.
     */
    tasks: TaskRunner | null;
    /** The job queue (pg-boss, src/server/platform/jobs): scheduled and retried work (AppOptions.jobs). */
    jobs: JobQueue;
  }
  interface FastifyRequest {
    /** The signed-in user; set by the guard on every non-public route (null on public ones). */
    session: SessionInfo | null;
    /** The signed-in resident of the residents' app; set by the guard on `resident` routes only (null elsewhere). */
    resident: ResidentInfo | null;
  }
  interface FastifyContextConfig {
    /** No session needed (login, health, static files, public configuration). */
    public?: boolean;
    /** Authority code the session must hold (spec §6); without it: HTTP 401 with the 403 marker. */
    authority?: string;
    /** Codes of which the session must hold one (an operation's list); else the 403 marker. */
    anyAuthority?: readonly string[];
    /**
     * A resident's route (an operation's authority `resident`, docs/residents.md): the guard asks for a
     * resident session (cookie neptune_resident) and never reads the staff session.
     */
    resident?: boolean;
    /** The session must hold some authority code, whichever (an operation's `anyCode`). */
    someAuthority?: boolean;
    /**
     * Called by another server, never by a browser (an operation's `caller: server`: a gateway's
     * callback): no X-Requested-With marker is asked and no session is read.
     */
    serverCaller?: boolean;
    /** A session that must first change its password may call it (an operation's `beforePasswordChange`). */
    beforePasswordChange?: boolean;
    /** Chinese labels of the body's fields, by name: the input guard's 400 messages name them. */
    fieldLabels?: Readonly<Record<string, string>>;
  }
}

export {};
