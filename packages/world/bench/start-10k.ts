import { generateScenario } from "../src/scenario/generate.ts";
import { dnsQuery } from "../testing/dns-query.ts";
import { createWorldFetch } from "../testing/world-client.ts";
import { startWorld } from "../src/world.ts";

// Benchmark (not a test): generate 10,000 lookalikes, start the world, prove it answers, and
// print startup seconds and peak RSS. Target: under 30 s and under 1 GiB.
// Usage: npx tsx packages/world/bench/start-10k.ts [lookalikes]

const n = Number(process.argv[2] ?? 10_000);
const t0 = performance.now();
const scenario = generateScenario({
  brand: "Acme Bank",
  domain: "acmebank.com",
  lookalikes: n,
  seed: "bench",
});
const t1 = performance.now();
const world = await startWorld(scenario, {
  dns: "127.0.10.53:0",
  rdap: "127.0.10.43:0",
  whois: "127.0.10.43:0",
  netPrefix: "127.30",
  services: { basePort: 0 },
});
const t2 = performance.now();

// It serves: a DNS answer and an HTTPS page through the world's DNS and CA.
const phishing = world.scenario.lookalikes.find((l) => l.site_kind === "phishing" && !l.dns.fault && l.tls)!;
const answer = await dnsQuery(world.env.DNS_NAMESERVERS!, phishing.domain, "A");
const wfetch = createWorldFetch(world);
const page = await wfetch(`https://${phishing.domain}/`);
const ok = answer.answers?.length === phishing.dns.a.length && page.status === 200;
await wfetch.close();

const ips = new Set(world.scenario.lookalikes.flatMap((l) => l.dns.a)).size;
const peakMiB = process.resourceUsage().maxRSS / 1024;
console.log(`lookalikes:        ${n}`);
console.log(`hosting addresses: ${ips} (x2 listeners)`);
console.log(`generate:          ${((t1 - t0) / 1000).toFixed(2)} s`);
console.log(`start world:       ${((t2 - t1) / 1000).toFixed(2)} s`);
console.log(`total startup:     ${((t2 - t0) / 1000).toFixed(2)} s (target < 30 s)`);
console.log(`peak RSS:          ${peakMiB.toFixed(0)} MiB (target < 1024 MiB)`);
console.log(`serving check:     ${ok ? "ok" : "FAILED"}`);
await world.stop();
process.exit(ok && t2 - t0 < 30_000 && peakMiB < 1024 ? 0 : 1);
