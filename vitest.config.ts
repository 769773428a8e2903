import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Three levels of tests: unit (pure functions), api (the real server on a real database),
// e2e (a real browser against the real server, serving a web build made once per run into a folder
// of its own). `npm test` runs all three.
// Unit and API files run in parallel, one worker per core: each API file has a database of its own
// (a copy of the run's migrated, seeded template, tests/api/support/global-setup.ts). Browser files
// run one after another: each starts the product and a Chromium.
const workers = availableParallelism();

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.spec.ts", "tests/unit/**/*.spec.tsx"], environment: "node", testTimeout: 60000, maxWorkers: workers } },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.spec.ts"],
          globalSetup: ["tests/api/support/global-setup.ts"],
          environment: "node",
          testTimeout: 60000,
          hookTimeout: 120000,
          maxWorkers: workers,
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
          fileParallelism: false,
        },
      },
    ],
  },
});
