// Route pages load as their own chunks (the login page stays light). spec §9: a chunk that has not
// arrived after 120 s counts as failed, and the page's error boundary offers a reload.
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { constants } from "../../../generated/constants.ts";

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super("页面加载超时");
    this.name = "ChunkLoadTimeoutError";
  }
}

/** Resolves with the module, or rejects after timeoutMs. */
export function withTimeout<T>(loading: Promise<T>, timeoutMs: number = constants.chunkLoadTimeoutMs): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), timeoutMs);
  });
  return Promise.race([loading, timeout]).finally(() => clearTimeout(timer));
}

/** A lazily loaded page that can start loading before it renders. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React's own lazy() takes
export type LazyPage<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  /** Starts loading the page's chunk (once; the render then waits on the same load). A failure shows when the page renders. */
  preload(): void;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React's own lazy() takes
export function lazyPage<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>): LazyPage<T> {
  let loading: Promise<{ default: T }> | undefined;
  const load = () => (loading ??= withTimeout(factory()));
  return Object.assign(lazy(load), {
    preload: () => void load().catch(() => undefined), // the page's render reports it
  });
}
