// Dunning notices (催缴通知), schemas/operations/payment.yaml: generating them as a background task
// (progress in the task centre and here), the default template, publishing later, one notice's print view. The list,
// history per room (roomId filter) and the Excel export are the generic resource's.
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/http/operation.ts";
import { operations } from "../../../../generated/operations.ts";
import { present } from "../../platform/http/request-input.ts";
import { findTask } from "../../platform/tasks/store.ts";
import { chosenCommunity, notFound } from "../common.ts";
import { publishLater } from "../dunning-publish.ts";
import { DEFAULT_TEMPLATE, DEFAULT_TITLE, DUNNING_TASK, dunningNoticeView, dunningNoticeViews, startDunning } from "../dunning.ts";

export async function dunningRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.generateDunningNotices, async ({ body, session, request, community }) => {
    // The community the operation's scope checked (another tenant's 404, outside a limited user's scope 403); none given 400.
    const communityId = chosenCommunity(community);
    return app.db.transaction((tx) => startDunning(tx, session, request.ip, communityId, body));
  });
  route(app, operations.getDunningTemplate, async () => ({ title: DEFAULT_TITLE, template: DEFAULT_TEMPLATE }));
  route(app, operations.getDunningTask, async ({ query, session }) => {
    const task = await findTask(app.db, session.tenantId, present(query.id));
    // A user limited to some communities follows only its own runs (they cover only its communities).
    if (!task || task.type !== DUNNING_TASK || (session.communityIds !== null && task.userId !== session.userId)) throw notFound();
    return { id: task.id, state: task.state, done: task.done, total: task.total, result: task.result, error: task.error };
  });
  route(app, operations.publishDunningNotices, async ({ body, session, request }) => app.db.transaction((tx) => publishLater(tx, session, request.ip, body.ids)));
  route(app, operations.printDunningNotice, async ({ params, session }) => dunningNoticeView(app.db, session, params.id));
  route(app, operations.printDunningNotices, async ({ body, session }) => ({ list: await dunningNoticeViews(app.db, session, body.ids) }));
}
