// Once the user is known, checks the current community against the tenant's communities (all areas,
// the fallback area 1): kept when still there, else the user's last one, else the first; none at all
// → cleared and named 暂无 + scene name (spec §4, §8).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { constants } from "../../../generated/constants.ts";
import { getCurrentCommunity, setCurrentCommunity } from "../state/community.ts";
import { queries } from "../http/query-client.ts";
import { resolveCurrentCommunity, toCommunity, type Community } from "./picker-state.ts";
import type { CurrentUser } from "./user-state.ts";

export function communitiesOf(rows: readonly Parameters<typeof toCommunity>[0][] | null | undefined): Community[] {
  return (rows ?? []).map(toCommunity).filter((c): c is Community => c !== null);
}

export function useCommunityBootstrap(user: CurrentUser): void {
  const client = useQueryClient();
  useEffect(() => {
    let live = true;
    // Fetched again for each user (the key CommunitySelect and the picker read too).
    client.fetchQuery(queries.listCommunities.queryOptions({ query: { areaId: constants.fallbackAreaId } })).then(
      (rows) => {
        if (!live) return;
        const fromUser = user.communityId != null ? { communityId: user.communityId, communityName: user.communityName ?? "" } : null;
        setCurrentCommunity(resolveCurrentCommunity(communitiesOf(rows), [getCurrentCommunity(), fromUser], user.sceneName));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [user, client]);
}
