// The task centre's rules: GET {management}/taskCentre/actions/list answers {list: [{id, name, state,
// progress, createdAt, finishedAt, result}], total}; the page polls every 2 s while any task still
// runs, and a task whose result is a file (resultUrl / downloadUrl, or a result that is an address)
// can be downloaded; so can an import's rejected rows (its detail's errorRows, downloadImportErrors).
export const TASK_POLL_MS = 2000;

export interface BackgroundTask {
  id: number | string;
  name: string;
  type?: string;
  state: string;
  progress?: number | null;
  createdAt?: string | null;
  finishedAt?: string | null;
  result?: unknown;
  resultUrl?: string | null;
  downloadUrl?: string | null;
  /** The task's result object (an import: {total, imported, rejected, rejectedCount, errorRows}). */
  detail?: unknown;
}

/** pg-boss states that are not final, and the words other producers use for them. */
const RUNNING = new Set(["created", "retry", "active", "running", "pending", "queued"]);

export const isRunning = (task: Pick<BackgroundTask, "state">): boolean => RUNNING.has(String(task.state).toLowerCase());

export const shouldPoll = (tasks: readonly Pick<BackgroundTask, "state">[]): boolean => tasks.some(isRunning);

const STATE_LABELS: Record<string, { label: string; color: string }> = {
  created: { label: "排队中", color: "default" },
  queued: { label: "排队中", color: "default" },
  pending: { label: "排队中", color: "default" },
  retry: { label: "重试中", color: "warning" },
  active: { label: "进行中", color: "processing" },
  running: { label: "进行中", color: "processing" },
  completed: { label: "已完成", color: "success" },
  failed: { label: "失败", color: "error" },
  cancelled: { label: "已取消", color: "default" },
  expired: { label: "已过期", color: "default" },
};

export const taskStateLabel = (state: string): { label: string; color: string } => STATE_LABELS[String(state).toLowerCase()] ?? { label: String(state), color: "default" };

/** 0-100; a completed task is 100 whatever it reported. */
export function progressOf(task: Pick<BackgroundTask, "state" | "progress">): number {
  if (String(task.state).toLowerCase() === "completed") return 100;
  const n = Number(task.progress);
  return Number.isFinite(n) ? Math.max(0, Math.min(100, Math.round(n))) : 0;
}

const isAddress = (text: string) => /^(https?:\/\/|\/)/i.test(text.trim());

/** The file a finished task produced, or null. */
export function downloadUrlOf(task: BackgroundTask): string | null {
  if (isRunning(task) || String(task.state).toLowerCase() === "failed") return null;
  for (const candidate of [task.resultUrl, task.downloadUrl]) if (typeof candidate === "string" && candidate.trim()) return candidate.trim();
  const result = task.result;
  if (typeof result === "string" && isAddress(result)) return result.trim();
  if (result && typeof result === "object") {
    const url = (result as { url?: unknown; fileUrl?: unknown }).url ?? (result as { fileUrl?: unknown }).fileUrl;
    if (typeof url === "string" && url.trim()) return url.trim();
  }
  return null;
}

/** What the result column shows besides the download link. */
export function resultText(task: BackgroundTask): string {
  const result = task.result;
  if (typeof result === "string") return isAddress(result) ? "" : result;
  if (result && typeof result === "object") {
    const text = (result as { message?: unknown; text?: unknown }).message ?? (result as { text?: unknown }).text;
    if (typeof text === "string") return text;
  }
  return "";
}

/** Whether a finished import rejected rows whose error workbook (the rows with their reasons) can be downloaded. */
export function hasImportErrors(task: BackgroundTask): boolean {
  if (String(task.state).toLowerCase() !== "completed" || !task.detail || typeof task.detail !== "object") return false;
  const rows = (task.detail as { errorRows?: unknown }).errorRows;
  return typeof rows === "number" && rows > 0;
}
