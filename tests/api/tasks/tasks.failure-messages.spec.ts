// A failed task tells its owner why only when the reason was written for them (a UserFacingError:
// an API error, an unreadable template, a catalogue text); any other failure (a bug, a lost
// connection) shows the generic text and its message stays in the server's log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { texts } from "../../../generated/texts.ts";
import { apiError } from "../../../src/server/platform/http/envelope.ts";
import { UserFacingError } from "../../../src/server/platform/http/user-facing-error.ts";
import { registerTaskHandler, runTaskNow } from "../../../src/server/platform/tasks/runner.ts";
import { enqueueTask, findTaskById } from "../../../src/server/platform/tasks/store.ts";
import { createStorage, startServer, type Storage, type TestServer } from "../support/server.ts";

const failures: Record<string, Error> = {
  "test.userFacing": new UserFacingError("导入文件已损坏，请重新上传"),
  "test.apiError": apiError("NOT_FOUND"),
  "test.bug": new TypeError("Cannot read properties of undefined (reading 'id')"),
  "test.chineseBug": new Error("内部状态不一致：cursor 缺失"),
};

describe("a failed task's message", () => {
  let storage: Storage;
  let server: TestServer;
  let tenantId: number;
  beforeAll(async () => {
    storage = await createStorage("pglite");
    server = await startServer(storage, { seedDemo: false });
    const { rows } = await server.db.query<{ id: number }>("insert into tenants (name) values ('任务测试物业') returning id");
    tenantId = rows[0].id;
    for (const [type, err] of Object.entries(failures))
      registerTaskHandler(type, {
        step: () => Promise.reject(err),
      });
  });
  afterAll(async () => {
    await server?.app.close();
    await storage?.dispose();
  });

  async function failedWith(type: string): Promise<string | null> {
    const task = await enqueueTask(server.db, { tenantId, userId: null, type, name: type, total: 1, payload: {} });
    await runTaskNow(server.db, task.id, { log: () => undefined });
    const after = await findTaskById(server.db, task.id);
    expect(after?.state).toBe("failed");
    return after?.error ?? null;
  }

  it("is the error's own message when it was written for the user", async () => {
    expect(await failedWith("test.userFacing")).toBe("导入文件已损坏，请重新上传");
    expect(await failedWith("test.apiError")).toBe(apiError("NOT_FOUND").message);
  });

  it("is the generic text for any other error, Chinese or not", async () => {
    expect(await failedWith("test.bug")).toBe(texts.tasks.failedRetry);
    expect(await failedWith("test.chineseBug")).toBe(texts.tasks.failedRetry);
  });

  it("names an unknown task type for the user", async () => {
    expect(await failedWith("test.nobodyHandlesThis")).toContain("test.nobodyHandlesThis");
  });
});
