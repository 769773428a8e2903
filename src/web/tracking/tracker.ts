// The click-tracking queue (spec §3 click tracking record, §7 Tracking, §9): records wait in a queue
// and go out every 30 s (trackingFlushIntervalMs), or at once when 50 (trackingFlushSize) are
// queued. A 401 answer stops the timer for good (the session is over); any other failure puts the
// records back for the next round (the queue keeps at most maxQueue, dropping the oldest).
import { constants } from "../../../generated/constants.ts";

/** spec §3: lc (tracking code), ety (event type), rt (the route), et (time, ms), biz (business data). */
export interface ClickRecord {
  lc: string;
  ety: string;
  rt: string;
  et: number;
  biz?: unknown;
}

export interface TrackerOptions {
  send: (records: ClickRecord[]) => Promise<unknown>;
  /** Whether a failure was a 401 (the timer then stops). */
  isUnauthorized: (error: unknown) => boolean;
  intervalMs?: number;
  batchSize?: number;
  maxQueue?: number;
}

export interface Tracker {
  start(): void;
  track(record: ClickRecord): void;
  /** Sends what is queued (at most one batch at a time). */
  flush(): Promise<void>;
  /** Stops the timer; queued records are dropped. */
  stop(): void;
  readonly queued: number;
  readonly running: boolean;
  readonly stopped: boolean;
}

export function createTracker(options: TrackerOptions): Tracker {
  const intervalMs = options.intervalMs ?? constants.trackingFlushIntervalMs;
  const batchSize = options.batchSize ?? constants.trackingFlushSize;
  const maxQueue = options.maxQueue ?? batchSize * 10;
  let queue: ClickRecord[] = [];
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopped = false;
  let sending: Promise<void> | null = null;

  const stop = () => {
    stopped = true;
    if (timer !== null) clearInterval(timer);
    timer = null;
    queue = [];
  };

  const sendBatch = async (): Promise<void> => {
    const batch = queue.splice(0, batchSize);
    try {
      await options.send(batch);
    } catch (error) {
      if (options.isUnauthorized(error)) {
        stop();
        return;
      }
      queue = [...batch, ...queue].slice(-maxQueue);
      return;
    }
    // More than a batch arrived meanwhile: send the next one now.
    if (!stopped && queue.length >= batchSize) await sendBatch();
  };

  const flush = (): Promise<void> => {
    if (stopped || sending || queue.length === 0) return sending ?? Promise.resolve();
    sending = sendBatch().finally(() => {
      sending = null;
    });
    return sending;
  };

  return {
    start() {
      if (stopped || timer !== null) return;
      timer = setInterval(() => void flush(), intervalMs);
    },
    track(record) {
      if (stopped) return;
      queue.push(record);
      if (queue.length > maxQueue) queue = queue.slice(-maxQueue);
      if (queue.length >= batchSize) void flush();
    },
    flush,
    stop,
    get queued() {
      return queue.length;
    },
    get running() {
      return timer !== null;
    },
    get stopped() {
      return stopped;
    },
  };
}
