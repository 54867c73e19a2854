import { mkdir, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { diffAgainstKept, type ZoneDiff } from "../../capabilities/discovery/zone/zone-diff.ts";
import { namesOfFile, zoneFileName } from "../../capabilities/discovery/zone/zone-source.ts";
import { defaultSleep } from "../../capabilities/discovery/ct/http-get.ts";
import type { BrandRegistry } from "../../capabilities/discovery/follow/brand-registry.ts";
import { createLogLease, type Clock, type LogLease } from "../../capabilities/discovery/follow/lease.ts";
import { HandOffError, type DiscoveryHandOff } from "./hand-off.ts";

/**
 * Watches a directory of zone files (ZONE_FILES: `<tld>.zone`, `<tld>.zone.gz`, or lists of names
 * `<tld>.txt`, `.txt.gz`), as registries publish them daily through ICANN's CZDS. Each round looks
 * at every file; one whose size or modification time changed since it was last read is read as a
 * stream, its names diffed against the copy kept from the previous read (in the state directory,
 * `<key>.names`, sorted), and every added name is matched against every user's brand and handed on
 * (`lookalike.discovered`, source `zone`). The first read of a zone only keeps its names: nothing
 * is new yet. A per-file lease lets several workers share the directory: one reads a file, the
 * others pass it by. A file that cannot be read (truncated gzip, no permission) is logged with its
 * name and not tried again until it changes; a failure to hand a name on is retried next round.
 * Publishers should replace a file by renaming a finished one into place.
 */

export interface ZoneWatcherOptions {
  dir: string;
  /** Where the kept copies and what was read live (one per deployment when workers share ZONE_FILES). */
  stateDir: string;
  kv: KeyValueStore;
  owner: string;
  clock: Clock;
  brands: BrandRegistry;
  handOff: DiscoveryHandOff;
  logger: Pick<Logger, "info" | "warn">;
  prefix: string;
  /** A file's lease; renewed while reading. Default 10 minutes. */
  leaseMs?: number;
  /** GNU sort's buffer (`-S`): the memory a zone read takes, whatever the zone's size. Default 64M. */
  sortMemory?: string;
}

type FileState = "unchanged" | "standby" | "baseline" | "diffed" | "failed";

interface ZoneFileReport {
  file: string;
  state: FileState;
  names?: number;
  added?: number;
  handed?: number;
  skipped_lines?: number;
  error?: string;
}

interface ZoneRound {
  /** `no_brands`: brands not loaded yet, nothing read (added names would go unmatched). */
  state: "no_brands" | "read";
  files: ZoneFileReport[];
}

export interface ZoneWatcher {
  /** One look at the directory; `signal` stops a long read (its file is read again next time). */
  round(signal?: AbortSignal): Promise<ZoneRound>;
  run(
    signal: AbortSignal,
    opts: { pollMs: number; sleep?: (ms: number, signal?: AbortSignal) => Promise<void> },
  ): Promise<void>;
}

/** What was read of a file last time: its size and time, and the error if it could not be read. */
interface Stamp {
  file: string;
  size: number;
  mtimeMs: number;
  error?: string;
}

class LeaseLostError extends Error {}

/** How often (in names) a long read renews its lease. */
const RENEW_EVERY = 250_000;

export function createZoneWatcher(o: ZoneWatcherOptions): ZoneWatcher {
  const leaseMs = o.leaseMs ?? 10 * 60_000;

  const stampFile = (key: string) => path.join(o.stateDir, `${key}.read.json`);
  async function readStamp(key: string): Promise<Stamp | null> {
    try {
      return JSON.parse(await readFile(stampFile(key), "utf8")) as Stamp;
    } catch {
      return null;
    }
  }
  async function writeStamp(key: string, stamp: Stamp): Promise<void> {
    const tmp = `${stampFile(key)}.tmp-${process.pid}`;
    await writeFile(tmp, JSON.stringify(stamp));
    await rename(tmp, stampFile(key));
  }

  /** The files to look at: one per key (`com.zone` and `com.zone.gz` are one zone), the newest. */
  async function candidates() {
    const chosen = new Map<string, { base: string; full: string; size: number; mtimeMs: number }>();
    for (const entry of await readdir(o.dir, { withFileTypes: true })) {
      if (!entry.isFile() || !zoneFileName(entry.name)) continue;
      const full = path.join(o.dir, entry.name);
      const s = await stat(full).catch(() => null);
      if (!s) continue;
      const key = zoneFileName(entry.name)!.key;
      const prev = chosen.get(key);
      if (!prev || s.mtimeMs > prev.mtimeMs)
        chosen.set(key, { base: entry.name, full, size: s.size, mtimeMs: s.mtimeMs });
    }
    return [...chosen.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  }

  async function* renewing(
    batches: AsyncIterable<string[]>,
    lease: LogLease,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<string[]> {
    let sinceRenew = 0;
    for await (const b of batches) {
      if (signal?.aborted) throw new LeaseLostError("the worker is stopping");
      sinceRenew += b.length;
      if (sinceRenew >= RENEW_EVERY) {
        sinceRenew = 0;
        if (!(await lease.hold())) throw new LeaseLostError("another worker took the file over");
      }
      yield b;
    }
  }

  async function readOne(
    key: string,
    f: { base: string; full: string; size: number; mtimeMs: number },
    brands: NonNullable<Awaited<ReturnType<BrandRegistry["current"]>>>,
    signal: AbortSignal | undefined,
  ): Promise<ZoneFileReport> {
    const stamp = await readStamp(key);
    if (stamp && stamp.file === f.base && stamp.size === f.size && stamp.mtimeMs === f.mtimeMs)
      return { file: f.base, state: "unchanged" };
    const lease = createLogLease({
      kv: o.kv,
      key: `${o.prefix}:zones:lease:${key}`,
      owner: o.owner,
      ttlMs: leaseMs,
      clock: o.clock,
    });
    if (!(await lease.hold())) return { file: f.base, state: "standby" };
    const name = zoneFileName(f.base)!;
    const thisRead: Stamp = { file: f.base, size: f.size, mtimeMs: f.mtimeMs };
    let diff: ZoneDiff | null = null;
    const source = namesOfFile(f.full, name.format);
    try {
      diff = await diffAgainstKept(
        renewing(source.batches, lease, signal),
        path.join(o.stateDir, `${key}.names`),
        {
          sortMemory: o.sortMemory,
        },
      );
      const report: ZoneFileReport = {
        file: f.base,
        state: diff.baseline ? "baseline" : "diffed",
        names: diff.names,
        added: 0,
        handed: 0,
        skipped_lines: source.skipped,
      };
      const found = { source: "zone" as const, zone: name.zone, file: f.base, published_at: f.mtimeMs };
      for await (const batch of renewing(diff.added, lease, signal)) {
        for (const n of batch) {
          report.added!++;
          report.handed! += await o.handOff(n, brands, found);
        }
      }
      await diff.commit();
      await writeStamp(key, thisRead);
      if (diff.baseline)
        o.logger.info(
          { file: f.base, names: diff.names },
          "zone file read for the first time: its names are the baseline (nothing is new yet)",
        );
      else o.logger.info({ ...report }, "zone file read");
      if (source.skipped)
        o.logger.warn({ file: f.base, skipped_lines: source.skipped }, "zone file: unreadable lines skipped");
      return report;
    } catch (err) {
      await diff?.discard().catch(() => undefined);
      const message = (err as Error).message;
      if (err instanceof HandOffError || err instanceof LeaseLostError) {
        // Not the file's fault: read it again next round (what was handed on is remembered).
        o.logger.warn({ err, file: f.base }, "zone file: read again next round");
      } else {
        o.logger.warn({ err, file: f.base }, "zone file could not be read (tried again once it changes)");
        await writeStamp(key, { ...thisRead, error: message }).catch(() => undefined);
      }
      return { file: f.base, state: "failed", error: message };
    } finally {
      await lease.release().catch(() => undefined);
    }
  }

  async function round(signal?: AbortSignal): Promise<ZoneRound> {
    const brands = await o.brands.current();
    if (!brands) return { state: "no_brands", files: [] };
    await mkdir(o.stateDir, { recursive: true });
    const files: ZoneFileReport[] = [];
    for (const [key, f] of await candidates()) {
      if (signal?.aborted) break;
      files.push(await readOne(key, f, brands, signal));
    }
    return { state: "read", files };
  }

  return {
    round,
    async run(signal, { pollMs, sleep = defaultSleep }) {
      while (!signal.aborted) {
        try {
          await round(signal);
        } catch (err) {
          if (signal.aborted) break;
          o.logger.warn({ err, dir: o.dir }, "zone files: round failed");
        }
        await sleep(pollMs, signal).catch(() => undefined);
      }
    },
  };
}
