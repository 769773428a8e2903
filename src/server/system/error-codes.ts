// GET /api/basic/language/errorcode (serviceType=hbl) -> {"<code>": "<中文>"}: the error-code table the
// web app maps codes to messages with (spec §7, §8). Public: it is needed to word a 401.
import type { FastifyInstance } from "fastify";
import { errorCodes } from "../../../generated/errors.ts";
import { route } from "../platform/http/operation.ts";
import { operations } from "../../../generated/operations.ts";

export const errorCodeTable: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries(Object.values(errorCodes).map((e) => [String(e.code), e.message])));

export async function errorCodesModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getErrorCodeTable, async () => errorCodeTable);
}
