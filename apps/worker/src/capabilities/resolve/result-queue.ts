/**
 * Results handed from the resolving workers (or DNS threads) to one reader, in completion order.
 * The reader sleeps while none is ready; a long run does not keep the results it has read. Used by
 * resolveMany and by the CLI's name feeds, which differ only in when they stop.
 */
export class ResultQueue<T> {
  private items: T[] = [];
  private head = 0;
  private wake: (() => void) | null = null;

  push(item: T): void {
    this.items.push(item);
    this.poke();
  }

  /** Wakes the reader to look at its stop conditions again (an end, a failure, an abort). */
  poke(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  /**
   * Yields the results as they come. `check` runs before each one and before waiting: it throws to
   * stop the reader at once. Once none is ready, `finished` says whether the reader is done (it may
   * throw too: an error that waits until the results ready before it have been read).
   */
  async *drain(check: () => void, finished: () => boolean): AsyncGenerator<T, void> {
    for (;;) {
      while (this.head < this.items.length) {
        check();
        const item = this.items[this.head]!;
        this.items[this.head++] = undefined as unknown as T; // let it go
        if (this.head > 4096 && this.head * 2 > this.items.length) {
          this.items.splice(0, this.head);
          this.head = 0;
        }
        yield item;
      }
      check();
      if (finished()) return;
      await new Promise<void>((r) => (this.wake = r));
    }
  }
}
