import { createGunzip } from "node:zlib";
import { Readable } from "node:stream";

const GZIP_MAGIC_0 = 0x1f;
const GZIP_MAGIC_1 = 0x8b;

/**
 * The bytes of a stream, unpacked when they are gzip: told by the magic bytes, not by a file name
 * or a Content-Type (registries and list publishers label gzip files every which way). A truncated
 * or corrupt gzip stream fails the iteration with zlib's error.
 */
export async function* gunzipIfGzip(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const it = source[Symbol.asyncIterator]();
  let head: Buffer = Buffer.alloc(0);
  // Two bytes tell; a first chunk of one byte is possible on a socket.
  while (head.length < 2) {
    const r = await it.next();
    if (r.done) {
      if (head.length) yield head;
      return;
    }
    head = head.length ? Buffer.concat([head, r.value]) : r.value;
  }
  const rest: AsyncIterable<Buffer> = {
    [Symbol.asyncIterator]: () => it,
  };
  if (head[0] !== GZIP_MAGIC_0 || head[1] !== GZIP_MAGIC_1) {
    yield head;
    yield* rest;
    return;
  }
  const gunzip = createGunzip();
  const input = Readable.from(
    (async function* () {
      yield head;
      yield* rest;
    })(),
  );
  input.on("error", (err) => gunzip.destroy(err));
  yield* input.pipe(gunzip) as AsyncIterable<Buffer>;
}
