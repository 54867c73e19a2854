import type { BrandMatcher, NameMatch } from "../match/brand-matcher.ts";
import { createCtClient, verifySth, type CtClient } from "./ct-client.ts";
import { getWithRetry, type HttpGet } from "./http-get.ts";
import { LogListError, sourcesFromUrls, usableLogs, type CtLogSource } from "./log-list.ts";
import { createTiledClient } from "./tiled-client.ts";

/**
 * The scan's `ct` step: reads every configured log's entries of the last `lookbackMs`, matches
 * each certificate name against the brand and returns the matches (one per host name, `www.`
 * folded into the name it serves). A log that fails is reported and the others still count.
 */

export interface CtConfig {
  logs: string[];
  logListUrl: string | null;
  lookbackMs: number;
}

export interface CtDiscoveryResult {
  matches: NameMatch[];
  entriesRead: number;
  skipped: number;
  errors: string[];
}

/** The logs to read: `CT_LOGS`, else the log list's usable logs. Throws LogListError when the list is unusable. */
export async function ctLogSources(
  cfg: CtConfig,
  get: HttpGet,
  opts: { signal?: AbortSignal; sleep?: (ms: number) => Promise<void>; now?: number } = {},
): Promise<CtLogSource[]> {
  if (cfg.logs.length) return sourcesFromUrls(cfg.logs);
  if (!cfg.logListUrl) return [];
  let body: Buffer;
  try {
    body = await getWithRetry(cfg.logListUrl, {
      get,
      signal: opts.signal,
      sleep: opts.sleep,
      maxAttempts: 3,
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new LogListError(`CT log list ${cfg.logListUrl}: ${(err as Error).message}`);
  }
  let list: unknown;
  try {
    list = JSON.parse(body.toString("utf8"));
  } catch {
    throw new LogListError(`CT log list ${cfg.logListUrl}: not JSON`);
  }
  try {
    return usableLogs(list, opts.now);
  } catch (err) {
    throw new LogListError(`CT log list ${cfg.logListUrl}: ${(err as Error).message}`);
  }
}

/** A client for a log in the API it speaks. */
export function clientFor(
  source: CtLogSource,
  opts: { get: HttpGet; signal?: AbortSignal; sleep?: (ms: number) => Promise<void> },
): CtClient {
  return source.kind === "tiled" ? createTiledClient(source.url, opts) : createCtClient(source.url, opts);
}

/** The tree head of a source, checked against its key when the log list gave one. */
export async function verifiedTreeSize(client: CtClient, source: CtLogSource): Promise<number> {
  const sth = await client.getSth();
  if (source.key && !verifySth(sth, source.key)) throw new Error("tree head signature does not verify");
  return sth.tree_size;
}

export async function discoverFromCt(opts: {
  sources: CtLogSource[];
  get: HttpGet;
  matcher: BrandMatcher;
  lookbackMs: number;
  now?: number;
  /** Entries read per log at most (the newest ones); a public log logs millions a day. */
  maxEntriesPerLog?: number;
  signal?: AbortSignal;
  sleep?: (ms: number) => Promise<void>;
  /** Entries read so far of all the logs' windows. */
  onProgress?: (done: number, total: number) => void;
}): Promise<CtDiscoveryResult> {
  const since = (opts.now ?? Date.now()) - opts.lookbackMs;
  const cap = opts.maxEntriesPerLog ?? 500_000;
  const found = new Map<string, NameMatch>();
  const errors: string[] = [];
  const fail = (source: CtLogSource, err: unknown) => {
    if (opts.signal?.aborted) throw err;
    errors.push(`${source.description}: ${(err as Error).message}`);
  };
  // First every log's window, so progress counts against the whole.
  const plans: Array<{ source: CtLogSource; client: CtClient; start: number; end: number }> = [];
  for (const source of opts.sources) {
    const client = clientFor(source, opts);
    try {
      const size = await verifiedTreeSize(client, source);
      if (size === 0) continue;
      const start = Math.max(await client.indexAt(since, size), size - cap);
      if (start < size) plans.push({ source, client, start, end: size - 1 });
    } catch (err) {
      fail(source, err);
    }
  }
  const total = plans.reduce((n, p) => n + p.end - p.start + 1, 0);
  let done = 0;
  let entriesRead = 0;
  let skipped = 0;
  opts.onProgress?.(0, total);
  for (const { source, client, start, end } of plans) {
    let next = start;
    try {
      for await (const page of client.entries(start, end)) {
        for (const entry of page.entries) {
          entriesRead++;
          if (entry.timestamp < since) continue;
          for (const name of entry.names) {
            const host = name.startsWith("www.") ? name.slice(4) : name;
            if (found.has(host)) continue;
            const m = opts.matcher.match(host);
            if (m) found.set(host, m);
          }
        }
        done += page.next - next;
        next = page.next;
        opts.onProgress?.(done, total);
      }
    } catch (err) {
      fail(source, err);
    }
    skipped += client.skipped;
    done += end + 1 - next;
    opts.onProgress?.(done, total);
  }
  return { matches: [...found.values()], entriesRead, skipped, errors };
}
