import pLimit from "p-limit";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import type {
  TWatchFinding,
  TWatchObservation,
  TWatchRequest,
  TWatchStats,
  TWatchTracked,
  TWatchUpdateData,
} from "@brandwarden/contract/watch";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Enricher } from "../../capabilities/enrich/enricher.ts";
import { feedQueryOf } from "../../capabilities/feeds/feed-index.ts";
import type { FeedLoadResult } from "../../capabilities/feeds/loader.ts";
import type { ScoringApi } from "../../ports/web-api/web-api.port.ts";
import type { ResolveResult, Resolver } from "../../capabilities/resolve/types.ts";
import { brandContextFromScan } from "../../capabilities/brand/brand-context.ts";
import { scoreFinding } from "../../capabilities/scoring/score.ts";
import { contentDifference, lookAtSite } from "./content-check.ts";
import { buildRoundList, type rankPermutations, type WatchName } from "./watchlist.ts";

/** Observations per `watch_update` message (a finding with its signals is a few kB). */
const BATCH = 50;

export interface WatchRoundDeps {
  resolver: Resolver;
  enricher: Pick<Enricher, "enrichLookalike" | "deps">;
  /** The web app's scoring API (weights); null: default weights. */
  scoring: ScoringApi | null;
  loadFeeds: () => Promise<FeedLoadResult>;
  publish: (data: TWatchUpdateData) => Promise<void>;
  rank: (input: Parameters<typeof rankPermutations>[0]) => ReturnType<typeof rankPermutations>;
  /** Generated permutations re-resolved per round (WATCH_MAX_NAMES). */
  maxNames: number;
  /** Pages fetched and names enriched at once. */
  concurrency: number;
  /** The resolver's pace (WATCH_QPS per name server): what a round's DNS work is expected to take. */
  pace?: { qps: number; servers: number };
  logger: Logger;
}

/**
 * One watch round of one user: the watch list is re-resolved with DNS only; a name that resolves
 * is enriched and scored at once and reported `registered`; every tracked lookalike is resolved
 * and its page fetched cheaply, and only a material difference (or, for a taken-down one, its
 * site being down or back) is reported, with full enrichment when the content changed. Ends
 * with a `done` message carrying the round's stats; a failure ends it with `error`.
 */
export async function runWatchRound(req: TWatchRequest, deps: WatchRoundDeps): Promise<TWatchStats> {
  const started = performance.now();
  const queriesBefore = deps.resolver.stats.queries;
  const { names: list, cycle } = buildRoundList(req, deps.maxNames, deps.rank);
  const stats: TWatchStats = {
    names: list.length,
    pinned: req.pinned.length,
    tracked: req.tracked.length,
    registered: 0,
    content_checked: 0,
    content_changed: 0,
    enriched: 0,
    dns_queries: 0,
    duration_ms: 0,
    ...(cycle && {
      cycle_total: cycle.total,
      cycle_slice: cycle.names.length,
      cycle_start: cycle.start,
      cycle_next: cycle.next,
      cycle_wrapped: cycle.wrapped ? 1 : 0,
    }),
  };
  if (deps.pace) {
    // At least a query per name, each server taking WATCH_QPS: the round cannot go faster.
    const seconds = (list.length + req.tracked.length) / (deps.pace.qps * deps.pace.servers);
    stats.paced_seconds = Math.round(seconds * 10) / 10;
    stats.over_interval = req.cycle && seconds * 1000 > req.cycle.interval_ms ? 1 : 0;
    if (stats.over_interval)
      deps.logger.warn(
        { watch_id: req.watch_id, names: list.length, paced_seconds: stats.paced_seconds, interval_ms: req.cycle!.interval_ms }, // prettier-ignore
        "watch: at WATCH_QPS this round's DNS work takes longer than WATCH_INTERVAL; raise WATCH_QPS, add name servers or lengthen WATCH_FULL_CYCLE",
      );
  }
  const base = { watch_id: req.watch_id, user_id: req.user_id };
  const pending: TWatchObservation[] = [];
  const unchanged: string[] = [];
  // Batches are taken synchronously, so concurrent checks never publish one observation twice.
  const flush = async (force = false) => {
    while (pending.length >= BATCH || (force && pending.length)) {
      const batch = pending.splice(0, BATCH);
      await deps.publish({ ...base, observations: batch, unchanged: [], done: false });
    }
  };
  const observe = async (o: TWatchObservation) => {
    pending.push(o);
    await flush();
  };

  const brand = brandContextFromScan(req);
  let scoringInputs: Promise<{ weights: Record<string, number>; feeds: FeedLoadResult }> | null = null;
  const inputs = () =>
    (scoringInputs ??= (async () => {
      let weights: Record<string, number> = DEFAULT_DOMAIN_WEIGHTS;
      if (deps.scoring)
        weights = await deps.scoring.getWeights(req.user_id).then(
          (w) => w.weights,
          (err: unknown) => {
            deps.logger.warn({ err: (err as Error).message }, "watch: default weights (web unreachable)");
            return DEFAULT_DOMAIN_WEIGHTS;
          },
        );
      return { weights, feeds: await deps.loadFeeds() };
    })());

  /** Full enrichment and a score for one name, as the scan's enrich and score stages do. */
  async function enrichAndScore(
    name: Partial<WatchName> & { domain: string },
    r: ResolveResult,
  ): Promise<TWatchFinding> {
    const resolved = { a: r.dns_a, aaaa: r.dns_aaaa, mx: r.dns_mx, ns: r.dns_ns };
    const result = await deps.enricher.enrichLookalike(r.domain, resolved, brand);
    stats.enriched++;
    const { screenshot_png: _png, ...fields } = result.fields;
    const evidence = {
      domain: r.domain,
      ...(name.domain_unicode ? { domain_unicode: name.domain_unicode } : {}),
      ...(name.original_domain ? { original_domain: name.original_domain } : {}),
      ...(name.fuzzer ? { fuzzer: name.fuzzer, fuzzers: name.fuzzers } : {}),
      ...(name.registrable_domain ? { registrable_domain: name.registrable_domain } : {}),
      ...(name.source === "watchlist" || name.source === "cycle" ? { discovered_by: ["permutation"] } : {}),
      resolve_status: "registered" as const,
      dns_a: r.dns_a,
      dns_aaaa: r.dns_aaaa,
      dns_mx: r.dns_mx,
      dns_ns: r.dns_ns,
      wildcard: r.wildcard,
      ...fields,
      provenance: result.provenance as Record<string, unknown>,
    };
    const { weights, feeds } = await inputs();
    const hits = feeds.index.match(feedQueryOf(evidence));
    const s = scoreFinding({ ...evidence, threat_feed_hits: hits }, brand, weights, new Date());
    return { ...evidence, threat_feed_hits: hits, score: s.score, severity: s.severity, signals: s.signals };
  }

  const limit = pLimit(deps.concurrency);
  const checkedAt = () => new Date().toISOString();

  async function recheck(t: TWatchTracked, r: ResolveResult): Promise<void> {
    const facts = {
      domain: t.domain,
      kind: "checked" as const,
      source: "tracked" as const,
      checked_at: checkedAt(),
    };
    if (r.status === "unknown") return; // no evidence either way
    if (r.status === "unregistered") {
      if (t.state === "down") unchanged.push(t.domain);
      else
        await observe({ ...facts, resolve_status: "unregistered", reachable: null, content_changed: false, fingerprint: null, finding: null }); // prettier-ignore
      return;
    }
    stats.content_checked++;
    const look = await lookAtSite(r.domain, { a: r.dns_a, aaaa: r.dns_aaaa, ns: r.dns_ns }, brand, {
      ...deps.enricher.deps,
      logger: deps.logger,
    });
    const differs = contentDifference(t.fingerprint, look.fingerprint);
    if (differs && look.reachable) {
      stats.content_changed++;
      const finding = await enrichAndScore({ domain: r.domain }, r);
      await observe({ ...facts, resolve_status: "registered", reachable: look.reachable, content_changed: true, fingerprint: look.fingerprint, finding }); // prettier-ignore
      return;
    }
    // A taken-down site going down (or coming back) is news without new content.
    const news =
      differs !== null ||
      (t.state === "takedown_requested" && !look.reachable) ||
      (t.state === "down" && look.reachable);
    if (!news) {
      unchanged.push(t.domain);
      return;
    }
    await observe({ ...facts, resolve_status: "registered", reachable: look.reachable, content_changed: false, fingerprint: look.fingerprint, finding: null }); // prettier-ignore
  }

  try {
    // 1. The watch list, DNS only; what resolves is enriched and scored at once.
    const byName = new Map(list.map((n) => [n.domain, n]));
    const newly: Promise<void>[] = [];
    for await (const r of deps.resolver.resolveMany(list.map((n) => n.domain))) {
      if (r.status !== "registered") continue;
      stats.registered++;
      const name = byName.get(r.domain)!;
      newly.push(
        limit(async () => {
          const finding = await enrichAndScore(name, r);
          await observe({
            domain: r.domain,
            kind: "registered",
            source: name.source,
            resolve_status: "registered",
            reachable: typeof finding.http_status === "number" ? finding.http_status < 400 : false,
            content_changed: false,
            fingerprint: null,
            finding,
            checked_at: checkedAt(),
          });
        }),
      );
    }
    await Promise.all(newly);

    // 2. Tracked lookalikes: still registered? still answering? same page?
    const tracked = new Map<string, TWatchTracked>(req.tracked.map((t) => [t.domain, t]));
    const checks: Promise<void>[] = [];
    for await (const r of deps.resolver.resolveMany([...tracked.keys()])) {
      const t = tracked.get(r.domain)!;
      checks.push(limit(() => recheck(t, r)));
    }
    await Promise.all(checks);

    await flush(true);
    stats.dns_queries = deps.resolver.stats.queries - queriesBefore;
    stats.duration_ms = Math.round(performance.now() - started);
    await deps.publish({
      ...base,
      observations: [],
      unchanged: unchanged.slice(0, 10_000),
      done: true,
      stats,
    });
    return stats;
  } catch (err) {
    limit.clearQueue();
    await flush(true).catch(() => undefined);
    stats.duration_ms = Math.round(performance.now() - started);
    const message = String((err as Error)?.message ?? err).slice(0, 2000);
    await deps.publish({ ...base, observations: [], unchanged: [], done: true, error: message, stats });
    throw err;
  }
}
