// The world of bench/scan-latency.ts in a process of its own, so its servers and the latency paths
// in front of them do not share the scanner's event loop (on the internet they are other machines).
// Started with fork(): sends { env } once listening, answers "stats" with the registries' counts
// and its own event loop's delay (a world too busy to answer in time is not the internet), and
// stops on "stop".
import { monitorEventLoopDelay } from "node:perf_hooks";
import { generateScenario } from "@brandwarden/world/scenario/generate";
import { startWorld } from "@brandwarden/world/world";

const opts = JSON.parse(process.argv[2]!) as {
  lookalikes: number;
  rttMs: number;
  jitter: number;
  rdapPerSecond: number;
  netPrefix: string;
};
const scenario = generateScenario({
  brand: "Acme Bank",
  domain: "acmebank.com",
  lookalikes: opts.lookalikes,
  seed: `bench-latency-${opts.lookalikes}`,
});
const profile = { rttMs: opts.rttMs, jitter: opts.jitter, loss: 0 };
const world = await startWorld(scenario, {
  dns: "127.0.12.53:0",
  rdap: "127.0.12.43:0",
  whois: "127.0.12.43:0",
  netPrefix: opts.netPrefix,
  services: { basePort: 0, host: "127.0.12.1" },
  ct: false,
  ...(opts.rttMs > 0 ? { network: { default: profile, seed: "bench" } } : {}),
  ...(opts.rdapPerSecond > 0
    ? { registries: { rdapPerSecond: opts.rdapPerSecond, rdapHost: "127.0.12.100" } }
    : {}),
});
const SAMPLE_MS = 20;
const loop = monitorEventLoopDelay({ resolution: SAMPLE_MS });
loop.enable();
process.send!({ env: world.env });
process.on("message", (m) => {
  if (m === "stats") {
    // The histogram holds each sampling interval whole: what lies beyond it is the delay.
    const ms = (ns: number) => Math.max(0, Math.round(ns / 1e6) - SAMPLE_MS);
    const lag = { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) };
    process.send!({ stats: { registries: world.registries?.stats() ?? [], lag } });
  }
  if (m === "stop") void world.stop().then(() => process.exit(0));
});
// The benchmark died (interrupted, crashed): its world goes with it.
process.on("disconnect", () => void world.stop().then(() => process.exit(0)));
