// Exclusive lock on the data folder. PGlite has no lock of its own, and a second process writing the
// same folder silently loses committed rows (DESIGN.md), so a second server must refuse to start.
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { fillTexts } from "../../../../generated/fill-texts.ts";

export const LOCK_FILE = "neptune.lock";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(fillTexts.startup.dataDirLocked({ dir: dataDir, pid }));
    this.name = "DataDirLockedError";
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM"; // exists, owned by someone else
  }
}

export interface DataDirLock {
  release(): void;
}

/** Creates DATA_DIR/neptune.lock with O_EXCL holding our pid; a lock whose pid no longer runs is stale. */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let text: string;
      let ageMs: number;
      try {
        text = readFileSync(file, "utf8").trim();
        ageMs = Date.now() - statSync(file).mtimeMs;
      } catch {
        continue; // removed meanwhile: try again
      }
      const owner = Number(text);
      // An empty, fresh file is another process between creating it and writing its pid.
      if (text === "" && ageMs < 10_000) throw new DataDirLockedError(dataDir, 0);
      // Our own pid counts as held too: one process opens the folder once.
      if (owner === process.pid || isRunning(owner)) throw new DataDirLockedError(dataDir, owner);
      try {
        unlinkSync(file); // stale: its process is gone
      } catch {
        /* someone else removed it first */
      }
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
