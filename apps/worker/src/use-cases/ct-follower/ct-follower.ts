import { createHash } from "node:crypto";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { BrandMatch } from "../../capabilities/discovery/match/brand-index.ts";
import type { CtClient, CtEntry } from "../../capabilities/discovery/ct/ct-client.ts";
import { verifiedTreeSize } from "../../capabilities/discovery/ct/ct-discovery.ts";
import { defaultSleep } from "../../capabilities/discovery/ct/http-get.ts";
import type { CtLogSource } from "../../capabilities/discovery/ct/log-list.ts";
import type { NameAssessor } from "../../capabilities/discovery/follow/assess-name.ts";
import type { BrandRegistry } from "../../capabilities/discovery/follow/brand-registry.ts";
import {
  discoverySeenKey,
  type DiscoverySink,
} from "../../capabilities/discovery/follow/discovered-alert.ts";
import { createLogLease, type Clock } from "../../capabilities/discovery/follow/lease.ts";

/**
 * Follows one CT log: each round reads from the checkpoint to the tree head (at most
 * `maxPerRound` entries), matches every name against every user's brand, hands each new match,
 * enriched and scored, to the sink, and saves the checkpoint after each page, so a restarted
 * worker resumes where it stopped. A per-log lease lets several worker processes run followers
 * for the same logs: one reads, the others stand by and take over when its lease lapses. A match
 * is handed on once per user and name (remembered in the store); the checkpoint only moves past a
 * page once every match of it was handed on. The first start begins at the tree head (or
 * `backfillMs` back); scans cover the past.
 */

export interface FollowerOptions {
  source: CtLogSource;
  client: CtClient;
  kv: KeyValueStore;
  /** This process, as lease holder (unique per process). */
  owner: string;
  clock: Clock;
  brands: BrandRegistry;
  assessor: NameAssessor;
  sink: DiscoverySink;
  logger: Pick<Logger, "info" | "warn">;
  /** Key prefix in the store (the deployment's channel prefix). */
  prefix: string;
  /** Lease length; renewed every third of it while reading. Default 60 s. */
  leaseMs?: number;
  /** Entries read per round at most (then the next round starts at once). Default 10,000. */
  maxPerRound?: number;
  /** On the very first start, begin this far back instead of at the tree head. Default 0. */
  backfillMs?: number;
  /** How long a (user, name) pair is remembered as handed on. Default 14 days. */
  seenTtlMs?: number;
  /** Told what each round did (metrics: entries read, position, tree size). */
  onRound?: (log: string, result: RoundResult) => void;
}

interface RoundResult {
  /** `no_brands`: brands not loaded yet; `standby`: another process holds the lease. */
  state: "no_brands" | "standby" | "followed";
  read: number;
  matches: number;
  next: number | null;
  treeSize: number | null;
  /** More entries wait beyond this round's cap. */
  behind: boolean;
}

export interface CtFollower {
  readonly source: CtLogSource;
  round(): Promise<RoundResult>;
  /** Rounds until `signal` aborts: at once while behind, else every `pollMs`; gives the lease up at the end. */
  run(
    signal: AbortSignal,
    opts: { pollMs: number; sleep?: (ms: number, signal?: AbortSignal) => Promise<void> },
  ): Promise<void>;
}

export function ctLogKey(url: string): string {
  return createHash("sha256").update(url).digest("hex").slice(0, 16);
}

export function createCtFollower(o: FollowerOptions): CtFollower {
  const base = `${o.prefix}:ct:follow:${ctLogKey(o.source.url)}`;
  const checkpointKey = `${base}:next`;
  const lease = createLogLease({
    kv: o.kv,
    key: `${base}:lease`,
    owner: o.owner,
    ttlMs: o.leaseMs ?? 60_000,
    clock: o.clock,
  });
  const maxPerRound = o.maxPerRound ?? 10_000;
  const seenTtlMs = o.seenTtlMs ?? 14 * 86_400_000;

  async function checkpoint(): Promise<number | null> {
    const raw = await o.kv.get(checkpointKey);
    return raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  }

  async function handOn(
    entry: CtEntry,
    m: BrandMatch,
    brands: NonNullable<Awaited<ReturnType<BrandRegistry["current"]>>>,
  ) {
    const brand = brands.byUser.get(m.brand_id);
    if (!brand) return false;
    const seenKey = discoverySeenKey(o.prefix, m.brand_id, m.name);
    if (await o.kv.get(seenKey)) return false;
    const finding = await o.assessor.assess({ name: m.name, reason: m.reason, owned: m.owned }, brand);
    await o.sink({
      user_id: m.brand_id,
      domain: m.name,
      rule: m.rule,
      term: m.term,
      reason: m.reason,
      finding,
      log: { url: o.source.url, description: o.source.description, kind: o.source.kind },
      entry: { index: entry.index, timestamp: entry.timestamp, entry_type: entry.entry_type },
    });
    await o.kv.set(seenKey, String(entry.index), seenTtlMs);
    return true;
  }

  async function round(): Promise<RoundResult> {
    const idle = { read: 0, matches: 0, next: null, treeSize: null, behind: false };
    const brands = await o.brands.current();
    if (!brands) return { state: "no_brands", ...idle };
    if (!(await lease.hold())) return { state: "standby", ...idle };
    const size = await verifiedTreeSize(o.client, o.source);
    let next = await checkpoint();
    if (next === null || next > size) {
      next = o.backfillMs ? await o.client.indexAt(o.clock.now() - o.backfillMs, size) : size;
      await o.kv.set(checkpointKey, String(next));
      o.logger.info({ log: o.source.description, start: next, tree_size: size }, "CT follower starts");
    }
    const end = Math.min(size - 1, next + maxPerRound - 1);
    let read = 0;
    let matches = 0;
    if (next <= end) {
      for await (const page of o.client.entries(next, end)) {
        const seen = new Set<string>();
        for (const entry of page.entries) {
          for (const raw of entry.names) {
            const host = raw.startsWith("www.") ? raw.slice(4) : raw;
            if (seen.has(host)) continue;
            seen.add(host);
            for (const m of brands.index.match(host)) if (await handOn(entry, m, brands)) matches++;
          }
        }
        read += page.next - next;
        next = page.next;
        await o.kv.set(checkpointKey, String(next));
        if (!(await lease.hold()))
          return { state: "standby", read, matches, next, treeSize: size, behind: next < size };
      }
    }
    return { state: "followed", read, matches, next, treeSize: size, behind: next < size };
  }

  return {
    source: o.source,
    round,
    async run(signal, { pollMs, sleep = defaultSleep }) {
      let failures = 0;
      while (!signal.aborted) {
        let wait = pollMs;
        try {
          const r = await round();
          o.onRound?.(o.source.description, r);
          failures = 0;
          if (r.state === "followed" && r.behind) continue;
        } catch (err) {
          if (signal.aborted) break;
          failures++;
          wait = Math.min(pollMs * 2 ** failures, 300_000);
          o.logger.warn({ err, log: o.source.description, retry_in_ms: wait }, "CT follower round failed");
        }
        await sleep(wait, signal).catch(() => undefined);
      }
      await lease.release().catch(() => undefined);
    },
  };
}
