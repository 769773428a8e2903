// A server started without a task worker (AppOptions.taskWorker false; TASK_WORKER=0 in production)
// takes the request and queues the run but makes no bill; a server with a worker on the same
// database then runs it to the end.
import { afterAll, describe, expect, it } from "vitest";
import { backends, startServer, type TestServer } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { billsOf, makeCommunity, ok, paymentItem, PERIOD, priceType, waitTask } from "./support.ts";

describe.each(backends)("bill generation without a task worker (%s)", (backend) => {
  const t = useDemoServer(backend, { taskWorker: false });
  let worker: TestServer | undefined;
  // Registered after useDemoServer's, so it runs first: the worker closes before the storage goes.
  afterAll(async () => worker?.close());

  it("queues the run and leaves it to a server that has a worker", async () => {
    const { tenantA } = t.ids;
    const fx = await makeCommunity(t.server, tenantA, "无任务进程社区", [{ area: "50.00" }, { area: "60.00" }]);
    const item = await paymentItem(t.server, t.admin, fx.communityId, await priceType(t.server, t.admin, fx.communityId, { name: "面积计价", pricingMethod: 1, unitPrice: "1.00" }));
    const { taskId } = await ok(t.server, "POST", "/api/property/bills/actions/generate", t.admin, { period: PERIOD, paymentItemIds: [item] });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await ok(t.server, "GET", `/api/property/bills/actions/generationTask?id=${taskId}`, t.admin)).toMatchObject({ state: "pending" });
    expect(await billsOf(t.server, tenantA, "payment_item_id = $2", [item])).toEqual([]);

    await t.server.close();
    worker = await startServer(t.server.storage);
    const done = await waitTask(worker, await worker.login("admin"), taskId);
    expect(done.state).toBe("completed");
    expect((await billsOf(worker, tenantA, "payment_item_id = $2", [item])).map((b) => b.amount_due)).toEqual([5000, 6000]);
  });
});
