// The Excel import / export calls of a resource (src/server/excel/routes.ts) for the generic list:
// start the task, wait for it (polling GET .../actions/task?id=), and download files (GET through the
// request wrapper's http.download: the session needs the signature header as well as the cookie, so
// a plain link would not be signed in). The actions hang off the resource's URL, which the data
// provider derives from the resource metadata.
import { messages } from "../../../../generated/errors.ts";
import { http } from "../../http/request.ts";
import { resourceUrlOf } from "../../providers/dataProvider.ts";

export const TASK_POLL_MS = 1000;
/** Give up waiting on screen after this long; the task centre still shows the task. */
export const TASK_WAIT_MS = 10 * 60_000;

export interface ExcelTask {
  id: number;
  state: "pending" | "active" | "completed" | "failed";
  progress: number;
  result: string | null;
  detail: { total?: number; imported?: number; rejected?: { row: number; reason: string }[]; rows?: number; fileName?: string; downloadUrl?: string } | null;
}

/** The resource's URL (the data provider's), the base of its Excel actions. */
export const apiBase = (service: string, resource: string) => resourceUrlOf(resource, { service });

/** Downloads a file of the server (an export, the import template) with the session's headers. */
export const downloadFile = (path: string): Promise<void> => http.download(path);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the task until it is done (or failed); onProgress gets 0–100 while it runs. */
export async function waitForTask(base: string, id: number, onProgress?: (progress: number) => void): Promise<ExcelTask> {
  const deadline = Date.now() + TASK_WAIT_MS;
  for (;;) {
    const task = await http.get<ExcelTask>(`${base}/actions/task`, { id }, { silent: true });
    if (task.state === "completed" || task.state === "failed") return task;
    onProgress?.(task.progress ?? 0);
    if (Date.now() > deadline) throw new Error(messages.taskStillRunning);
    await sleep(TASK_POLL_MS);
  }
}

export const startExport = (base: string, body: Record<string, unknown>) => http.post<{ taskId: number }>(`${base}/actions/export`, body);

export const startImport = (base: string, file: File, communityId?: string | number | null) =>
  http.post<{ taskId: number; total: number }>(`${base}/actions/import${communityId ? `?communityId=${encodeURIComponent(String(communityId))}` : ""}`, file, {
    headers: { "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  });

export const templateUrl = (base: string) => `${base}/actions/importTemplate`;
