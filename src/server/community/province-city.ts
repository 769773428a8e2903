// Province / city / district queries (spec §7; docs/api.md), over the built-in table of
// province-city-data.ts:
//   GET {community}/provinceCity/cityQuery (parentCode?)  -> [{code, name}]
//   GET /api/basic/queryProvinceCity (parentCode?)          -> [{code, name}]
// Without parentCode: the provinces; with a province code: its cities; with a city code: its
// districts (where the table has them); an unknown code: []. Any signed-in user.
import type { FastifyInstance } from "fastify";
import type { QueryProvinceCityQuery } from "../../../generated/operation-types.ts";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { divisionsUnder } from "./province-city-data.ts";
import { textOf } from "../platform/http/request-input.ts";

const divisionsOf = (query: QueryProvinceCityQuery) => divisionsUnder(textOf(query.parentCode ?? query.provinceCode ?? query.cityCode, 12) || null);

export async function provinceCityModule(app: FastifyInstance): Promise<void> {
  route(app, operations.cityQuery, async ({ query }) => divisionsOf(query));
  route(app, operations.queryProvinceCity, async ({ query }) => divisionsOf(query));
}
