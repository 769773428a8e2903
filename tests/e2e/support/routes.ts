// How the browser suites visit the routes of generated/routes.ts: a route's concrete path (its params
// filled in from the demo data) and what a working or broken screen shows.
import type { RouteDef } from "../../../generated/model-types.ts";
import { resources } from "../../../generated/resources.ts";

/** What a working screen shows: a table, a form, a board, cards or descriptions. */
export const CONTENT = ".ant-table, form, [data-testid=board], .ant-card, .ant-descriptions";
/** What a broken one shows (antd's Result inside the shell, or the app's own bare error page). */
export const BROKEN = ".ant-result-403, .ant-result-404, .ant-result-500, .ant-result-error, [data-testid=error-page]";

/**
 * A path with its params filled in: :type → 1 (the patrol Iframe variants); :id → the first row of
 * the resource the page shows (a page keyed "receipt" shows a row of "receipts", one keyed
 * "shareAllocationPrint" prints a row of "shareAllocations"), read with the
 * signed-in user's session: its signature and its cookie (the server needs both).
 */
export async function concretePath(route: RouteDef, baseUrl: string, signature: string, cookie: string): Promise<string> {
  let path = route.path.replace(/:type\b/g, "1");
  if (path.includes(":id")) {
    const def = resources.find((r) => r.name === route.resource || r.name === `${route.page}s` || r.name === `${route.page?.replace(/Print$/, "")}s`);
    let id = "1";
    if (def) {
      const res = await fetch(`${baseUrl}/api/${def.service}/${def.name}/actions/pageList`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", signature, cookie },
        body: JSON.stringify({ pageNo: 1, pageSize: 1 }),
      });
      id = String((await res.json()).data?.list?.[0]?.id ?? id);
    }
    path = path.replace(/:id\b/g, id);
  }
  return path;
}
