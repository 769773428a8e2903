// One call's data for a fee page: {data, loading, reload}; the wrapper shows errors.
import { useCallback, useEffect, useRef, useState } from "react";

export function useLoad<T>(load: (() => Promise<T>) | null, deps: readonly unknown[]) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    const run = latest.current;
    if (!run) {
      setData(undefined);
      return;
    }
    let live = true;
    setLoading(true);
    run()
      .then((v) => live && setData(v))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, loading, reload, setData };
}
