import { statfsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import WalkBesideApiSequencer from "./tests/support/sequencer.ts";

// Three levels of tests: unit (pure functions), api (the real server on a real database),
// e2e (a real browser against the real server, serving a web build made once per run into a folder
// of its own). `npm test` runs all three.
// All files of the three share one worker per core and run side by side: each API file has a
// database of its own (a copy of the run's migrated, seeded template), each browser file starts its
// own product (in its worker's process, on a copy of the run's seeded data folder) and opens fresh
// contexts in the run's one Chromium. The run's templates, web build and Chromium are made side by side
// as the run starts (tests/support/templates.ts, tests/e2e/support/global-setup.ts). The walk over every
// route runs beside API files, never beside another browser (tests/support/sequencer.ts).
// Files run without isolation (`isolate: false`): a worker imports the server, the generated schemas
// and their validators once and runs file after file on them, instead of importing them again for
// every file (about half of the unit run's time; for a browser file, the product's start). A file that changes shared state
// (process.env, a module's registry) undoes it in its own afterAll; none mocks modules (vi.mock needs
// isolation: a test injects what it replaces instead, e.g. performThrough in src/web/http/api.ts).
const workers = availableParallelism();

// The run's temporary files go to the machine's RAM disk when it has room (TMPDIR left alone when it is
// set): every API and browser file copies the run's seeded PGlite folder (76 MB in 2 100 files: 0.7–1.4 s
// on a virtual disk, 0.1 s in RAM), and its PGlite then writes there for the whole file. A small
// /dev/shm (a container's 64 MB) is left to Chromium.
const RAM_DISK = "/dev/shm";
const RAM_DISK_ROOM = 4 * 2 ** 30;
function ramDiskWithRoom(): string | undefined {
  try {
    const { bavail, bsize } = statfsSync(RAM_DISK);
    return bavail * bsize >= RAM_DISK_ROOM ? RAM_DISK : undefined;
  } catch {
    return undefined; // no RAM disk on this system
  }
}
const ramDisk = process.env.TMPDIR ? undefined : ramDiskWithRoom();
if (ramDisk) process.env.TMPDIR = ramDisk;

// On CI a failed API or browser test runs once more before it fails the build (what Playwright's own
// configuration does on CI): one stall of a shared runner should not throw away a whole run. A test that
// fails twice fails the build; locally nothing is retried, so a flaky test shows itself where it is written.
const retry = process.env.CI ? 1 : 0;

// The suite signs in thousands of times: its products (the API servers, the browser tests' servers,
// the seeded templates) hash passwords at a low scrypt cost instead of 0.7 s of a core each
// (src/server/auth/password.ts passwordCost, honoured only with NODE_ENV=test). The password spec's
// hashing tests run at the real cost (tests/api/auth.passwords.spec.ts, "at the real cost").
process.env.NODE_ENV ??= "test";
process.env.NEPTUNE_TEST_SCRYPT_N ??= String(2 ** 10);
// And they open hundreds of small PGlite databases (a copy of the seeded one per API file and per
// browser test's product): each start costs a core's time in proportion to the buffer pool, about
// 0.75 s at the product's 128 MB against 0.3 s at 16 MB (src/server/platform/db/pglite.ts).
process.env.PGLITE_SHARED_BUFFERS ??= "16MB";

export default defineConfig({
  test: {
    sequence: { sequencer: WalkBesideApiSequencer },
    projects: [
      // @refinedev/react-router is inlined for the unit files: loaded by Node it reached React Router as a second
      // copy, whose hooks do not see the test's router (tests/unit/web/providers/router-provider.shared-parse.spec.ts).
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.spec.ts", "tests/unit/**/*.spec.tsx"],
          environment: "node",
          testTimeout: 60000,
          maxWorkers: workers,
          isolate: false,
          server: { deps: { inline: ["@refinedev/react-router"] } },
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.spec.ts"],
          globalSetup: ["tests/api/support/global-setup.ts"],
          environment: "node",
          testTimeout: 60000,
          hookTimeout: 120000,
          retry,
          maxWorkers: workers,
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.spec.ts"],
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          environment: "node",
          testTimeout: 120000,
          hookTimeout: 300000,
          retry,
          maxWorkers: workers,
          isolate: false,
        },
      },
    ],
  },
});
