import { createReadStream } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { blockedAddressMessage } from "../../lib/network-errors.ts";
import type { GuardedFetch } from "../../ports/http/http.port.ts";
import { namesOf } from "../../capabilities/discovery/zone/zone-source.ts";
import { defaultSleep } from "../../capabilities/discovery/ct/http-get.ts";
import type { BrandRegistry } from "../../capabilities/discovery/follow/brand-registry.ts";
import { createLogLease, type Clock } from "../../capabilities/discovery/follow/lease.ts";
import type { DiscoveryHandOff } from "./hand-off.ts";

/**
 * Polls a newly-registered-domains list (NRD_FEED_URL: an http(s) URL fetched through the
 * SSRF-guarded fetch, or a file path or file: URL), one name a line, `#` comments, gzip or not
 * (told by the magic bytes), read as a stream. Every name goes through the CT follower's matcher
 * and each match is handed on (`lookalike.discovered`, source `nrd`); lists overlap from day to
 * day, and the seen keys make each (user, name) raised once. One fetch per interval across all
 * workers (a lease, and the time of the last good fetch in the store); a failed fetch (HTTP error,
 * timeout, refused address) is logged and tried again at the next interval.
 */

export type NrdSource = { url: string } | { file: string };

export interface NrdPollerOptions {
  source: NrdSource;
  fetch: GuardedFetch;
  kv: KeyValueStore;
  owner: string;
  clock: Clock;
  brands: BrandRegistry;
  handOff: DiscoveryHandOff;
  logger: Pick<Logger, "info" | "warn">;
  prefix: string;
  intervalMs: number;
  /** The whole download's time limit. Default 10 minutes. */
  timeoutMs?: number;
}

interface NrdRound {
  state: "no_brands" | "not_due" | "standby" | "read" | "failed";
  names?: number;
  handed?: number;
  skipped_lines?: number;
  error?: string;
}

export interface NrdPoller {
  round(signal?: AbortSignal): Promise<NrdRound>;
  run(
    signal: AbortSignal,
    opts?: { sleep?: (ms: number, signal?: AbortSignal) => Promise<void> },
  ): Promise<void>;
}

class ListDownError extends Error {}

/** Where the list comes from, as alerts name it: a host or a file name, never a URL's key. */
function nrdListName(source: NrdSource): string {
  if ("file" in source) return path.basename(source.file);
  try {
    return new URL(source.url).host;
  } catch {
    return "the configured list";
  }
}

export function nrdSourceOf(setting: string): NrdSource {
  if (/^https?:\/\//i.test(setting)) return { url: setting };
  if (/^file:/i.test(setting)) return { file: fileURLToPath(setting) };
  return { file: setting };
}

export function createNrdPoller(o: NrdPollerOptions): NrdPoller {
  const lastKey = `${o.prefix}:nrd:fetched_at`;
  const lease = createLogLease({
    kv: o.kv,
    key: `${o.prefix}:nrd:lease`,
    owner: o.owner,
    ttlMs: 10 * 60_000,
    clock: o.clock,
  });
  const timeoutMs = o.timeoutMs ?? 10 * 60_000;
  const list = nrdListName(o.source);

  async function open(signal: AbortSignal): Promise<AsyncIterable<Buffer>> {
    if ("file" in o.source) return createReadStream(o.source.file, { highWaterMark: 1 << 18 });
    let res: Response;
    try {
      res = await o.fetch(o.source.url, {
        signal,
        headers: { "user-agent": "brandwarden-nrd/1", accept: "*/*" },
      });
    } catch (err) {
      throw new ListDownError(
        (err as Error).name === "TimeoutError"
          ? `timed out after ${timeoutMs} ms`
          : (blockedAddressMessage(err) ?? String((err as Error).message ?? err)),
      );
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => undefined);
      throw new ListDownError(`HTTP ${res.status}`);
    }
    return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>) as AsyncIterable<Buffer>;
  }

  async function round(stop?: AbortSignal): Promise<NrdRound> {
    const brands = await o.brands.current();
    if (!brands) return { state: "no_brands" };
    const last = Number((await o.kv.get(lastKey)) ?? NaN);
    const now = o.clock.now();
    if (Number.isFinite(last) && now - last < o.intervalMs) return { state: "not_due" };
    if (!(await lease.hold())) return { state: "standby" };
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(stop ? [stop] : [])]);
    const found = { source: "nrd" as const, list, fetched_at: now };
    let names = 0;
    let handed = 0;
    let skipped = 0;
    try {
      const source = namesOf(await open(signal), "list");
      for await (const batch of source.batches) {
        if (stop?.aborted) throw new Error("the worker is stopping");
        for (const n of batch) {
          names++;
          handed += await o.handOff(n, brands, found);
        }
      }
      skipped = source.skipped;
      await o.kv.set(lastKey, String(now));
      o.logger.info({ list, names, handed, skipped_lines: skipped }, "newly registered domains list read");
      return { state: "read", names, handed, skipped_lines: skipped };
    } catch (err) {
      const error = (err as Error).message;
      o.logger.warn({ err, list, retry_in_ms: o.intervalMs }, "newly registered domains list: read failed");
      return { state: "failed", names, handed, error };
    } finally {
      await lease.release().catch(() => undefined);
    }
  }

  return {
    round,
    async run(signal, { sleep = defaultSleep } = {}) {
      while (!signal.aborted) {
        let wait = o.intervalMs;
        try {
          const r = await round(signal);
          // Another worker read it, or it is not due: look again when it will be.
          if (r.state === "not_due" || r.state === "standby") wait = Math.min(o.intervalMs, 60_000);
          if (r.state === "no_brands") wait = 10_000;
        } catch (err) {
          if (signal.aborted) break;
          o.logger.warn({ err, list }, "newly registered domains list: round failed");
        }
        await sleep(wait, signal).catch(() => undefined);
      }
    },
  };
}
