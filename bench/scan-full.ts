// Benchmark: wall time and peak memory of a full scan (generate → resolve → enrich → social →
// score) of a generated world with N registered lookalikes, run by the worker's pipeline
// in-process (no web app). Usage: node --import tsx bench/scan-full.ts [N ...]   (default 1000)
import { generateScenario } from "@brandwarden/world/scenario/generate";
import { startWorld } from "@brandwarden/world/world";
import { benchContainer, peakRss } from "./harness/scan-harness.ts";

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const rss = peakRss();

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
  const counts = { findings: 0, social: 0 };
  const bench = benchContainer({ ...world.env, HTTP_TIMEOUT_MS: "3000" }, (e) => {
    if (e.kind === "findings_initial") counts.findings += e.data.findings!.length;
    if (e.kind === "social_findings_initial") counts.social += e.data.findings!.length;
  });
  rss.reset();
  const wall = await bench.scan();
  console.log(
    `scan of a world with ${n} registered lookalikes: ${wall.toFixed(1)} s wall, peak RSS ${rss.mib()} MiB, ` +
      `${counts.findings} findings, ${counts.social} social; per stage (s): ${bench.stages()}`,
  );
  await bench.container.close();
  await world.stop();
}
rss.stop();
