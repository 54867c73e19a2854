/**
 * The watch between scans (issue 21): how fast it re-checks names, and what one round costs.
 *
 * A generated world (a few hundred registered lookalikes of acmebank.com) runs in a child process
 * (its DNS server and web hosts never share our event loop). Then:
 *   1. DNS re-check throughput: the 5,000 highest-prior-risk permutations of the brand, resolved
 *      the way a watch round resolves them (NS first, A/AAAA/MX), names per second and queries per
 *      second, best of 3 passes;
 *   2. the cost of a steady-state watch round for 5,000 names: the registered lookalikes are
 *      tracked (their pages re-checked with one cheap fetch each, not re-enriched), the rest
 *      resolved with DNS only; wall time, CPU time, peak RSS growth, DNS queries, messages (its
 *      DNS part alone first: the page re-checks wait on the slowest sites, HTTP_TIMEOUT_MS);
 *   3. what a change costs: a round in which 10 watched names got registered (each enriched and
 *      scored at once);
 *   4. ranking the watch list (once per brand profile; later rounds reuse it).
 *
 *   npx tsx bench/watch.ts [names=5000] [lookalikes=400]
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { randomUUID } from "node:crypto";
import type { TWatchRequest, TWatchUpdateData } from "@brandwarden/contract/watch";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { loadWorkerConfig } from "@brandwarden/worker/config";
import { createDnsClient } from "@brandwarden/worker/ports/dns/dns-client";
import { createEnricher } from "@brandwarden/worker/wiring/enricher";
import { createFeedLoader } from "@brandwarden/worker/capabilities/feeds/loader";
import { createResolver } from "@brandwarden/worker/wiring/resolver";
import { lookAtSite } from "@brandwarden/worker/use-cases/watch/content-check";
import { runWatchRound } from "@brandwarden/worker/use-cases/watch/watch-round";
import { rankPermutations } from "@brandwarden/worker/use-cases/watch/watchlist";

const DOMAIN = "acmebank.com";
const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const NAMES = Number(args[0] ?? 5000);
const LOOKALIKES = Number(args[1] ?? 400);

interface WorldInfo {
  ready: boolean;
  env?: Record<string, string>;
  registered?: Array<{ domain: string; a: string[]; aaaa: string[]; ns: string[] }>;
  error?: string;
}

/** Child mode: a world on random ports; prints its settings, runs until stdin closes, registers names on request. */
async function serveWorld(): Promise<void> {
  const { generateScenario } = await import("@brandwarden/world/scenario/generate");
  const { startTestWorld } = await import("@brandwarden/world/testing/test-world");
  const scenario = generateScenario({
    brand: "Acme Bank",
    domain: DOMAIN,
    lookalikes: LOOKALIKES,
    seed: "watch-bench",
  });
  const world = await startTestWorld(scenario, { services: false, ct: false });
  const registered = world.scenario.lookalikes
    .filter((l) => !l.dns.fault && (l.dns.a.length || l.dns.mx.length))
    .map((l) => ({ domain: l.domain, a: l.dns.a, aaaa: l.dns.aaaa, ns: l.dns.ns }));
  console.log(JSON.stringify({ ready: true, env: world.env, registered }));
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    const { register } = JSON.parse(line) as { register: string[] };
    void (async () => {
      for (const domain of register) await world.changes.registerLookalike({ domain, site_kind: "phishing" });
      console.log(JSON.stringify({ registered: register.length }));
    })();
  });
  lines.on("close", () => void world.stop().then(() => process.exit(0)));
}

function startWorldProcess() {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", process.argv[1]!, "--serve-world", String(NAMES), String(LOOKALIKES)],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const next = () =>
    new Promise<Record<string, unknown>>((resolve) => lines.once("line", (l) => resolve(JSON.parse(l))));
  return {
    info: next() as unknown as Promise<WorldInfo>,
    async register(names: string[]) {
      child.stdin!.write(`${JSON.stringify({ register: names })}\n`);
      await next();
    },
    stop: () => child.stdin!.end(),
  };
}

const fmt = (n: number, d = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`;

async function main(): Promise<void> {
  const world = startWorldProcess();
  const info = await world.info;
  if (!info.ready) throw new Error(`world did not start: ${info.error}`);
  const config = loadWorkerConfig({ ...info.env!, SCREENSHOTS: "false", LOG_LEVEL: "silent" });
  const logger = createSilentLogger();
  const dns = createDnsClient({
    nameservers: config.enrich.dnsNameservers,
    timeoutMs: config.enrich.dnsTimeoutMs,
  });
  const resolver = createResolver({ client: dns, timeoutMs: config.enrich.dnsTimeoutMs });
  const enricher = createEnricher(config.enrich, { logger, dns });
  const feeds = createFeedLoader([], { fetch: () => Promise.reject(new Error("no feeds in this bench")) });
  const brand = { brand_name: "Acme Bank", keywords: ["bank"], owned_domains: [DOMAIN] };
  const enrichBrand = { brand_names: [brand.brand_name], keywords: brand.keywords, owned_domains: brand.owned_domains, profiles: [] }; // prettier-ignore

  console.log(`Watch benchmark: ${fmt(NAMES)} names, a world of ${fmt(LOOKALIKES)} lookalikes (${info.registered!.length} registered), DNS ${info.env!.DNS_NAMESERVERS}`); // prettier-ignore

  // 4 first: the ranking the rounds use.
  const rankStart = performance.now();
  const ranked = rankPermutations(brand);
  const rankMs = performance.now() - rankStart;
  const names = ranked.slice(0, NAMES).map((r) => r.domain);

  // 1. DNS re-check throughput.
  const passes: Array<{ ms: number; queries: number; registered: number }> = [];
  for (let pass = 0; pass < 3; pass++) {
    const q0 = resolver.stats.queries;
    const t0 = performance.now();
    let registered = 0;
    for await (const r of resolver.resolveMany(names)) if (r.status === "registered") registered++;
    passes.push({ ms: performance.now() - t0, queries: resolver.stats.queries - q0, registered });
  }
  const best = passes.reduce((a, b) => (a.ms <= b.ms ? a : b));
  console.log("\n1. DNS re-check throughput (best of 3)");
  console.log(`   ${fmt(names.length)} names in ${fmt(best.ms)} ms: ${fmt((names.length / best.ms) * 1000)} names/s, ${fmt((best.queries / best.ms) * 1000)} queries/s (${fmt(best.queries / names.length, 2)} queries per name); ${best.registered} registered`); // prettier-ignore
  console.log(`   passes: ${passes.map((p) => `${fmt(p.ms)} ms`).join(", ")}`);

  // The registered names of the list are tracked lookalikes in a steady state: fingerprint them.
  const registeredInList = new Set<string>();
  for await (const r of resolver.resolveMany(names))
    if (r.status === "registered") registeredInList.add(r.domain);
  const tracked = await Promise.all(
    info
      .registered!.filter((l) => registeredInList.has(l.domain))
      .map(async (l) => ({
        domain: l.domain,
        state: "registered" as const,
        fingerprint: (await lookAtSite(l.domain, l, enrichBrand, enricher.deps)).fingerprint,
      })),
  );

  async function round(label: string, over: Partial<TWatchRequest> = {}) {
    const messages: TWatchUpdateData[] = [];
    const req: TWatchRequest = {
      watch_id: randomUUID(),
      user_id: randomUUID(),
      ...brand,
      domain_profiles: [],
      pinned: [],
      unregistered: [],
      tracked,
      skip: [],
      max_names: NAMES - tracked.length,
      ...over,
    };
    global.gc?.();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const stats = await runWatchRound(req, {
      resolver,
      enricher,
      scoring: null,
      loadFeeds: () => feeds.load(),
      publish: async (d) => void messages.push(d),
      rank: () => ranked,
      maxNames: NAMES,
      concurrency: config.pipeline.watch.concurrency,
      logger,
    });
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    clearInterval(sampler);
    const bytes = messages.reduce((n, m) => n + Buffer.byteLength(JSON.stringify(m)), 0);
    console.log(`\n${label}`);
    console.log(`   ${fmt(stats.names)} names by DNS + ${fmt(stats.content_checked)} pages re-checked: ${fmt(wall)} ms wall, ${fmt((cpu.user + cpu.system) / 1000)} ms CPU (${fmt(((cpu.user + cpu.system) / 1000 / wall) * 100)}% of one core), peak RSS +${mb(peak - rss0)}`); // prettier-ignore
    console.log(`   ${fmt(stats.dns_queries)} DNS queries, ${stats.registered} newly registered, ${stats.content_changed} changed, ${stats.enriched} enriched; ${messages.length} watch_update messages (${fmt(bytes / 1024, 1)} kB)`); // prettier-ignore
    console.log(`   per name: ${fmt((wall / (stats.names + stats.content_checked)) * 1000)} µs wall, ${fmt(((cpu.user + cpu.system) / (stats.names + stats.content_checked)))} µs CPU`); // prettier-ignore
    return { wall, stats };
  }

  // 2. A steady-state round: first its DNS part alone, then with the page re-checks.
  await round(`2a. The DNS part of a watch round alone: ${fmt(NAMES)} names, the registered ones skipped`, {
    tracked: [],
    skip: [...registeredInList],
    max_names: NAMES,
  });
  const steady = await round(`2. A steady-state watch round for ${fmt(NAMES)} names (${tracked.length} tracked lookalikes re-checked by page, the rest by DNS)`); // prettier-ignore

  // 3. Ten watched names get registered.
  const fresh = ranked
    .slice(0, NAMES)
    .filter((r) => !registeredInList.has(r.domain) && /^[a-z0-9-]+\.[a-z]+$/.test(r.domain))
    .slice(0, 10)
    .map((r) => r.domain);
  await world.register(fresh);
  const changed = await round(
    "3. The same round after 10 watched names were registered (each enriched and scored at once)",
  );
  console.log(`   the 10 registrations cost ${fmt(changed.wall - steady.wall)} ms over the steady round`);

  console.log("\n4. Ranking the watch list (once per brand profile, then cached)");
  console.log(`   ${fmt(ranked.length)} permutations ranked by prior risk in ${fmt(rankMs)} ms`);
  const hourly = steady.wall / 3_600_000;
  console.log(`\nAt WATCH_INTERVAL=1h a steady round keeps one worker busy ${fmt(hourly * 100, 3)}% of the time per brand of ${fmt(NAMES)} names.`); // prettier-ignore

  await enricher.close();
  await resolver.close();
  await dns.close();
  world.stop();
}

if (process.argv.includes("--serve-world")) await serveWorld();
else await main().then(() => process.exit(0));
