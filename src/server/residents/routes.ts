// The residents' app's operations (schemas/operations/residents.yaml, docs/residents.md): sign-in by
// phone and SMS code, the resident's rooms, bills and notices (reads.ts), the binding request
// (bindings.ts) with its room picker (binding-rooms.ts), and the staff's read of the built-in SMS outbox.
import type { FastifyInstance } from "fastify";
import { route } from "../platform/http/operation.ts";
import { operations } from "../../../generated/operations.ts";
import { registerResourceHooks } from "../crud/hooks.ts";
import { clearResidentCookie, deleteResidentSession, setResidentCookie } from "../platform/session/resident-session.ts";
import { sendSignInCode, useSignInCode } from "./codes.ts";
import { smsProviderOf } from "./sms.ts";
import { refuseDisabledAccount } from "./accounts.ts";
import { requestBinding, settleBindingRequest } from "./bindings.ts";
import { latestOutbox, myBills, myNotices, myRooms, signInResident } from "./reads.ts";
import { bindingCommunities, bindingRooms } from "./binding-rooms.ts";
import { myMeters, sendMyReading } from "./meters.ts";

export async function residentAuthRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.sendSmsCode, async ({ body, request }) => {
    await sendSignInCode(app.db, smsProviderOf(app), { tenantId: body.tenantId, phone: body.phone, ip: request.ip });
    return null;
  });

  route(app, operations.residentLogin, async ({ body, request, reply }) => {
    await useSignInCode(app.db, { tenantId: body.tenantId, phone: body.phone, code: body.code, ip: request.ip });
    await refuseDisabledAccount(app.db, body.tenantId, body.phone);
    const { token, answer } = await signInResident(app.db, { tenantId: body.tenantId, phone: body.phone, ip: request.ip, userAgent: request.headers["user-agent"] });
    setResidentCookie(request, reply, token);
    return answer;
  });

  route(app, operations.residentLogout, async ({ request, reply }) => {
    await deleteResidentSession(app.db, request);
    clearResidentCookie(request, reply);
    return null;
  });
}

export async function residentRoutes(app: FastifyInstance): Promise<void> {
  // 入住审核: approving an order a resident filed binds the room; rejecting it rejects the request.
  registerResourceHooks("roomAuditOrders", {
    afterAction: {
      approve: ({ tx, session, id }) => settleBindingRequest(tx, session.tenantId, id, true),
      reject: ({ tx, session, id }) => settleBindingRequest(tx, session.tenantId, id, false),
    },
  });

  route(app, operations.requestRoomBinding, async ({ body, resident }) =>
    app.db.transaction((tx) => requestBinding(tx, resident, { name: body.name, roomId: body.roomId, identity: body.identity ?? 1 })),
  );
  route(app, operations.listBindingCommunities, async ({ resident }) => bindingCommunities(app.db, resident));
  route(app, operations.searchBindingRooms, async ({ query, resident }) => bindingRooms(app.db, resident, query.communityId, query.keyword));
  route(app, operations.listMyRooms, async ({ resident }) => myRooms(app.db, resident));
  route(app, operations.listMyBills, async ({ params, resident }) => myBills(app.db, resident, params.roomId));
  route(app, operations.listMyNotices, async ({ resident }) => myNotices(app.db, resident));
  route(app, operations.listMyMeters, async ({ params, resident }) => myMeters(app.db, resident, params.roomId));
  route(app, operations.sendMyMeterReading, async ({ params, body, resident }) => app.db.transaction((tx) => sendMyReading(tx, resident, params.roomId, params.meterId, body.currentReading)));
  route(app, operations.listSmsOutbox, async ({ query, session }) => latestOutbox(app.db, session.tenantId, query.phone));
}
