import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { LineCursor } from "./line-cursor.ts";

/**
 * An external sort: names in any order and with repeats become one sorted, de-duplicated names
 * file, in bounded memory. Names are sorted in chunks of `chunkNames` (in memory, then written to
 * a temporary file each), and the chunks are merged k ways into the output. Order is the plain
 * code-unit order of JavaScript strings, which for A-label names (ASCII) is byte order, the same
 * as `LC_ALL=C sort`.
 *
 * Why not spawn GNU sort: a child process per zone adds a dependency on the host's coreutils and
 * its flags; the chunk sort in this process measured within the zone benchmark's goal (bench/zones.ts)
 * and keeps the whole read on one core.
 */

export const DEFAULT_CHUNK_NAMES = 500_000;

/** Writes lines with back-pressure, a buffer of about 1 MB at a time. */
export class LineWriter {
  private buf: string[] = [];
  private size = 0;
  private readonly out: WriteStream;

  constructor(file: string) {
    this.out = createWriteStream(file);
  }

  /** A promise only when the buffer was flushed (await it: back-pressure). */
  write(line: string): Promise<void> | undefined {
    this.buf.push(line);
    this.size += line.length + 1;
    return this.size >= 1 << 20 ? this.flush() : undefined;
  }

  private async flush(): Promise<void> {
    if (!this.buf.length) return;
    const text = this.buf.join("\n") + "\n";
    this.buf = [];
    this.size = 0;
    if (!this.out.write(text)) await once(this.out, "drain");
  }

  async close(): Promise<void> {
    await this.flush();
    this.out.end();
    await once(this.out, "finish");
  }

  destroy(): void {
    this.out.destroy();
  }
}

/** Sorts and de-duplicates `names` into `outFile`; returns how many distinct names it holds. */
export async function sortNamesToFile(
  names: AsyncIterable<string[]>,
  outFile: string,
  opts: { tmpDir: string; chunkNames?: number },
): Promise<number> {
  const chunkNames = opts.chunkNames ?? DEFAULT_CHUNK_NAMES;
  const work = path.join(opts.tmpDir, `sort-${process.pid}-${randomBytes(4).toString("hex")}`);
  await mkdir(work, { recursive: true });
  const chunks: string[] = [];
  try {
    let chunk: string[] = [];
    const spill = async () => {
      const file = path.join(work, `chunk-${chunks.length}`);
      await writeSorted(chunk, file);
      chunks.push(file);
      chunk = [];
    };
    for await (const batch of names) {
      for (const name of batch) chunk.push(name);
      if (chunk.length >= chunkNames) await spill();
    }
    // One chunk: written straight to the output, no merge.
    if (!chunks.length) return await writeSorted(chunk, outFile);
    if (chunk.length) await spill();
    return await mergeFiles(chunks, outFile);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function writeSorted(names: string[], file: string): Promise<number> {
  names.sort();
  const w = new LineWriter(file);
  let count = 0;
  let last: string | undefined;
  try {
    for (const n of names) {
      if (n === last) continue;
      last = n;
      count++;
      const p = w.write(n);
      if (p) await p;
    }
    await w.close();
  } catch (err) {
    w.destroy();
    throw err;
  }
  return count;
}

/** k-way merge of sorted files into one, repeats dropped. */
async function mergeFiles(files: string[], outFile: string): Promise<number> {
  const cursors = files.map((f) => LineCursor.ofFile(f));
  const w = new LineWriter(outFile);
  let count = 0;
  try {
    await Promise.all(cursors.map((c) => c.step()));
    const heap = new CursorHeap(cursors.filter((c) => c.value !== undefined));
    let last: string | undefined;
    while (heap.size) {
      const top = heap.peek();
      const v = top.value!;
      if (v !== last) {
        last = v;
        count++;
        const written = w.write(v);
        if (written) await written;
      }
      const p = top.step();
      if (p) await p;
      if (top.value === undefined) heap.pop();
      else heap.siftDown(0);
    }
    await w.close();
  } catch (err) {
    w.destroy();
    throw err;
  } finally {
    await Promise.all(cursors.map((c) => c.close()));
  }
  return count;
}

/** A min-heap of cursors by their current line. */
class CursorHeap {
  constructor(private readonly items: LineCursor[]) {
    for (let i = (items.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }
  get size(): number {
    return this.items.length;
  }
  peek(): LineCursor {
    return this.items[0]!;
  }
  pop(): void {
    const last = this.items.pop()!;
    if (this.items.length) {
      this.items[0] = last;
      this.siftDown(0);
    }
  }
  siftDown(i: number): void {
    const a = this.items;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < a.length && a[l]!.value! < a[m]!.value!) m = l;
      if (r < a.length && a[r]!.value! < a[m]!.value!) m = r;
      if (m === i) return;
      [a[i], a[m]] = [a[m]!, a[i]!];
      i = m;
    }
  }
}
