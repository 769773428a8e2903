// Browser storages, with an in-memory stand-in where there is none (unit tests run in Node, and a
// browser in private mode may refuse storage): callers never have to guard against a missing one.

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.has(key) ? (this.items.get(key) as string) : null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

const fallbackSession = new MemoryStorage();
const fallbackLocal = new MemoryStorage();

function pick(name: "sessionStorage" | "localStorage", fallback: Storage): Storage {
  try {
    const storage = (globalThis as Record<string, unknown>)[name] as Storage | undefined;
    if (storage && typeof storage.getItem === "function") return storage;
  } catch {
    // Access can throw (storage disabled): use the in-memory one.
  }
  return fallback;
}

/** sessionStorage, resolved on every call so a test can install its own. */
export const session = (): Storage => pick("sessionStorage", fallbackSession);
/** localStorage, resolved on every call. */
export const local = (): Storage => pick("localStorage", fallbackLocal);

export { MemoryStorage };
