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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => withTimeout(factory()));
}
