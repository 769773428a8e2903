// Province / city / district queries (spec §7; docs/api.md), over the built-in table of
// province-city-data.ts:
//   GET {community}/provinceCity/cityQuery (parentCode?)  -> [{code, name}]
//   GET /api/basic/queryProvinceCity (parentCode?)          -> [{code, name}]
// Without parentCode: the provinces; with a province code: its cities; with a city code: its
// districts (where the table has them); an unknown code: []. Any signed-in user.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ok } from "../http/envelope.ts";
import { divisionsUnder } from "./province-city-data.ts";
import { queryOf, textOf } from "../http/request-input.ts";

export async function provinceCityModule(app: FastifyInstance): Promise<void> {
  const handler = async (request: FastifyRequest) => {
    const query = queryOf(request);
    const parentCode = textOf(query.parentCode ?? query.provinceCode ?? query.cityCode, 12);
    return ok(divisionsUnder(parentCode || null));
  };
  app.get("/api/community/provinceCity/cityQuery", handler);
  app.get("/api/basic/queryProvinceCity", handler);
}
