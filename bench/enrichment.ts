// Benchmark (not a test): enrichment throughput for 1,000 registered lookalikes of a generated
// world, without and with screenshots, and peak memory. The world runs in a child process so the
// worker's RSS is the worker's alone; Chromium's processes are sampled separately.
// Usage: npx tsx bench/enrichment.ts [lookalikes=1000] [runs-without=3] [runs-with=1] [concurrency=32]
import { fork, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Scenario } from "@brandwarden/world/scenario/schema";

if (process.argv[2] === "--world-child") {
  const { generateScenario } = await import("@brandwarden/world/scenario/generate");
  const { startTestWorld } = await import("@brandwarden/world/testing/test-world");
  const n = Number(process.argv[3]);
  const scenario = generateScenario({
    brand: "Acme Bank",
    domain: "acmebank.com",
    lookalikes: n,
    seed: "bench",
  });
  const world = await startTestWorld(scenario, { services: false });
  process.send!({ env: world.env, scenario: world.scenario });
  process.on("disconnect", () => void world.stop().then(() => process.exit(0)));
} else {
  await main();
}

async function main() {
  const { loadWorkerConfig } = await import("@brandwarden/worker/config");
  const { createEnricher } = await import("@brandwarden/worker/wiring/enricher");

  const n = Number(process.argv[2] ?? 1000);
  const runsWithout = Number(process.argv[3] ?? 3);
  const runsWith = Number(process.argv[4] ?? 1);
  const concurrency = process.argv[5] ?? "32";

  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ["--world-child", String(n)], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const { env, scenario } = await new Promise<{ env: Record<string, string>; scenario: Scenario }>(
    (resolve) => child.once("message", (m) => resolve(m as never)),
  );

  // What the resolve stage hands over: every lookalike with records (a `noanswer` name has none).
  const jobs = scenario.lookalikes
    .filter((l) => l.dns.fault !== "noanswer")
    .map((l) => ({
      domain: l.domain,
      resolved: { a: l.dns.a, aaaa: l.dns.aaaa, mx: l.dns.mx.map((m) => m.exchange), ns: l.dns.ns },
    }));

  // Chromium's resident memory, summed over its processes, sampled every 250 ms.
  let chromiumPeakKiB = 0;
  const sampler = setInterval(() => {
    // Only our own descendants: other processes on the machine may run Chromium too.
    const procs = new Map<number, { ppid: number; rss: number; chromium: boolean }>();
    for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        procs.set(Number(pid), {
          ppid: Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0),
          rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0),
          chromium: readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("chromium"),
        });
      } catch {
        // the process ended meanwhile
      }
    }
    const ours = (pid: number): boolean => {
      for (
        let p = procs.get(pid)?.ppid ?? 0, hops = 0;
        p > 1 && hops < 20;
        p = procs.get(p)?.ppid ?? 0, hops++
      )
        if (p === process.pid) return true;
      return false;
    };
    let sum = 0;
    for (const [pid, p] of procs) if (p.chromium && ours(pid)) sum += p.rss;
    chromiumPeakKiB = Math.max(chromiumPeakKiB, sum);
  }, 250);
  sampler.unref();

  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  async function run(screenshots: boolean) {
    const cfg = loadWorkerConfig({
      ...env,
      SCREENSHOTS: String(screenshots),
      ENRICH_CONCURRENCY: concurrency,
      HTTP_TIMEOUT_MS: "3000",
      DNS_TIMEOUT_MS: "1000",
    }).enrich;
    const enricher = createEnricher(cfg);
    try {
      const brandProfile = await enricher.profileOwnedDomain("acmebank.com");
      const brand = {
        brand_names: ["Acme Bank"],
        keywords: ["acme bank", "login"],
        owned_domains: scenario.brand.owned_domains.map((d) => d.domain),
        profiles: [brandProfile],
      };
      const t0 = performance.now();
      let shots = 0;
      const problems = new Map<string, number>();
      let webOk = 0;
      const kind = new Map(
        scenario.lookalikes.map((l) => [l.domain, `${l.site_kind}${l.dns.fault ? `/${l.dns.fault}` : ""}`]),
      );
      const started = new Map<string, number>();
      const slow: [string, number][] = [];
      // Verbose: stamp each job's start (the stage reads `resolved` when it starts the job).
      const timed = jobs.map((j) => ({ domain: j.domain, get resolved() { started.set(j.domain, performance.now()); return j.resolved; } })); // prettier-ignore
      const scheduler = enricher.schedule({
        brand,
        signal: new AbortController().signal,
        onResult: async (job, r) => {
          if (process.env.BENCH_VERBOSE)
            slow.push([
              `${job.domain} ${kind.get(job.domain)}`,
              performance.now() - started.get(job.domain)!,
            ]);
          if (r.fields.screenshot_hash) shots++;
          if (r.provenance.web?.status === "ok") webOk++;
          for (const k of ["web", "screenshot", "registration", "dns", "tls", "infrastructure"]) {
            const p = r.provenance[k];
            if (p && p.status !== "ok") {
              const key = `${k}:${String(p.error ?? p.status).split(/[ (]/)[0]}`;
              problems.set(key, (problems.get(key) ?? 0) + 1);
            }
          }
        },
      });
      scheduler.add(process.env.BENCH_VERBOSE ? timed : jobs);
      scheduler.close();
      await scheduler.done;
      const s = (performance.now() - t0) / 1000;
      if (process.env.BENCH_VERBOSE)
        console.log(
          slow
            .sort((a, b) => b[1] - a[1])
            .slice(0, 15)
            .map(([d, ms]) => `${d} ${ms.toFixed(0)}ms`),
        );
      if (process.env.BENCH_VERBOSE) console.log([...problems].sort((a, b) => b[1] - a[1]).slice(0, 12));
      return { s, rate: jobs.length / s, shots, webOk };
    } finally {
      await enricher.close();
    }
  }

  const report = async (label: string, screenshots: boolean, runs: number) => {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await run(screenshots));
    const rates = results.map((r) => r.rate);
    const last = results[results.length - 1]!;
    console.log(
      `${label.padEnd(20)} ${median(rates).toFixed(1).padStart(7)} domains/s (median of ${runs}: ${rates.map((r) => r.toFixed(1)).join(", ")}); ` +
        `${median(results.map((r) => r.s)).toFixed(1)} s per run; web ok ${last.webOk}, screenshots ${last.shots}`,
    );
    return median(rates);
  };

  console.log(`registered lookalikes: ${jobs.length} of ${n}; ENRICH_CONCURRENCY=${concurrency}`);
  const without = await report("without screenshots", false, runsWithout);
  const workerPeakWithout = process.resourceUsage().maxRSS / 1024;
  const withShots = runsWith > 0 ? await report("with screenshots", true, runsWith) : NaN;
  clearInterval(sampler);
  console.log(`ratio with/without:    ${(withShots / without).toFixed(3)}`);
  console.log(`worker peak RSS:       ${workerPeakWithout.toFixed(0)} MiB without screenshots, ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB overall`); // prettier-ignore
  console.log(`chromium peak RSS:     ${(chromiumPeakKiB / 1024).toFixed(0)} MiB (all its processes)`);
  child.disconnect();
  process.exit(0);
}
