// POST /api/auth/homepage/actions/getTicket?type= -> {ticket}: one-time, 5 minutes, stored hashed.
// Another application (the system-menu apps of spec §2) exchanges it once with consumeTicket().
import type { FastifyInstance } from "fastify";
import { route } from "../platform/http/operation.ts";
import { operations } from "../../../generated/operations.ts";
import { issueTicket } from "./tickets.ts";

export async function ticketRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.getTicket, async ({ query, session }) => ({ ticket: await issueTicket(app.db, session, query.type ?? "") }));
}
