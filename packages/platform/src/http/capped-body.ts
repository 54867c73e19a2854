// The one way a body from outside is read into memory: at most `cap` bytes, whatever the sender
// declares or sends. Works on undici `request` bodies and on fetch's ReadableStream (both are async
// iterables; leaving the loop destroys or cancels the stream, so the rest is never read).

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  readonly code = "EBODYTOOLARGE";
  constructor(readonly cap: number) {
    super(`the answer is larger than ${cap.toLocaleString("en")} bytes`);
  }
}

type Body = AsyncIterable<Uint8Array> & { destroy?: () => void; cancel?: () => Promise<void> };

/**
 * Reads at most `cap` bytes. Over the cap (or a Content-Length over it, before reading): with
 * `truncate` the first `cap` bytes and `truncated: true` (a web page is evidence even when cut),
 * otherwise a `BodyTooLargeError` (a JSON answer or a feed cut short is no answer).
 */
export async function readCapped(
  body: Body | null | undefined,
  cap: number,
  opts: { truncate?: boolean; contentLength?: string | null } = {},
): Promise<{ body: Buffer; truncated: boolean }> {
  if (!body) return { body: Buffer.alloc(0), truncated: false };
  const declared = Number(opts.contentLength ?? NaN);
  if (!opts.truncate && declared > cap) {
    await discard(body);
    throw new BodyTooLargeError(cap);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of body) {
    const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (size + buf.length > cap) {
      chunks.push(buf.subarray(0, cap - size));
      size = cap;
      over = true;
      break; // leaving the loop ends the stream: the rest is never read
    }
    chunks.push(buf);
    size += buf.length;
  }
  if (over) body.destroy?.();
  if (over && !opts.truncate) throw new BodyTooLargeError(cap);
  return { body: Buffer.concat(chunks, size), truncated: over };
}

async function discard(body: Body): Promise<void> {
  if (body.destroy) body.destroy();
  else await body.cancel?.().catch(() => undefined);
}
