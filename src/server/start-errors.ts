// Why the server could not start, as one Chinese + English line for the operator instead of a stack:
// the database unreachable, its authentication refused, the database missing, the data folder not
// writable. Anything else is not recognised (null) and the caller prints it whole. The database is
// named by host, port and name only: a connection string's password is never printed.
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
    if (e.code && UNREACHABLE.has(e.code)) return `启动失败：无法连接数据库 ${db}（${e.code}） / start failed: cannot reach the database at ${db} (${e.code})`;
    if (e.code === "28P01" || e.code === "28000") return `启动失败：数据库 ${db} 拒绝了登录（用户或密码错误） / start failed: the database at ${db} refused the login (wrong user or password)`;
    if (e.code === "3D000") return `启动失败：数据库 ${db} 不存在 / start failed: the database ${db} does not exist`;
  }
  if (e.code && NOT_WRITABLE.has(e.code) && (!e.path || e.path.startsWith(settings.dataDir))) {
    return `启动失败：数据目录 ${settings.dataDir} 不可写（${e.code}） / start failed: DATA_DIR ${settings.dataDir} is not writable (${e.code})`;
  }
  return null;
}
