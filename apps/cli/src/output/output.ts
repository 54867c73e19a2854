import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { UsageError } from "../usage-error.ts";

// Where results go: stdout, or the file of `-o/--output`. Writes wait when the reader is slow
// (backpressure), so results can be streamed without piling up in memory.

export interface Output {
  /** True for a terminal (colours, tables). */
  isTTY: boolean;
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

function wrap(stream: NodeJS.WritableStream & { isTTY?: boolean }, owned: boolean): Output {
  return {
    isTTY: Boolean(stream.isTTY),
    async write(text) {
      if (!stream.write(text)) await once(stream, "drain");
    },
    async close() {
      if (owned) {
        await new Promise<void>((resolve, reject) => (stream as WriteStream).end((err?: Error | null) => (err ? reject(err) : resolve()))); // prettier-ignore
      } else {
        await new Promise<void>((resolve) => stream.write("", () => resolve()));
      }
    },
  };
}

/** Opens `file` for writing (a bad path is a usage error, reported before any work), or stdout. */
export async function openOutput(file: string | undefined): Promise<Output> {
  if (file === undefined) return wrap(process.stdout, false);
  const stream = createWriteStream(file);
  try {
    await once(stream, "open");
  } catch (err) {
    throw new UsageError(`cannot write ${file}: ${(err as NodeJS.ErrnoException).code ?? err}`);
  }
  return wrap(stream, true);
}
