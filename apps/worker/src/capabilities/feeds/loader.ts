/**
 * Loads the configured threat feeds (URL or file), caches each for a refresh interval, and
 * builds one `FeedIndex`. I/O edge: fetch, file reading and the clock are injected. A feed that
 * is down, too large or malformed is reported and skipped; `load()` never throws.
 *
 * As the feeds really answer: PhishTank and URLhaus offer gzip files (`online-valid.json.gz`,
 * `.csv.gz`) served as `application/x-gzip`, not as a Content-Encoding, so a body starting with
 * the gzip magic is unpacked here (capped like any body). A refusal for load (429, PhishTank's
 * 509 "Bandwidth Limit Exceeded", 503 with Retry-After) is honoured: the feed is not asked again
 * before Retry-After (or, without one, before the next refresh), and its last good copy is used.
 */
import { readFile as fsReadFile, stat } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { BodyTooLargeError, readCapped } from "@brandwarden/platform/http/capped-body";
import { retryAfterMs } from "@brandwarden/platform/http/retry-after";
import { blockedAddressMessage } from "../../lib/network-errors.ts";
import type { GuardedFetch } from "../../ports/http/http.port.ts";
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

export type FetchLike = GuardedFetch;

export interface FeedLoaderOptions {
  /** The SSRF-guarded fetch (ports/http/guarded-fetch.ts); there is deliberately no unguarded default. */
  fetch: FetchLike;
  readFile?: (path: string, maxBytes: number) => Promise<Buffer>;
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

/** The feed asked us to come back later (429, 509, 503): not before `retryAt` (ms since the epoch). */
class FeedRateLimitedError extends FeedDownError {
  constructor(
    message: string,
    readonly retryAt: number,
  ) {
    super(message);
  }
}

const RATE_LIMIT_STATUSES = new Set([429, 503, 509]);

const GZIP_MAGIC = [0x1f, 0x8b];

/** A feed body as text: gzip files unpacked (within `maxBytes`), UTF-8 decoded. */
function feedText(body: Buffer, maxBytes: number): string {
  // URLhaus's full dump (/downloads/csv/) is a ZIP archive; its recent and online dumps are text.
  if (body.subarray(0, 4).equals(Buffer.from("PK\x03\x04", "latin1")))
    throw new FeedFormatError(
      "a ZIP archive (URLhaus's full dump): use /downloads/csv_recent/ or /downloads/csv_online/",
    );
  if (body[0] !== GZIP_MAGIC[0] || body[1] !== GZIP_MAGIC[1]) return body.toString("utf8");
  try {
    return gunzipSync(body, { maxOutputLength: maxBytes }).toString("utf8");
  } catch (err) {
    throw new FeedFormatError(`gzip body could not be unpacked: ${(err as Error).message}`);
  }
}

async function readBodyCapped(res: Response, maxBytes: number): Promise<Buffer> {
  try {
    return (await readCapped(res.body, maxBytes, { contentLength: res.headers.get("content-length") })).body;
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw new FeedFormatError(`body exceeds ${maxBytes} bytes`);
    throw err;
  }
}

async function readFileCapped(path: string, maxBytes: number): Promise<Buffer> {
  const s = await stat(path);
  if (s.size > maxBytes) throw new FeedFormatError(`file of ${s.size} bytes exceeds ${maxBytes}`);
  return fsReadFile(path);
}

interface CacheEntry {
  records: FeedRecord[];
  skipped: number;
  fetchedAt: number;
}

export function createFeedLoader(sources: readonly FeedSource[], opts: FeedLoaderOptions) {
  const doFetch = opts.fetch;
  const readFile = opts.readFile ?? readFileCapped;
  const now = opts.now ?? Date.now;
  const refreshMs = opts.refreshMs ?? 3_600_000;
  const keepStaleMs = opts.keepStaleMs ?? 86_400_000;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const cache = new Map<string, CacheEntry>();
  /** Sources that refused for load, and when they may be asked again. */
  const notBefore = new Map<string, number>();

  const sourceName = (s: FeedSource) => s.url ?? s.file ?? "(none)";

  async function readSource(s: FeedSource): Promise<string> {
    if (s.file) return feedText(await readFile(s.file, maxBytes), maxBytes);
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
          : (blockedAddressMessage(err) ?? String((err as Error).message ?? err)),
      );
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      if (RATE_LIMIT_STATUSES.has(res.status)) {
        const t = now();
        // PhishTank sends no Retry-After but the window it counts in (`X-Request-Limit-Interval: 259200 Seconds`).
        const window = /^\s*(\d+)/.exec(res.headers.get("x-request-limit-interval") ?? "");
        const wait =
          retryAfterMs(res.headers.get("retry-after"), t) ?? (window ? Number(window[1]) * 1000 : null);
        if (wait !== null || res.status !== 503) {
          const retryAt = t + (wait ?? refreshMs);
          throw new FeedRateLimitedError(
            `HTTP ${res.status} (rate limited), next try after ${new Date(retryAt).toISOString()}`,
            retryAt,
          );
        }
      }
      throw new FeedDownError(`HTTP ${res.status}`);
    }
    try {
      return feedText(await readBodyCapped(res, maxBytes), maxBytes);
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
    /** Not fetched (refused or failed): the last good copy while it is young enough, or nothing. */
    const failed = (status: FeedStatus, error: string) => {
      const stale = cached && t - cached.fetchedAt < keepStaleMs ? cached : null;
      const report: FeedReport = {
        ...base,
        status,
        records: stale?.records.length ?? 0,
        skipped_rows: 0,
        error,
        fetched_at: stale ? new Date(stale.fetchedAt).toISOString() : null,
        ...(stale ? { stale: true } : {}),
      };
      return { report, records: stale?.records ?? [] };
    };
    const waitUntil = notBefore.get(key);
    if (waitUntil !== undefined && t < waitUntil)
      return failed("down", `rate limited: not asked again before ${new Date(waitUntil).toISOString()}`);
    try {
      const parsed = PARSERS[s.feed](await readSource(s));
      notBefore.delete(key);
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
      if (err instanceof FeedRateLimitedError) notBefore.set(key, err.retryAt);
      return failed(err instanceof FeedFormatError ? "malformed" : "down", (err as Error).message);
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
