// Benchmark: a full scan at internet speed. The world (its own process) answers through latency
// paths of RTT ms with 5% jitter, and every registry's RDAP server allows RDAP_RATE requests a
// second (429 with Retry-After beyond), as registries do. Prints wall time, the lower bound the
// scan's own work sets, the ratio to it, the 429s and peak memory.
//
// The bound, from what the scan actually did: the busiest registry's requests (less its burst)
// divided by its rate, plus the generate stage (CPU before any request), plus the round trips one
// lookalike cannot avoid on its way there (DNS answer, the bootstrap file and the RDAP request on
// new connections: 5). Every other request (DNS records, web, TLS, hosting) can overlap with those.
//
// Usage: npm run bench -- scan-latency [N ...]   (default 1000 10000)
//   BENCH_RTT=50 BENCH_RDAP_RATE=10; BENCH_RTT=0 BENCH_RDAP_RATE=0: loopback speed, no limits.
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchContainer, peakRss } from "./harness/scan-harness.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const rttMs = Number(process.env.BENCH_RTT ?? 50);
const rdapRate = Number(process.env.BENCH_RDAP_RATE ?? 10);
const CHAIN_RTTS = 5;
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);

interface RegistryStats {
  kind: string;
  name: string;
  tlds: string[];
  requests: number;
  limited: number;
  ratePerSecond: number | null;
  burst: number | null;
}

function startWorldProcess(lookalikes: number, netPrefix: string) {
  const child = fork(
    path.join(here, "scan-latency", "world-child.ts"),
    [JSON.stringify({ lookalikes, rttMs, jitter: 0.05, rdapPerSecond: rdapRate, netPrefix })],
    { execArgv: ["--import", "tsx"], stdio: "inherit" },
  );
  const next = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const on = (m: Record<string, unknown>) => {
        if (key in m) {
          child.off("message", on);
          resolve(m[key] as T);
        }
      };
      child.on("message", on);
      child.once("exit", (code) => reject(new Error(`the world exited (${code})`)));
    });
  return {
    child,
    env: next<Record<string, string>>("env"),
    stats: () => (
      child.send("stats"),
      next<{ registries: RegistryStats[]; lag: { p50: number; p99: number; max: number } }>("stats")
    ),
    stop: (c: ChildProcess = child) => new Promise((r) => (c.once("exit", r), c.send("stop"))),
  };
}

const rss = peakRss();

for (const n of sizes.length ? sizes : [1000, 10000]) {
  const world = startWorldProcess(n, "127.33");
  const counts = { findings: 0 };
  const enriched = new Set<string>();
  const registrars = new Set<string>();
  const webOk = new Set<string>();
  const webErrors = new Map<string, string>();
  const bench = benchContainer(await world.env, (e) => {
    if (e.kind === "findings_initial") counts.findings += e.data.findings!.length;
    if (e.kind === "findings_delta")
      for (const f of e.data.findings!) {
        if (f.provenance) enriched.add(f.domain);
        if (f.registrar) registrars.add(f.domain);
        const web = f.provenance?.web;
        if (web?.status === "ok") webOk.add(f.domain);
        else if (web?.error) webErrors.set(f.domain, web.error.split(/[ (:]/)[0]!);
      }
  });
  const { container } = bench;
  rss.reset();
  const t0 = performance.now();
  // BENCH_VERBOSE: the product's view of the registries every 2 s (rate, queue, 429s).
  const verbose = process.env.BENCH_VERBOSE
    ? setInterval(() => {
        const rows = container.enricher.deps.registries?.stats() ?? [];
        const busy = rows.filter((r) => r.queued || r.inFlight).sort((a, b) => b.queued - a.queued);
        console.log(
          `${((performance.now() - t0) / 1000).toFixed(0)}s`,
          busy
            .slice(0, 4)
            .map(
              (r) =>
                `${r.server} ${r.rate.toFixed(1)}/s q${r.queued} f${r.inFlight} n${r.requests} 429:${r.limited}`,
            )
            .join(" | "),
        );
      }, 2000)
    : undefined;
  const wall = await bench.scan();
  clearInterval(verbose);
  const { registries: stats, lag } = await world.stats();
  await container.close();
  await world.stop();

  const rdap = stats.filter((s) => s.kind === "rdap");
  const requests = rdap.reduce((a, s) => a + s.requests, 0);
  const limited = rdap.reduce((a, s) => a + s.limited, 0);
  const busiest = rdap
    .filter((s) => s.ratePerSecond)
    .map((s) => ({ s, t: Math.max(0, s.requests - s.limited - (s.burst ?? 0)) / s.ratePerSecond! }))
    .sort((a, b) => b.t - a.t)[0];
  const generate = bench.stageSeconds("generate");
  const bound = (busiest?.t ?? 0) + generate + (CHAIN_RTTS * rttMs) / 1000;
  console.log(
    `${n} registered lookalikes at ${rttMs} ms RTT, RDAP ${rdapRate || "unlimited"} req/s per registry: ` +
      `${wall.toFixed(1)} s wall; ` +
      // Without a limited registry the scan is bound by CPU, not by its waits: no bound to compare with.
      (busiest
        ? `bound ${bound.toFixed(1)} s (${busiest.s.name} ${busiest.s.requests - busiest.s.limited} answered / ${busiest.s.ratePerSecond}/s = ${busiest.t.toFixed(1)} s, ` +
          `generate ${generate.toFixed(1)} s, ${CHAIN_RTTS} RTT) → ratio ${(wall / bound).toFixed(2)}; ` +
          `RDAP ${requests} requests, ${limited} answered 429 (${((100 * limited) / Math.max(1, requests)).toFixed(2)}%); `
        : "no rate-limited registry, no bound; ") +
      `${enriched.size} enriched of ${counts.findings} findings, ${registrars.size} with a registrar, ${webOk.size} with the web answered; ` +
      `peak RSS ${rss.mib()} MiB; stages (s): ${bench.stages()}`,
  );
  const why = new Map<string, number>();
  for (const e of webErrors.values()) why.set(e, (why.get(e) ?? 0) + 1);
  console.log(`  the world's event loop delay: median ${lag.p50} ms, p99 ${lag.p99} ms, max ${lag.max} ms`);
  console.log(`  web not answered: ${[...why].sort((a, b) => b[1] - a[1]).map(([e, c]) => `${e} ${c}`).join(", ") || "none"}`); // prettier-ignore
}
rss.stop();
// Undici's idle keep-alive connections to the stopped world would hold the process for minutes.
process.exit(0);
