// What the scan benchmarks share: the worker's pipeline in-process (no web app, an in-memory bus
// and store), one scan of the bench brand, every event the scan publishes handed to the benchmark,
// each stage's time from its first `running` to its end, and the process's peak RSS.
import { randomUUID } from "node:crypto";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { loadWorkerConfig } from "@brandwarden/worker/config";
import { createWorkerContainer } from "@brandwarden/worker/container";

export interface ScanEvent {
  kind: string;
  data: {
    level?: string;
    message?: string;
    findings?: Array<{ domain: string; registrar?: string | null; provenance?: { web?: { status: string; error?: string } } }>; // prettier-ignore
    stage_states?: Record<string, { status: string }>;
  };
}

/** The process's peak resident memory since the last `reset()`, sampled every 100 ms. */
export function peakRss() {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  return {
    reset: () => (peak = 0),
    mib: () => Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20),
    stop: () => clearInterval(timer),
  };
}

/**
 * A worker container on `env` (the world's settings over the process's), screenshots off, whose
 * scans hand every event to `onEvent`. A failed scan's error is printed: its timing measures nothing.
 */
export function benchContainer(env: Record<string, string | undefined>, onEvent: (e: ScanEvent) => void) {
  const config = loadWorkerConfig({ ...process.env, ...env, SCREENSHOTS: "false", LOG_LEVEL: "silent" });
  const stageTimes: Record<string, number> = {};
  const started: Record<string, number> = {};
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
      sink: async (raw) => {
        const e = raw as ScanEvent;
        if (e.kind === "log" && (e.data.level === "error" || process.env.BENCH_VERBOSE))
          console.log(`${e.data.level}: ${e.data.message}`);
        for (const [stage, s] of Object.entries(e.data.stage_states ?? {})) {
          if (s.status === "running" && started[stage] === undefined) started[stage] = performance.now();
          if ((s.status === "completed" || s.status === "skipped") && stageTimes[stage] === undefined)
            stageTimes[stage] = performance.now() - (started[stage] ?? performance.now());
        }
        onEvent(e);
      },
    },
  );
  return {
    container,
    /** Runs one scan of the bench brand; its wall time in seconds. */
    async scan(): Promise<number> {
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
      return (performance.now() - t0) / 1000;
    },
    /** Seconds `stage` took, from when it first showed running (work begun early counts) to its end. */
    stageSeconds: (stage: string) => (stageTimes[stage] ?? 0) / 1000,
    /** Every stage's seconds, as a line. */
    stages: () =>
      Object.entries(stageTimes)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`)
        .join(", "),
  };
}
