import { describe, expect, it } from "vitest";
import type { TWatchRequest, TWatchUpdateData } from "@brandwarden/contract/watch";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { emptyResult, type Resolver } from "../../capabilities/resolve/types.ts";
import { runWatchRound } from "./watch-round.ts";

const ranked = Array.from({ length: 400 }, (_, i) => ({
  domain: `acmebank${i}.com`,
  domain_unicode: `acmebank${i}.com`,
  original_domain: "acmebank.com",
  fuzzer: "addition",
  fuzzers: ["addition"],
  registrable_domain: `acmebank${i}.com`,
  prior: 400 - i,
}));

/** A resolver that finds nothing registered and counts the names it was asked. */
function quietResolver(): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const stats = { queries: 0, domains: 0 };
  return {
    asked,
    concurrency: 10,
    stats,
    resolveDomain: async (d) => emptyResult(d),
    async *resolveMany(names) {
      for (const n of names) {
        asked.push(n);
        stats.queries++;
        yield { ...emptyResult(n), reason: "nxdomain" };
      }
    },
    close: async () => undefined,
  };
}

const request = (interval_ms: number): TWatchRequest => ({
  watch_id: "00000000-0000-4000-8000-000000000001",
  user_id: "00000000-0000-4000-8000-000000000002",
  brand_name: "Acme Bank",
  keywords: [],
  owned_domains: ["acmebank.com"],
  domain_profiles: [],
  pinned: [],
  unregistered: [],
  tracked: [],
  skip: [],
  cycle: { offset: 0, interval_ms, full_cycle_ms: 4 * interval_ms },
});

async function round(intervalMs: number) {
  const warnings: unknown[] = [];
  const logger = createSilentLogger();
  logger.warn = ((obj: unknown) => void warnings.push(obj)) as typeof logger.warn;
  const resolver = quietResolver();
  const published: TWatchUpdateData[] = [];
  const stats = await runWatchRound(request(intervalMs), {
    resolver,
    enricher: { enrichLookalike: () => Promise.reject(new Error("nothing registers")), deps: {} } as never,
    scoring: null,
    loadFeeds: () => Promise.reject(new Error("no feeds")),
    publish: async (d) => void published.push(d),
    rank: () => ranked,
    maxNames: 100,
    concurrency: 4,
    pace: { qps: 50, servers: 2 },
    logger,
  });
  return { stats, warnings, resolver, last: published.at(-1)! };
}

describe("a watch round's slice and pace", () => {
  it("resolves the top names and the cycle's slice, and says what the pace makes of it", async () => {
    const { stats, warnings, resolver, last } = await round(3_600_000);
    // 100 top names + (400 - 100) / 4 of the rest.
    expect(resolver.asked).toHaveLength(175);
    expect(resolver.asked.slice(100)).toEqual(ranked.slice(100, 175).map((r) => r.domain));
    expect(stats).toMatchObject({ names: 175, cycle_total: 400, cycle_slice: 75, cycle_start: 0, cycle_next: 175, cycle_wrapped: 0 }); // prettier-ignore
    expect(stats.paced_seconds).toBe(1.8); // 175 names at 50 a second on each of 2 servers
    expect(stats.over_interval).toBe(0);
    expect(warnings).toEqual([]);
    expect(last).toMatchObject({ done: true, stats: { cycle_next: 175 } });
  });

  it("warns when the paced round cannot finish before the next is due", async () => {
    const { stats, warnings } = await round(1000);
    expect(stats.over_interval).toBe(1);
    expect(warnings).toEqual([
      expect.objectContaining({ names: 175, paced_seconds: 1.8, interval_ms: 1000 }),
    ]);
  });
});
