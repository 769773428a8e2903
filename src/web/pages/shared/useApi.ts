// Loading one call's data in a hand-written page: {data, loading, error, reload}. The request
// wrapper shows the error message; the page shows its own empty or failed state.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

export interface ApiState<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  reload: () => void;
}

export function useApi<T>(load: (() => Promise<T>) | null, deps: readonly unknown[]): ApiState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(!!load);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(load);
  // The newest loader, kept after each render (not during it) for the effect below.
  useLayoutEffect(() => {
    latest.current = load;
  });

  useEffect(() => {
    const run = latest.current;
    if (!run) {
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    setError(null);
    run()
      .then((value) => live && setData(value))
      .catch((e: unknown) => live && setError(e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, loading, error, reload };
}
