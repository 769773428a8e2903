// The set-up of the codegen tests that run codegen on a module file of their own: each test gets a
// fresh project copy (support/temp-project.ts, removed after the test), console output silenced and
// what codegen printed as errors collected.
import { afterEach, beforeEach, vi } from "vitest";
import { copyProject, type TempProject } from "./temp-project.ts";

export interface ProjectCopy {
  /** This test's project copy. */
  project: TempProject;
  /** Everything printed with console.error during this test, one call a line. */
  errors: string;
}

/** Registers beforeEach / afterEach; the returned object holds the current test's copy and errors. */
export function useProjectCopy(): ProjectCopy {
  const copy = {} as ProjectCopy;
  beforeEach(() => {
    copy.project = copyProject();
    copy.errors = "";
    vi.spyOn(console, "log").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      copy.errors += args.join(" ") + "\n";
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    copy.project.remove();
  });
  return copy;
}
