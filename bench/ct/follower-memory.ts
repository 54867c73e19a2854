// Part 2 of the CT benchmark: a follower reads a 1,000,000-entry log from its first entry to its
// head (log in another process, over HTTP, 1,000 entries per call), matching every name against
// 1,000 brands; prints its peak RSS and heap, and the rate it followed at.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { TMonitoredBrand } from "@brandwarden/contract/monitored-brands";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import type { WorldCa } from "@brandwarden/world/tls/ca";
import { Agent } from "undici";
import { createCtClient } from "@brandwarden/worker/capabilities/discovery/ct/ct-client";
import { createBrandRegistry } from "@brandwarden/worker/capabilities/discovery/follow/brand-registry";
import { createCtFollower } from "@brandwarden/worker/use-cases/ct-follower/ct-follower";
import { undiciGet } from "@brandwarden/worker/capabilities/discovery/ct/http-get";

const MB = 1024 * 1024;

export async function followerMemory(opts: {
  ca: WorldCa;
  brands: string[];
  entries: number;
}): Promise<void> {
  const server = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      fileURLToPath(new URL("./log-server.ts", import.meta.url)),
      String(opts.entries),
      opts.brands.join(","),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout! }).once("line", resolve);
    server.once("exit", (code) => reject(new Error(`log server exited with ${code}`)));
  });
  const agent = new Agent({ connections: 4 });
  try {
    const monitored: TMonitoredBrand[] = opts.brands.map((b, i) => ({
      user_id: `user-${i}`,
      brand_name: b,
      brand_names: [b],
      keywords: [],
      owned_domains: [`${b}.com`],
      domain_profiles: [],
    }));
    const clock = { now: () => Date.now() };
    let handedOn = 0;
    const follower = createCtFollower({
      source: { kind: "rfc6962", url, key: null, description: "benchmark log" },
      client: createCtClient(url, { get: undiciGet(agent, 120_000) }),
      kv: createMemoryKv(),
      owner: "bench",
      clock,
      brands: createBrandRegistry({ load: async () => monitored, refreshMs: 3_600_000, clock }),
      assessor: {
        assess: async (m) => ({ domain: m.name, discovered_by: ["ct"], discovery_reason: m.reason }),
      },
      sink: async () => void handedOn++,
      logger: createSilentLogger(),
      prefix: "bench",
      backfillMs: Date.now(), // from the log's first entry
      maxPerRound: 10_000,
    });
    globalThis.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    for (;;) {
      const r = await follower.round();
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
      if (r.state !== "followed") throw new Error(`follower ${r.state}`);
      if (!r.behind && r.next === opts.entries) break;
    }
    const s = Number(process.hrtime.bigint() - started) / 1e9;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    globalThis.gc?.();
    const end = process.memoryUsage();
    const mb = (n: number) => `${(n / MB).toFixed(0)} MB`;
    console.log(
      `follower over ${opts.entries.toLocaleString("en")} entries (HTTP, 1,000 per call, 1,000 brands): ` +
        `${Math.round(opts.entries / s).toLocaleString("en")} entries/s wall clock (log server included), ` +
        `${Math.round(opts.entries / cpuSeconds).toLocaleString("en")} per CPU-second of the follower, ` +
        `${handedOn.toLocaleString("en")} matches handed on`,
    );
    console.log(
      `follower memory: RSS ${mb(base.rss)} at start, peak ${mb(peakRss)}, ${mb(end.rss)} at the end; ` +
        `heap ${mb(base.heapUsed)} at start, peak ${mb(peakHeap)}, ${mb(end.heapUsed)} at the end (after GC)`,
    );
  } finally {
    await agent.close();
    server.kill();
  }
}
