// One read of the server for a page: loading, its data, or the refusal's message; reload() asks again.
// `load` must be stable (useCallback): a new one is a new read. A call refused with 401 (the session
// ended, or none yet) sends the resident to 登录.
import { useEffect, useState } from "react";
import { H5Error } from "./http.ts";
import { navigate } from "./router.ts";

export interface Loaded<T> {
  /** The last answer (kept while a reload runs). */
  data: T | undefined;
  /** The server's message when the last read was refused. */
  error: string | undefined;
  loading: boolean;
  reload: () => void;
}

export function useLoad<T>(load: () => Promise<T>): Loaded<T> {
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<{ load: () => Promise<T>; round: number; data?: T; error?: string }>();
  useEffect(() => {
    let current = true;
    load().then(
      (data) => {
        if (current) setResult({ load, round, data });
      },
      (err: unknown) => {
        if (!current) return;
        if (err instanceof H5Error && err.status === 401) return navigate("login", true);
        setResult({ load, round, error: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      current = false;
    };
  }, [load, round]);
  const loading = result?.load !== load || result.round !== round;
  return { data: result?.data, error: loading ? undefined : result?.error, loading, reload: () => setRound((r) => r + 1) };
}
