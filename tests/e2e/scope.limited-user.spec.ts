// Community scope in the browser: a user limited to one community (made by the main account through
// the API) sees only that community in the header's picker, works in a list of it, and a detail URL
// of another community's resident answers 数据不存在或已被删除; no page error on the way.
import { beforeAll, describe, expect, test } from "vitest";
import { DEMO_PASSWORD } from "./support/server.ts";
import { useJourney } from "./support/journey.ts";

const journey = useJourney({ user: null });

/** The main account's API session from Node: cookie and signature, as the web app sends them. */
async function adminApi(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ username: "admin", password: DEMO_PASSWORD }),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const { data } = (await login.json()) as { data: { signature: string } };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", cookie, signature: data.signature },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await r.json()) as { data: T; message: string };
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${answer.message}`);
    return answer.data;
  };
}

describe("a user limited to one community", () => {
  let allowed: { communityId: number; communityName: string };
  let others: { communityId: number; communityName: string }[];
  let otherResident: number;

  beforeAll(async () => {
    const api = await adminApi(journey.product.baseUrl);
    const communities = await api<{ communityId: number; communityName: string }[]>("GET", "/api/system/communities?areaId=1");
    [allowed, ...others] = communities;
    const me = await api<{ authorities: { code: string }[] }>("GET", "/api/system/homepage/user");
    const role = await api<{ id: number }>("POST", "/api/system/characters", { name: "单社区物业员", authorities: me.authorities.map((a) => a.code) });
    await api("POST", "/api/system/users", { username: "scopede2e", password: DEMO_PASSWORD, roleId: role.id, communityIds: [allowed.communityId] });
    const page = await api<{ list: { id: number }[] }>("POST", "/api/system/inhabitants/actions/pageList", { pageNo: 1, pageSize: 1, communityId: others[0].communityId });
    otherResident = page.list[0].id;
  });

  test("picks only its community, lists its residents, and cannot open another community's", async () => {
    const page = await journey.openPage("scopede2e");
    const trigger = page.getByTestId("community-picker-trigger");
    await expect.poll(() => trigger.textContent()).toContain(allowed.communityName);
    await trigger.click();
    const picker = page.getByTestId("community-picker");
    await picker.getByRole("option", { name: allowed.communityName }).waitFor();
    for (const other of others) expect(await picker.getByRole("option", { name: other.communityName, exact: true }).count()).toBe(0);
    await picker.getByRole("button", { name: /取\s*消/ }).click();

    await page.goto(journey.url("/community/people"));
    await page.getByRole("table").locator("tbody tr.ant-table-row").first().waitFor();

    await page.goto(journey.url(`/community/people/show/${otherResident}`));
    // The page shows the 404 result (the request wrapper may also toast the same message).
    await page.getByTestId("shell-page").locator(".ant-result-title", { hasText: "数据不存在或已被删除" }).waitFor();
    expect(journey.pageErrors).toEqual([]);
  });
});
