// Benchmark: wall time and peak memory of a full scan (generate → resolve → enrich → social →
// score) of a generated world with N registered lookalikes, run by the worker's pipeline
// in-process (no web app). Usage: node --import tsx bench/scan-full.ts [N ...]   (default 1000)
import { randomUUID } from "node:crypto";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { generateScenario } from "@brandwarden/world/scenario/generate";
import { startWorld } from "@brandwarden/world/world";
import { loadWorkerConfig } from "@brandwarden/worker/config";
import { createWorkerContainer } from "@brandwarden/worker/container";

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);

for (const n of sizes.length ? sizes : [1000]) {
  const scenario = generateScenario({
    brand: "Acme Bank",
    domain: "acmebank.com",
    lookalikes: n,
    seed: `bench-${n}`,
  });
  const world = await startWorld(scenario, {
    dns: "127.0.10.53:0",
    rdap: "127.0.10.43:0",
    whois: "127.0.10.43:0",
    netPrefix: "127.31",
    services: { basePort: 0 },
  });
  const config = loadWorkerConfig({
    ...process.env,
    ...world.env,
    SCREENSHOTS: "false",
    LOG_LEVEL: "silent",
    HTTP_TIMEOUT_MS: "3000",
  });
  const counts = { findings: 0, social: 0 };
  const stageTimes: Record<string, number> = {};
  let last = performance.now();
  const container = createWorkerContainer(
    config,
    {
      bus: createMemoryBus(),
      kv: createMemoryKv(),
      logger: createSilentLogger(),
      close: async () => undefined,
    },
    {
      withWeb: false,
      sink: async (e) => {
        const env = e as {
          kind: string;
          data: { findings?: unknown[]; stage_states?: Record<string, { status: string }> };
        };
        // A scan that fails says why (a benchmark of a failed scan measures nothing).
        const log = env.data as { level?: string; message?: string };
        if (env.kind === "log" && (log.level === "error" || process.env.BENCH_VERBOSE))
          console.log(`${log.level}: ${log.message}`);
        if (env.kind === "findings_initial") counts.findings += env.data.findings!.length;
        if (env.kind === "social_findings_initial") counts.social += env.data.findings!.length;
        for (const [stage, s] of Object.entries(env.data.stage_states ?? {})) {
          if ((s.status === "completed" || s.status === "skipped") && stageTimes[stage] === undefined) {
            stageTimes[stage] = performance.now() - last;
            last = performance.now();
          }
        }
      },
    },
  );
  peak = 0;
  const t0 = performance.now();
  await container.runner.submit({
    scan_id: randomUUID(),
    user_id: randomUUID(),
    brand_name: "Acme Bank",
    keywords: ["bank"],
    owned_domains: ["acmebank.com"],
    social_handles: [],
    logo_url: null,
    domain_profiles: [],
    resume_from_stage: null,
  });
  const wall = (performance.now() - t0) / 1000;
  console.log(
    `scan of a world with ${n} registered lookalikes: ${wall.toFixed(1)} s wall, peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB, ` +
      `${counts.findings} findings, ${counts.social} social; per stage (s): ` +
      Object.entries(stageTimes)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`)
        .join(", "),
  );
  await container.close();
  await world.stop();
}
clearInterval(sample);
