/**
 * The watch's full cycle (issue 28): every candidate of a brand re-resolved once per cycle, a slice
 * per round, paced per name server at WATCH_QPS.
 *
 * Two name servers on loopback (answering NXDOMAIN, as most lookalikes are), in a child process so
 * that our event loop does not bunch their clocks, record when each query arrives. A cycle over at least 50,000 candidates (a brand with four owned domains) runs round
 * after round, as the web app chains them (full cycle = ROUNDS intervals, the top WATCH_MAX_NAMES
 * every round), through the watch's own resolver (wiring/watch-resolver.ts). Printed:
 *   - names checked per second against the bound, WATCH_QPS × name servers;
 *   - the busiest one-second window of each server against WATCH_QPS (the pace is never exceeded);
 *   - the cycle's wall time against names / (WATCH_QPS × servers).
 * WATCH_QPS is 500 here (default 50) so the cycle takes about a minute; the ratios hold at any rate.
 *
 *   npx tsx bench/watch-cycle.ts [qps=500] [rounds=5]
 */
import { spawn } from "node:child_process";
import dgram from "node:dgram";
import { createInterface } from "node:readline";
import { randomUUID } from "node:crypto";
import type { TWatchRequest, TWatchStats } from "@brandwarden/contract/watch";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { runWatchRound } from "@brandwarden/worker/use-cases/watch/watch-round";
import { rankPermutations } from "@brandwarden/worker/use-cases/watch/watchlist";
import { createDnsClient } from "@brandwarden/worker/ports/dns/dns-client";
import type { DnsClient } from "@brandwarden/worker/ports/dns/dns.port";
import { watchResolverOn } from "@brandwarden/worker/wiring/watch-resolver";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const QPS = Number(args[0] ?? 500);
const ROUNDS = Number(args[1] ?? 5);
const MAX_NAMES = 2000;
const SERVERS = 2;
const HOUR = 3_600_000;

const fmt = (n: number, d = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

/** A name server answering NXDOMAIN to every question, noting when each query arrived. */
async function nxdomainServer(): Promise<{ port: number; arrivals: number[]; close(): void }> {
  const socket = dgram.createSocket("udp4");
  const arrivals: number[] = [];
  socket.on("message", (msg, rinfo) => {
    arrivals.push(performance.now());
    // The query itself, turned into its answer: QR and RD set, RA and rcode 3 (NXDOMAIN), no records.
    const answer = Buffer.from(msg);
    answer[2] = 0x80 | (msg[2]! & 0x01);
    answer[3] = 0x83;
    socket.send(answer, rinfo.port, rinfo.address);
  });
  await new Promise<void>((r) => socket.bind(0, "127.0.0.1", r));
  return { port: socket.address().port, arrivals, close: () => socket.close() };
}

/** Child mode: the name servers; prints their ports, then, when stdin closes, what each saw. */
async function serveNameServers(): Promise<void> {
  const servers = await Promise.all(Array.from({ length: SERVERS }, nxdomainServer));
  console.log(JSON.stringify({ ports: servers.map((s) => s.port) }));
  process.stdin.resume();
  process.stdin.on("end", () => {
    const seen = servers.map((s) => ({ queries: s.arrivals.length, busiest: busiestSecond(s.arrivals) }));
    for (const s of servers) s.close();
    process.stdout.write(`${JSON.stringify({ seen })}\n`, () => process.exit(0));
  });
}

function startNameServers() {
  const child = spawn(process.execPath, ["--import", "tsx", process.argv[1]!, "--serve-dns"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const next = <T>() => new Promise<T>((resolve) => lines.once("line", (l) => resolve(JSON.parse(l) as T)));
  return {
    ports: next<{ ports: number[] }>().then((m) => m.ports),
    /** Stops them; resolves with each server's queries and busiest one-second window. */
    async stop(): Promise<Array<{ queries: number; busiest: number }>> {
      const done = next<{ seen: Array<{ queries: number; busiest: number }> }>();
      child.stdin!.end();
      return (await done).seen;
    },
  };
}

/** The most arrivals in any one-second window. */
function busiestSecond(times: number[]): number {
  let best = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

async function main(): Promise<void> {
  const dns = startNameServers();
  const ports = await dns.ports;
  // The watch's resolver on one client per server, each noting when it sends a query.
  const sent: number[][] = ports.map(() => []);
  const clients = ports.map((port, i): DnsClient => {
    const client = createDnsClient({ nameservers: [`127.0.0.1:${port}`], timeoutMs: 2000, retries: 0 });
    return { ...client, query: (...a) => (sent[i]!.push(performance.now()), client.query(...a)), close: () => client.close() }; // prettier-ignore
  });
  const resolver = watchResolverOn(clients, { qps: QPS, timeoutMs: 2000 });
  const count = clients.length;
  const brand = { brand_name: "Acme Bank", keywords: ["bank", "login"], owned_domains: ["acmebank.com", "acmebank.net", "acmebank.org", "acmebank.de"] }; // prettier-ignore
  const t0 = performance.now();
  const ranked = rankPermutations(brand);
  console.log(`Watch cycle benchmark: ${fmt(ranked.length)} candidates of ${brand.owned_domains.join(", ")} (ranked in ${fmt(performance.now() - t0)} ms), top ${fmt(MAX_NAMES)} every round, full cycle = ${ROUNDS} intervals; WATCH_QPS=${QPS} (default 50, raised to keep the run short) × ${count} name servers`); // prettier-ignore

  const unusable = () => Promise.reject(new Error("nothing registers in this benchmark"));
  const deps = {
    resolver,
    enricher: { enrichLookalike: unusable, deps: {} } as never,
    scoring: null,
    loadFeeds: unusable as never,
    publish: async () => undefined,
    rank: () => ranked,
    maxNames: MAX_NAMES,
    concurrency: 8,
    pace: { qps: QPS, servers: count },
    logger: createSilentLogger(),
  };
  let offset = 0;
  let names = 0;
  let queries = 0;
  const rounds: TWatchStats[] = [];
  const start = performance.now();
  for (let n = 0; n < ROUNDS + 1; n++) {
    const req: TWatchRequest = {
      watch_id: randomUUID(),
      user_id: randomUUID(),
      ...brand,
      domain_profiles: [],
      pinned: [],
      unregistered: [],
      tracked: [],
      skip: [],
      cycle: { offset, interval_ms: HOUR, full_cycle_ms: ROUNDS * HOUR },
    };
    const stats = await runWatchRound(req, deps);
    rounds.push(stats);
    names += stats.names;
    queries += stats.dns_queries;
    console.log(`   round ${n + 1}: ${fmt(stats.names)} names (${fmt(stats.cycle_slice!)} of the cycle, positions ${fmt(stats.cycle_start!)}–${fmt(stats.cycle_next || stats.cycle_total!)}), ${fmt(stats.duration_ms)} ms, paced estimate ${fmt(stats.paced_seconds!, 1)} s`); // prettier-ignore
    if (stats.cycle_wrapped) break;
    offset = stats.cycle_next!;
  }
  const wall = performance.now() - start;
  const bound = QPS * count;
  const namesPerSecond = (names / wall) * 1000;
  console.log(`\n1. Throughput: ${fmt(names)} names (${fmt(queries)} queries) in ${rounds.length} rounds, ${fmt(wall / 1000, 1)} s: ${fmt(namesPerSecond)} names/s against a bound of ${fmt(bound)} (WATCH_QPS × ${count}): ${fmt((namesPerSecond / bound) * 100, 1)}% of it`); // prettier-ignore
  await resolver.close();
  const seen = await dns.stop();
  // The pace is kept where queries are let go; noted where the client sends them, a little later, 0.5% + 1 of jitter is allowed.
  const tolerance = Math.ceil(QPS * 0.005) + 1;
  console.log(`2. The pace per name server: the busiest one-second window of queries sent (at most WATCH_QPS + ${tolerance}), and of their arrivals (a loaded machine's scheduling bunches those)`); // prettier-ignore
  let over = false;
  for (const [i, { queries: received, busiest: arrived }] of seen.entries()) {
    const busiest = busiestSecond(sent[i]!);
    over ||= busiest > QPS + tolerance;
    console.log(`   server ${i + 1}: ${fmt(sent[i]!.length)} queries sent, busiest second ${fmt(busiest)} (${fmt((busiest / QPS) * 100, 1)}% of WATCH_QPS); ${fmt(received)} arrived, busiest second ${fmt(arrived)} (${fmt((arrived / QPS) * 100, 1)}%)`); // prettier-ignore
  }
  const boundSeconds = queries / bound;
  console.log(`3. The cycle's wall time: ${fmt(wall / 1000, 1)} s against the paced bound of ${fmt(boundSeconds, 1)} s (queries / (WATCH_QPS × servers)): ${fmt(wall / 1000 / boundSeconds, 3)}×`); // prettier-ignore
  console.log(`   At the default WATCH_QPS=50 on one name server, the same cycle's ${fmt(names)} names take ${fmt(names / 50 / 3600, 2)} h of DNS time; one round (${fmt(rounds[0]!.names)} names) ${fmt(rounds[0]!.names / 50 / 60, 1)} min of a 1 h interval.`); // prettier-ignore
  if (over) throw new Error("a name server got more than WATCH_QPS queries in one second");
}

if (process.argv.includes("--serve-dns")) await serveNameServers();
else await main().then(() => process.exit(0));
