// A FIFO async mutex. PGlite is one connection: a transaction must own it from BEGIN to COMMIT, or a
// concurrent request's statements would run inside (and roll back with) someone else's transaction.

export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  async run<T>(fn: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => next);
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
