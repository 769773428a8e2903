// A server started without a task worker (AppOptions.taskWorker false; TASK_WORKER=0 in production)
// takes the request and queues the run but makes no bill; a server with a worker on the same
// database then runs it to the end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, freshServer, startServer, type TestServer } from "../support/server.ts";
import { demoIds } from "../support/demo.ts";
import { billsOf, makeCommunity, ok, paymentItem, PERIOD, priceType, waitTask } from "./support.ts";

describe.each(backends)("bill generation without a task worker (%s)", (backend) => {
  let started: Awaited<ReturnType<typeof freshServer>>;
  let worker: TestServer | undefined;

  beforeAll(async () => {
    started = await freshServer(backend, { taskWorker: false });
  });
  afterAll(async () => {
    await worker?.close();
    await started.stop();
  });

  it("queues the run and leaves it to a server that has a worker", async () => {
    const server = started.server;
    const { tenantA } = await demoIds(server);
    const admin = await server.login("admin");
    const fx = await makeCommunity(server, tenantA, "无任务进程社区", [{ area: "50.00" }, { area: "60.00" }]);
    const item = await paymentItem(server, admin, fx.communityId, await priceType(server, admin, fx.communityId, { name: "面积计价", pricingMethod: 1, unitPrice: "1.00" }));
    const { taskId } = await ok(server, "POST", "/api/property/bills/actions/generate", admin, { period: PERIOD, paymentItemIds: [item] });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await ok(server, "GET", `/api/property/bills/actions/generationTask?id=${taskId}`, admin)).toMatchObject({ state: "pending" });
    expect(await billsOf(server, tenantA, "payment_item_id = $2", [item])).toEqual([]);

    await server.close();
    worker = await startServer(started.storage);
    const done = await waitTask(worker, await worker.login("admin"), taskId);
    expect(done.state).toBe("completed");
    expect((await billsOf(worker, tenantA, "payment_item_id = $2", [item])).map((b) => b.amount_due)).toEqual([5000, 6000]);
  });
});
