import { StringDecoder } from "node:string_decoder";

/**
 * The lines of a byte stream, a batch per chunk read (never the whole stream in memory): UTF-8
 * decoded across chunk boundaries, `\r\n` and `\n` both ending a line. Batches keep the per-line
 * cost of reading a 160-million-line zone to an array index rather than an await.
 */
export async function* lineBatches(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string[]> {
  const decoder = new StringDecoder("utf8");
  let rest = "";
  for await (const chunk of chunks) {
    const text = rest + (typeof chunk === "string" ? chunk : decoder.write(chunk));
    const lines = text.split("\n");
    rest = lines.pop()!;
    if (lines.length) yield lines.map(stripCr);
  }
  const last = rest + decoder.end();
  if (last) yield [stripCr(last)];
}

function stripCr(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}

/**
 * A line of its own: a line cut from a chunk keeps the whole chunk's text alive (V8 slices share
 * their parent string), so a name kept beyond its batch (an added name waiting for its batch to
 * fill, a matcher's cache key) would hold a chunk per name. Copied through bytes, which V8 cannot
 * share.
 */
export function ownCopy(line: string): string {
  return Buffer.from(line, "utf8").toString("utf8");
}
