/**
 * Loads the configured threat feeds (URL or file), caches each for a refresh interval, and
 * builds one `FeedIndex`. I/O edge: fetch, file reading and the clock are injected. A feed that
 * is down, too large or malformed is reported and skipped; `load()` never throws.
 */
import { readFile as fsReadFile, stat } from "node:fs/promises";
import { createFeedIndex, type FeedIndex } from "./feed-index.ts";
import { parseOpenPhish } from "./parse-openphish.ts";
import { parsePhishTank } from "./parse-phishtank.ts";
import { parseUrlhausCsv } from "./parse-urlhaus.ts";
import { FeedFormatError, type FeedName, type FeedRecord, type ParseResult } from "./types.ts";

export interface FeedSource {
  feed: FeedName;
  /** http(s) URL of the feed; or */
  url?: string;
  /** a local file holding it. */
  file?: string;
}

export type FetchLike = (
  url: string,
  init: { signal: AbortSignal; headers: Record<string, string> },
) => Promise<Response>;

export interface FeedLoaderOptions {
  fetch?: FetchLike;
  readFile?: (path: string, maxBytes: number) => Promise<string>;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** A feed fetched less than this long ago is served from the cache (default 1 hour). */
  refreshMs?: number;
  /** After a failed refresh, the last good copy is still used while younger than this (default 24 h). */
  keepStaleMs?: number;
  /** Whole-request timeout (default 15 s, the contract's read timeout). */
  timeoutMs?: number;
  /** Larger bodies are refused (default 64 MiB). */
  maxBytes?: number;
}

type FeedStatus = "fresh" | "cached" | "down" | "malformed";

export interface FeedReport {
  feed: FeedName;
  source: string;
  status: FeedStatus;
  /** Records of this feed in the index (0 when skipped). */
  records: number;
  skipped_rows: number;
  /** For `down` and `malformed`: what went wrong (and whether a stale copy is used). */
  error?: string;
  /** True when a failed feed's last good copy is in the index. */
  stale?: boolean;
  fetched_at: string | null;
}

export interface FeedLoadResult {
  index: FeedIndex;
  reports: FeedReport[];
}

const PARSERS: Record<FeedName, (text: string) => ParseResult> = {
  urlhaus: parseUrlhausCsv,
  openphish: parseOpenPhish,
  phishtank: parsePhishTank,
};

class FeedDownError extends Error {}

async function readBodyCapped(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw new FeedFormatError(`body of ${declared} bytes exceeds ${maxBytes}`);
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FeedFormatError(`body exceeds ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function readFileCapped(path: string, maxBytes: number): Promise<string> {
  const s = await stat(path);
  if (s.size > maxBytes) throw new FeedFormatError(`file of ${s.size} bytes exceeds ${maxBytes}`);
  return fsReadFile(path, "utf8");
}

interface CacheEntry {
  records: FeedRecord[];
  skipped: number;
  fetchedAt: number;
}

export function createFeedLoader(sources: readonly FeedSource[], opts: FeedLoaderOptions = {}) {
  const doFetch: FetchLike = opts.fetch ?? ((url, init) => fetch(url, init));
  const readFile = opts.readFile ?? readFileCapped;
  const now = opts.now ?? Date.now;
  const refreshMs = opts.refreshMs ?? 3_600_000;
  const keepStaleMs = opts.keepStaleMs ?? 86_400_000;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const cache = new Map<string, CacheEntry>();

  const sourceName = (s: FeedSource) => s.url ?? s.file ?? "(none)";

  async function readSource(s: FeedSource): Promise<string> {
    if (s.file) return readFile(s.file, maxBytes);
    if (!s.url) throw new FeedDownError("no url or file configured");
    let res: Response;
    try {
      res = await doFetch(s.url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { "user-agent": "brandwarden-feeds/1", accept: "*/*" },
      });
    } catch (err) {
      throw new FeedDownError(
        (err as Error).name === "TimeoutError"
          ? `timed out after ${timeoutMs} ms`
          : String((err as Error).message ?? err),
      );
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new FeedDownError(`HTTP ${res.status}`);
    }
    try {
      return await readBodyCapped(res, maxBytes);
    } catch (err) {
      if (err instanceof FeedFormatError) throw err;
      throw new FeedDownError(`reading body: ${(err as Error).message}`);
    }
  }

  async function loadOne(s: FeedSource): Promise<{ report: FeedReport; records: FeedRecord[] }> {
    const key = `${s.feed}|${sourceName(s)}`;
    const cached = cache.get(key);
    const t = now();
    const base = { feed: s.feed, source: sourceName(s) };
    if (cached && t - cached.fetchedAt < refreshMs) {
      const report: FeedReport = {
        ...base,
        status: "cached",
        records: cached.records.length,
        skipped_rows: cached.skipped,
        fetched_at: new Date(cached.fetchedAt).toISOString(),
      };
      return { report, records: cached.records };
    }
    try {
      const parsed = PARSERS[s.feed](await readSource(s));
      cache.set(key, { records: parsed.records, skipped: parsed.skipped, fetchedAt: t });
      const report: FeedReport = {
        ...base,
        status: "fresh",
        records: parsed.records.length,
        skipped_rows: parsed.skipped,
        fetched_at: new Date(t).toISOString(),
      };
      return { report, records: parsed.records };
    } catch (err) {
      const status: FeedStatus = err instanceof FeedFormatError ? "malformed" : "down";
      const stale = cached && t - cached.fetchedAt < keepStaleMs ? cached : null;
      const report: FeedReport = {
        ...base,
        status,
        records: stale?.records.length ?? 0,
        skipped_rows: 0,
        error: (err as Error).message,
        fetched_at: stale ? new Date(stale.fetchedAt).toISOString() : null,
        ...(stale ? { stale: true } : {}),
      };
      return { report, records: stale?.records ?? [] };
    }
  }

  return {
    /** Refreshes what is due and returns the index of every usable feed with one report per source. */
    async load(): Promise<FeedLoadResult> {
      const results = await Promise.all(sources.map(loadOne));
      return {
        index: createFeedIndex(results.flatMap((r) => r.records)),
        reports: results.map((r) => r.report),
      };
    },
  };
}
