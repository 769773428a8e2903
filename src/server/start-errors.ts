// Why the server could not start, as one Chinese + English line for the operator instead of a stack:
// the database unreachable, its authentication refused, the database missing, the data folder not
// writable. Anything else is not recognised (null) and the caller prints it whole. The database is
// named by host, port and name only: a connection string's password is never printed.
import { fillTexts } from "../../generated/fill-texts.ts";
interface StartErrorLike {
  code?: string;
  path?: string;
  address?: string;
  port?: number;
}

function databaseName(databaseUrl: string | undefined): string {
  if (!databaseUrl) return "";
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || "localhost"}:${url.port || "5432"}${url.pathname || "/"}`;
  } catch {
    return "DATABASE_URL";
  }
}

const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ECONNRESET"]);
const NOT_WRITABLE = new Set(["EACCES", "EPERM", "EROFS", "ENOTDIR", "EEXIST", "ENOSPC"]);

export function describeStartError(err: unknown, settings: { databaseUrl?: string; dataDir: string }): string | null {
  const e = (typeof err === "object" && err !== null ? err : {}) as StartErrorLike;
  const db = databaseName(settings.databaseUrl);
  if (settings.databaseUrl) {
    if (e.code && UNREACHABLE.has(e.code)) return fillTexts.startup.dbUnreachable({ db, code: e.code });
    if (e.code === "28P01" || e.code === "28000") return fillTexts.startup.dbLoginRefused({ db });
    if (e.code === "3D000") return fillTexts.startup.dbMissing({ db });
  }
  if (e.code && NOT_WRITABLE.has(e.code) && (!e.path || e.path.startsWith(settings.dataDir))) {
    return fillTexts.startup.dataDirNotWritable({ dir: settings.dataDir, code: e.code });
  }
  return null;
}
