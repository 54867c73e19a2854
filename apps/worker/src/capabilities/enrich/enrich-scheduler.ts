import { getPublicSuffix } from "tldts";
import type { BrandContext } from "../brand/brand-context.ts";
import {
  failedEverywhere,
  gatherEvidence,
  mergeParts,
  registrationPart,
  type EnrichDeps,
  type EnrichPart,
  type EnrichResult,
  type ResolvedAddresses,
} from "./enrich-domain.ts";
import { unknown } from "./provenance.ts";
import type { ServerStats as RegistryServerStats } from "./registration/server-pacer.ts";
import { createUnresponsiveHosts } from "./unresponsive-hosts.ts";

// How a scan enriches thousands of lookalikes on the internet, where it waits on round trips and
// on registries that rate-limit, not on its CPU. Two sides run apart and meet per lookalike:
// - registration: one queue per registry server (RDAP origin, or WHOIS for TLDs without RDAP), fed
//   to that server's pacer a few seconds of its rate ahead, so every registry is kept busy at its
//   own pace and a slow one never holds up the lookalikes of the others;
// - the rest (DNS records, web, TLS, screenshot, hosting): `window` lookalikes at once, those whose
//   registration is in first, then the next in line while few finished ones wait for their registry.
// A lookalike is handed on when both sides are in, so memory holds at most `window` pages and
// `holdLimit` finished lookalikes, however long the scan.

export interface EnrichJob {
  domain: string;
  resolved: ResolvedAddresses;
}

export interface EnrichScheduler {
  /** More lookalikes (as the resolve stage finds them). */
  add(jobs: readonly EnrichJob[]): void;
  /** No more lookalikes: `done` settles once every one added was handed to `onResult`. */
  close(): void;
  done: Promise<void>;
  /** The registry the scan waits on most, e.g. "RDAP rdap.verisign.com (.com): 10 req/s, 1,200 queued, ~2 min". */
  waitingOn(): string | null;
  readonly added: number;
  readonly finished: number;
}

/** The two halves of one lookalike's evidence, and a whole run (the retry when every source failed). */
export interface EnrichWork {
  registration(job: EnrichJob): Promise<EnrichPart>;
  rest(job: EnrichJob): Promise<EnrichPart>;
  whole(job: EnrichJob): Promise<EnrichPart>;
}

/** The real work over the enricher's sources, with a per-scan memory of unresponsive hosts. */
export function enrichWork(base: EnrichDeps, brand: BrandContext): EnrichWork {
  const deps: EnrichDeps = { ...base, unresponsive: createUnresponsiveHosts() };
  const opts = (job: EnrichJob) => ({ resolved: job.resolved, brand, deps });
  return {
    registration: (job) => registrationPart(job.domain, deps),
    rest: (job) => gatherEvidence(job.domain, opts(job), { registration: false }),
    whole: (job) => gatherEvidence(job.domain, opts(job)),
  };
}

export interface EnrichSchedulerOptions {
  work: EnrichWork;
  /** Which server a name's registration goes to, and how each is paced (absent: one queue). */
  registries?: EnrichDeps["registries"];
  /** Lookalikes whose DNS, web, TLS and hosting evidence is gathered at once. */
  window: number;
  /** Lookalikes done but for their registration, at most, before no more are started early. */
  holdLimit?: number;
  signal: AbortSignal;
  onResult(job: EnrichJob, result: EnrichResult): Promise<void>;
}

interface JobState {
  job: EnrichJob;
  reg: EnrichPart | null;
  rest: EnrichPart | null;
  restStarted: boolean;
}

interface RegistryQueue {
  key: string;
  suffixes: Set<string>;
  queue: JobState[];
  head: number;
  active: number;
}

/** Seconds of a server's rate handed to its pacer ahead of time: enough to keep it busy. */
const AHEAD_SECONDS = 2;
const STATS_TTL_MS = 200;

export function createEnrichScheduler(opts: EnrichSchedulerOptions): EnrichScheduler {
  const { work } = opts;
  const holdLimit = opts.holdLimit ?? opts.window * 4;
  const registries = new Map<string, RegistryQueue>();
  const keyOfSuffix = new Map<string, Promise<string>>();
  const pending: JobState[] = []; // in arrival order; the rest not started
  let pendingHead = 0;
  const ready: JobState[] = []; // registration in, the rest not started
  let readyHead = 0;
  let running = 0;
  let held = 0;
  let added = 0;
  let finished = 0;
  let closed = false;
  let failed = false;
  let settle!: { resolve: () => void; reject: (err: unknown) => void };
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  done.catch(() => undefined); // the caller awaits it; an early rejection is not unhandled

  let statsAt = -Infinity;
  let statsCache: RegistryServerStats[] = [];
  const stats = (): RegistryServerStats[] => {
    const now = performance.now();
    if (now - statsAt > STATS_TTL_MS) {
      statsCache = opts.registries?.stats() ?? [];
      statsAt = now;
    }
    return statsCache;
  };
  const statOf = (key: string) => stats().find((s) => s.server === key);

  const fail = (err: unknown) => {
    if (failed) return;
    failed = true;
    settle.reject(err);
  };
  const stopped = () => failed || opts.signal.aborted;
  opts.signal.addEventListener("abort", () => fail(opts.signal.reason), { once: true });

  const checkDone = () => {
    if (closed && !failed && finished === added) settle.resolve();
  };

  const complete = async (s: JobState) => {
    let result: EnrichResult = { ...mergeParts(s.rest!, s.reg!), attempts: 1 };
    // Every source failed: the run is tried once more whole (a hiccup, not the lookalike).
    if (failedEverywhere(result) && !stopped()) result = { ...(await work.whole(s.job)), attempts: 2 };
    if (stopped()) return;
    await opts.onResult(s.job, result);
    finished++;
    checkDone();
  };

  const pumpRest = () => {
    while (running < opts.window && !stopped()) {
      let next: JobState | undefined;
      while (readyHead < ready.length && !next) {
        const s = ready[readyHead++]!;
        if (!s.restStarted) next = s;
      }
      while (!next && held < holdLimit && pendingHead < pending.length) {
        const s = pending[pendingHead++]!;
        if (!s.restStarted) next = s;
      }
      if (!next) break;
      startRest(next);
    }
    readyHead = compact(ready, readyHead);
    pendingHead = compact(pending, pendingHead);
  };

  const startRest = (s: JobState) => {
    s.restStarted = true;
    running++;
    void work
      .rest(s.job)
      .catch((err: unknown): EnrichPart => ({ fields: {}, provenance: { run: unknown("enrich", err) } }))
      .then((rest) => {
        running--;
        s.rest = rest;
        if (s.reg) void complete(s).catch(fail);
        else held++;
        pumpRest();
      });
  };

  const ahead = (q: RegistryQueue) => {
    const rate = statOf(q.key)?.rate;
    return rate ? Math.min(64, Math.max(4, Math.ceil(rate * AHEAD_SECONDS))) : 16;
  };

  const pumpRegistry = (q: RegistryQueue) => {
    while (q.active < ahead(q) && q.head < q.queue.length && !stopped()) {
      const s = q.queue[q.head++]!;
      q.active++;
      void work.registration(s.job).then((reg) => {
        q.active--;
        s.reg = reg;
        if (s.rest) {
          held--;
          void complete(s).catch(fail);
        } else ready.push(s);
        pumpRegistry(q);
        pumpRest();
      });
    }
    q.head = compact(q.queue, q.head);
  };

  /** The registry server a name's registration goes to (by public suffix, looked up once each). */
  const registryOf = (domain: string): Promise<string> => {
    const suffix = getPublicSuffix(domain, { allowPrivateDomains: false }) ?? domain.split(".").pop()!;
    let key = keyOfSuffix.get(suffix);
    if (!key) {
      const lookup = opts.registries?.serverFor(domain) ?? Promise.resolve(null);
      key = lookup.catch(() => null).then((server) => server ?? `whois:${suffix}`);
      keyOfSuffix.set(suffix, key);
    }
    return key.then((k) => {
      const q = registries.get(k) ?? { key: k, suffixes: new Set(), queue: [], head: 0, active: 0 };
      registries.set(k, q);
      q.suffixes.add(suffix);
      return k;
    });
  };

  return {
    add(jobs) {
      for (const job of jobs) {
        const s: JobState = { job, reg: null, rest: null, restStarted: false };
        added++;
        pending.push(s);
        void registryOf(job.domain).then((k) => {
          const q = registries.get(k)!;
          q.queue.push(s);
          pumpRegistry(q);
        });
      }
      pumpRest();
    },
    close() {
      closed = true;
      checkDone();
    },
    done,
    waitingOn() {
      let worst: { q: RegistryQueue; left: number; rate: number; stat?: RegistryServerStats } | null = null;
      for (const q of registries.values()) {
        const left = q.queue.length - q.head + q.active;
        if (!left) continue;
        const stat = statOf(q.key);
        const rate = stat?.rate ?? 0;
        if (!worst || left / Math.max(rate, 0.01) > worst.left / Math.max(worst.rate, 0.01))
          worst = { q, left, rate, stat };
      }
      if (!worst) return null;
      const { q, left, rate, stat } = worst;
      const kind = stat?.kind === "whois" || q.key.startsWith("whois:") ? "WHOIS" : "RDAP";
      const host = q.key.startsWith("whois:") ? "" : ` ${hostOf(q.key)}`;
      const tlds = [...q.suffixes]
        .slice(0, 4)
        .map((t) => `.${t}`)
        .join(", ");
      const pace = rate ? `${rate < 10 ? rate.toFixed(1) : Math.round(rate)} req/s, ` : "";
      const eta = rate ? `, ~${duration(left / rate)}` : "";
      const paused =
        stat?.pausedUntil && stat.pausedUntil > performance.now() ? ", paused by the registry (429)" : "";
      return `${kind}${host} (${tlds}): ${pace}${left.toLocaleString("en-US")} queued${eta}${paused}`;
    },
    get added() {
      return added;
    },
    get finished() {
      return finished;
    },
  };
}

/** Drops a queue's taken head once it is most of the array; returns the new head. */
function compact<T>(queue: T[], head: number): number {
  if (head < 1024 || head * 2 < queue.length) return head;
  queue.splice(0, head);
  return 0;
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

function duration(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
