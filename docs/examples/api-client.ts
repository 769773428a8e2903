// A machine's client of the platform, typed from the API document (docs/api.md "An example client"):
//   npx openapi-typescript https://<server>/api/openapi.json -o api-schema.d.ts
// then openapi-fetch calls each operation by its path, with the body and answer the document states,
// under `tsc --strict` and without a cast. The token is an 应用令牌 (系统管理 → 应用令牌).
import createClient from "openapi-fetch";
import type { paths } from "./api-schema";

/** Each community the token may see, with how many of its bills wait to be paid. */
export async function billsToPay(baseUrl: string, token: string): Promise<string[]> {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
  const communities = await api.POST("/api/system/communities/actions/pageList", { body: { pageNo: 1, pageSize: 20 } });
  if (communities.error) throw new Error(communities.error.message);
  const lines: string[] = [];
  for (const community of communities.data.data.list) {
    const bills = await api.POST("/api/property/bills/actions/pageList", {
      body: { pageNo: 1, pageSize: 1, communityId: community.id, status: 2 },
    });
    if (bills.error) throw new Error(bills.error.message);
    lines.push(`${community.name}：${bills.data.data.total} 张待缴账单`);
  }
  return lines;
}
