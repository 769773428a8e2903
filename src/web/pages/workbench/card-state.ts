// A workbench card's data: loading, ready or failed (spec §8: 数据加载失败，请刷新重试 with a 刷新
// link that loads it again). Each card reads on its own through react-query, so one failing card
// leaves the others.
import { useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";

export type CardData<T> = { status: "loading" } | { status: "ready"; data: T } | { status: "failed" };

export type CardState<T> = CardData<T> & { reload: () => void };

/** A react-query answer as a card's state (刷新 fetches it again). */
export function cardState<T>(q: { data: T | undefined; isError: boolean; refetch: () => Promise<unknown> }): CardState<T> {
  const reload = () => void q.refetch();
  if (q.isError) return { status: "failed", reload };
  if (q.data === undefined) return { status: "loading", reload };
  return { status: "ready", data: q.data, reload };
}

/** A card's read (disabled: a card part the user may not see, never fetched). */
export function useCardQuery<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>, enabled = true): CardState<T> {
  return cardState(useQuery({ ...options, enabled }));
}
