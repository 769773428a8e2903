// A live clock in China time (the platform's one clock, src/common/china-time.ts), whatever zone the
// browser is in: the camera overlay's timestamp and the health-code page's time.
import type { Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { chinaNow } from "./china-today.ts";

/** China's wall-clock time, moving on every second while the component is shown. */
export function useChinaClock(): Dayjs {
  const [now, setNow] = useState(chinaNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(chinaNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
