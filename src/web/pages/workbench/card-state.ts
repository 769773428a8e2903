// A workbench card's data: loading, ready or failed (spec §8: 数据加载失败，请刷新重试 with a 刷新
// link that loads it again). Each card loads on its own, so one failing card leaves the others.
import { useCallback, useEffect, useState } from "react";

export type CardData<T> = { status: "loading" } | { status: "ready"; data: T } | { status: "failed" };

/** Runs a load and reports its outcome as CardData (a late answer of a superseded load is dropped). */
export async function loadCard<T>(load: () => Promise<T>, isCurrent: () => boolean, report: (state: CardData<T>) => void): Promise<void> {
  report({ status: "loading" });
  try {
    const data = await load();
    if (isCurrent()) report({ status: "ready", data });
  } catch {
    if (isCurrent()) report({ status: "failed" });
  }
}

export function useCardData<T>(load: (() => Promise<T>) | null, deps: readonly unknown[]): CardData<T> & { reload: () => void } {
  const [state, setState] = useState<CardData<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!load) return;
    let current = true;
    void loadCard(load, () => current, setState);
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
