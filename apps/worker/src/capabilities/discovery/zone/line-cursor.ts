import { createReadStream } from "node:fs";
import { lineBatches } from "./line-batches.ts";

/**
 * Reads a sorted names file one line at a time for a merge: `value` is the current line
 * (undefined at the end). `step()` returns a promise only when a new batch must be read, so a
 * merge of millions of lines awaits once per batch, not once per line.
 */
export class LineCursor {
  value: string | undefined;
  private batch: string[] = [];
  private i = 0;
  private readonly it: AsyncIterator<string[]>;

  constructor(batches: AsyncIterable<string[]>) {
    this.it = batches[Symbol.asyncIterator]();
  }

  static ofFile(file: string): LineCursor {
    return new LineCursor(lineBatches(createReadStream(file, { highWaterMark: 1 << 18 })));
  }

  step(): Promise<void> | undefined {
    if (this.take()) return undefined;
    return this.refill();
  }

  /** The next non-empty line of the current batch, if it has one. */
  private take(): boolean {
    while (this.i < this.batch.length) {
      const v = this.batch[this.i++]!;
      if (v) {
        this.value = v;
        return true;
      }
    }
    return false;
  }

  private async refill(): Promise<void> {
    for (;;) {
      const r = await this.it.next();
      if (r.done) {
        this.value = undefined;
        return;
      }
      this.batch = r.value;
      this.i = 0;
      if (this.take()) return;
    }
  }

  async close(): Promise<void> {
    await this.it.return?.();
  }
}
