// Step-by-step tours (spec §2, §4): a tour has a step index and next, previous, finish and quit. A
// step may navigate to a path and may fire an event and wait for another before it shows; the tour
// ends when a step's target is missing. The popup is 256 px wide (constants.tourPopupWidth).

export interface TourStepDef {
  /** CSS selector of the element the step points at. */
  target: string;
  title: string;
  description: string;
  /** Hash path to open before the step shows (with its query). */
  path?: string;
  /** An event to fire before the step shows, and the event to wait for after it (optional). */
  fire?: { event: string; detail?: unknown; waitFor?: string; timeoutMs?: number };
  placement?: "top" | "bottom" | "left" | "right" | "topLeft" | "topRight" | "bottomLeft" | "bottomRight" | "leftTop" | "rightTop";
}

export interface TourDef {
  id: string;
  title: string;
  steps: TourStepDef[];
}

export type TourState =
  | { status: "idle" }
  /** Getting step `index` ready (navigating, waiting for its event and target). */
  | { status: "preparing"; tourId: string; index: number; total: number }
  | { status: "showing"; tourId: string; index: number; total: number }
  | { status: "ended"; tourId: string; reason: "finished" | "quit" | "targetMissing"; index: number };

export type TourAction = { type: "start"; tourId: string; total: number } | { type: "ready" } | { type: "next" } | { type: "prev" } | { type: "finish" } | { type: "quit" } | { type: "targetMissing" };

export const idleTour: TourState = { status: "idle" };

export function tourReducer(state: TourState, action: TourAction): TourState {
  switch (action.type) {
    case "start":
      return action.total > 0 ? { status: "preparing", tourId: action.tourId, index: 0, total: action.total } : state;
    case "ready":
      return state.status === "preparing" ? { ...state, status: "showing" } : state;
    case "next":
      if (state.status !== "showing") return state;
      if (state.index + 1 >= state.total) return { status: "ended", tourId: state.tourId, reason: "finished", index: state.index };
      return { ...state, status: "preparing", index: state.index + 1 };
    case "prev":
      if (state.status !== "showing" || state.index === 0) return state;
      return { ...state, status: "preparing", index: state.index - 1 };
    case "finish":
      return state.status === "showing" ? { status: "ended", tourId: state.tourId, reason: "finished", index: state.index } : state;
    case "quit":
      return state.status === "showing" || state.status === "preparing" ? { status: "ended", tourId: state.tourId, reason: "quit", index: state.index } : state;
    case "targetMissing":
      return state.status === "preparing" ? { status: "ended", tourId: state.tourId, reason: "targetMissing", index: state.index } : state;
  }
}

export const isLastStep = (state: TourState): boolean => state.status === "showing" && state.index === state.total - 1;

export interface Waiting {
  /** Default 3000 ms. */
  timeoutMs?: number;
  /** Default 100 ms. */
  intervalMs?: number;
  signal?: AbortSignal;
}

/** Polls `find` until it returns an element or the time is up (null: the target is missing). */
export function waitForTarget<T>(find: () => T | null, options: Waiting = {}): Promise<T | null> {
  const timeoutMs = options.timeoutMs ?? 3000;
  const intervalMs = options.intervalMs ?? 100;
  return new Promise((resolve) => {
    const first = find();
    if (first) return resolve(first);
    const started = Date.now();
    const timer = setInterval(() => {
      if (options.signal?.aborted) {
        clearInterval(timer);
        return resolve(null);
      }
      const found = find();
      if (found || Date.now() - started >= timeoutMs) {
        clearInterval(timer);
        resolve(found ?? null);
      }
    }, intervalMs);
  });
}

/** Resolves true when `name` is dispatched on `target`, false after timeoutMs (default 3000 ms). */
export function waitForEvent(target: Pick<EventTarget, "addEventListener" | "removeEventListener">, name: string, timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      target.removeEventListener(name, onEvent);
      resolve(value);
    };
    const onEvent = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    target.addEventListener(name, onEvent);
  });
}

/** The step's path differs from where the app is (compared with the query). */
export const needsNavigation = (step: TourStepDef, currentPathWithQuery: string): boolean => !!step.path && step.path !== currentPathWithQuery;
