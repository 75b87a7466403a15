// A one-reader queue of events: a producer pushes as work happens (from
// callbacks too), the async generator reading it yields them in order and
// ends when the producer closes it.
export class Channel<T> {
  #items: T[] = [];
  #closed = false;
  #wake: (() => void) | undefined;

  push(item: T): void {
    this.#items.push(item);
    this.#notify();
  }

  close(): void {
    this.#closed = true;
    this.#notify();
  }

  #notify(): void {
    this.#wake?.();
    this.#wake = undefined;
  }

  async *drain(): AsyncGenerator<T> {
    for (;;) {
      if (this.#items.length > 0) {
        yield this.#items.shift()!;
        continue;
      }
      if (this.#closed) return;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        if (this.#closed || this.#items.length > 0) resolve();
      });
    }
  }
}
