import { LRUCache } from "lru-cache";
import { parseCheckpoint, sthOfCheckpoint } from "./checkpoint.ts";
import { leafTimestamp, type CtClient, type CtClientOptions, type CtEntry, type Sth } from "./ct-client.ts";
import { CtLogError, getWithRetry } from "./http-get.ts";
import { LeafParseError, parseLeafInput } from "./leaf-parser.ts";
import { tileLeaves, tilePath } from "./tile-leaf.ts";

/**
 * A static-ct (tiled) log through the same `CtClient` interface as an RFC 6962 one: the
 * checkpoint is its tree head, entries come in data tiles of 256 (`tile/data/<N>`, or a partial
 * tile `<N>.p/<width>` at the tree's edge). A partial tile the log already replaced by its full
 * tile (404) is read from the full one. Same back-off as the RFC 6962 client.
 */

const TILE_WIDTH = 256;

export function createTiledClient(monitoringUrl: string, opts: CtClientOptions): CtClient {
  const url = monitoringUrl.endsWith("/") ? monitoringUrl : `${monitoringUrl}/`;
  let skipped = 0;
  let treeSize: number | null = null;
  const tiles = new LRUCache<string, Uint8Array[]>({ max: 4 });

  async function getSth(): Promise<Sth> {
    const body = await getWithRetry(`${url}checkpoint`, opts);
    const sth = sthOfCheckpoint(parseCheckpoint(body.toString("utf8"), url), url);
    treeSize = sth.tree_size;
    return sth;
  }

  /** The leaves of tile `n` as far as a tree of `size` entries covers it. */
  async function tile(n: number, size: number): Promise<{ leaves: Uint8Array[]; broken: string | null }> {
    const width = Math.min(TILE_WIDTH, size - n * TILE_WIDTH);
    if (width <= 0) throw new CtLogError(`${url}: tile ${n} is beyond the tree (size ${size})`);
    const key = `${n}/${width}`;
    const known = tiles.get(key);
    if (known) return { leaves: known, broken: null };
    let body: Buffer;
    try {
      body = await getWithRetry(`${url}tile/data/${tilePath(n, width < TILE_WIDTH ? width : null)}`, opts);
    } catch (err) {
      if (!(err instanceof CtLogError) || err.status !== 404 || width === TILE_WIDTH) throw err;
      body = await getWithRetry(`${url}tile/data/${tilePath(n)}`, opts);
    }
    const read = tileLeaves(body);
    if (!read.broken) tiles.set(key, read.leaves);
    return read;
  }

  return {
    url,
    get skipped() {
      return skipped;
    },
    getSth,
    async *entries(start, end) {
      let size = treeSize ?? (await getSth()).tree_size;
      if (end >= size) size = (await getSth()).tree_size;
      const last = Math.min(end, size - 1);
      for (let n = Math.floor(start / TILE_WIDTH); n * TILE_WIDTH <= last; n++) {
        const { leaves } = await tile(n, size);
        const from = Math.max(start, n * TILE_WIDTH);
        const to = Math.min(last, n * TILE_WIDTH + TILE_WIDTH - 1);
        const out: CtEntry[] = [];
        for (let index = from; index <= to; index++) {
          const leaf = leaves[index - n * TILE_WIDTH];
          if (!leaf) {
            skipped++; // after a broken entry the rest of the tile cannot be delimited
            continue;
          }
          try {
            out.push({ index, ...parseLeafInput(leaf) });
          } catch (err) {
            if (!(err instanceof LeafParseError)) throw err;
            skipped++;
          }
        }
        yield { entries: out, next: to + 1 };
      }
    },
    async indexAt(since, size) {
      let lo = 0;
      let hi = size;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const n = Math.floor(mid / TILE_WIDTH);
        const leaf = (await tile(n, size)).leaves[mid - n * TILE_WIDTH];
        const ts = (leaf && leafTimestamp(leaf)) ?? since;
        if (ts < since) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    },
  };
}
