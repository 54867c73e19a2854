/**
 * Lookalike generation and DNS resolution against dnstwist, side by side in one run (issue #4).
 *
 * A generated world (scenario with a few hundred registered lookalikes of acmebank.com) serves DNS
 * on 127.0.10.53:53 from a child process (dnstwist only talks to port 53, and neither tool should
 * share an event loop with the server). Then, for the brand domain:
 *   - generation time: ours in-process vs dnstwist's Fuzzer (in its own Python, same machine);
 *   - resolve throughput: ours over all our ~10k permutations vs dnstwist -r at its default thread
 *     count over its own permutations (its scanner threads timed from first start to last stop);
 *   - both registered sets, restricted to names both tools generate, must be equal (dnstwist's
 *     `!ServFail` names are "unknown" to us, so they are left out of its set and listed);
 *   - the server's own ceiling (dnsperf when installed, else our client on one name), and our
 *     queries per second as a fraction of it.
 * Needs dnstwist and python3-dnspython (apt-get install -y dnstwist python3-dnspython; dnsperf
 * optional). Exits 2 when they are missing or 127.0.10.53:53 is taken, 1 when the sets differ.
 *
 *   npx tsx bench/lookalike-resolve.ts [lookalikes=700] [seed=bench]
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { domainToASCII } from "node:url";
import { generatePermutations } from "@brandwarden/worker/capabilities/lookalike/generate";
import { createDnsClient } from "@brandwarden/worker/ports/dns/dns-client";
import { createResolver } from "@brandwarden/worker/wiring/resolver";

const DOMAIN = "acmebank.com";
const DNS = "127.0.10.53:53";
const CONCURRENCY = 300;
const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const LOOKALIKES = Number(args[0] ?? 700);
const SEED = args[1] ?? "bench";

/** Child mode: start the world, say "ready", run until stdin closes. */
async function serveWorld(): Promise<void> {
  const { generateScenario } = await import("@brandwarden/world/scenario/generate");
  const { startWorld } = await import("@brandwarden/world/world");
  const scenario = generateScenario({
    brand: "Acme Bank",
    domain: DOMAIN,
    lookalikes: LOOKALIKES,
    seed: SEED,
  });
  try {
    const world = await startWorld(scenario, {
      dns: DNS,
      rdap: "127.0.10.43:0",
      whois: "127.0.10.43:0",
      netPrefix: `127.${60 + Math.floor(Math.random() * 30)}`,
      services: false,
    });
    const faults = world.scenario.lookalikes.filter((l) => l.dns.fault).map((l) => [l.domain, l.dns.fault]);
    console.log(JSON.stringify({ ready: true, lookalikes: world.scenario.lookalikes.length, faults }));
    process.stdin.resume();
    process.stdin.on("end", () => void world.stop().then(() => process.exit(0)));
  } catch (err) {
    console.log(JSON.stringify({ ready: false, error: String(err) }));
    process.exit(3);
  }
}

const PY_HARNESS = `
import sys, time, json, threading
sys.path.insert(0, '/usr/lib/python3/dist-packages')
import dnstwist, dns.resolver
orig = dnstwist.Scanner.run
spans, lock = [], threading.Lock()
def run(self):
    t = time.perf_counter()
    try:
        orig(self)
    finally:
        with lock:
            spans.append((t, time.perf_counter()))
dnstwist.Scanner.run = run
gen = []
for _ in range(3):
    t = time.perf_counter(); f = dnstwist.Fuzzer(sys.argv[1]); f.generate(); gen.append((time.perf_counter() - t) * 1000)
names = [d['domain'] for d in f.domains if d['fuzzer'] != '*original']
res = dnstwist.run(domain=sys.argv[1], registered=True, format='null', nameservers=sys.argv[2])
scan = max(e for _, e in spans) - min(s for s, _ in spans)
print(json.dumps({"gen_ms": sorted(gen)[1], "names": names, "scan_s": scan, "threads": len(spans),
                  "found": [dict(x) for x in res if x['fuzzer'] != '*original']}))
`;

interface DnstwistRun {
  gen_ms: number;
  names: string[];
  scan_s: number;
  threads: number;
  found: Array<Record<string, string[] | string>>;
}

function findPython(): string | undefined {
  const bin = process.env.DNSTWIST_BIN ?? spawnSync("sh", ["-c", "command -v dnstwist"], { encoding: "utf8" }).stdout.trim(); // prettier-ignore
  if (!bin || !existsSync(bin)) return undefined;
  const shebang = readFileSync(bin, "utf8").split("\n")[0] ?? "";
  return shebang.startsWith("#!") ? shebang.slice(2).trim().split(" ")[0]! : "python3";
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number, d = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

async function startWorldProcess(): Promise<{ stop: () => void; info: Record<string, unknown> }> {
  const child = spawn(process.execPath, ["--import", "tsx", process.argv[1]!, "--serve-world", String(LOOKALIKES), SEED], {
    stdio: ["pipe", "pipe", "inherit"],
  }); // prettier-ignore
  const lines = createInterface({ input: child.stdout! });
  const info = await new Promise<Record<string, unknown>>((resolve) => {
    lines.on("line", (l) => {
      if (l.startsWith("{")) resolve(JSON.parse(l) as Record<string, unknown>);
    });
    child.once("exit", () => resolve({ ready: false, error: "world process exited" }));
  });
  return { stop: () => child.stdin!.end(), info };
}

/** The server's ceiling: dnsperf over our names (NS), else our own client hammering one name. */
async function serverCeiling(names: string[]): Promise<{ qps: number; how: string }> {
  const has = spawnSync("sh", ["-c", "command -v dnsperf"]).status === 0;
  if (has) {
    const dir = mkdtempSync(join(tmpdir(), "bench-dnsperf-"));
    writeFileSync(join(dir, "q.txt"), names.map((n) => `${n} NS\n`).join(""));
    const r = spawnSync("dnsperf", ["-s", "127.0.10.53", "-p", "53", "-d", join(dir, "q.txt"), "-l", "5", "-q", "200"], {
      encoding: "utf8",
    }); // prettier-ignore
    rmSync(dir, { recursive: true, force: true });
    const m = /Queries per second:\s+([\d.]+)/.exec(r.stdout);
    if (m) return { qps: Number(m[1]), how: "dnsperf, 5 s, 200 outstanding, our names as NS queries" };
  }
  const client = createDnsClient({ nameservers: [DNS], maxInFlight: 512, timeoutMs: 2000, retries: 0 });
  let n = 0;
  const until = performance.now() + 3000;
  const loop = async () => {
    while (performance.now() < until) {
      await client.query("ceiling-probe-name.com", "A").catch(() => {});
      n++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: 512 }, loop));
  const qps = n / ((performance.now() - t0) / 1000);
  await client.close();
  return { qps, how: "our client, 512 concurrent queries on one name for 3 s (dnsperf not installed)" };
}

async function main(): Promise<number> {
  const python = findPython();
  const hasDnspython = python && spawnSync(python, ["-c", "import dns.resolver"]).status === 0;
  if (!python || !hasDnspython) {
    console.error(
      `${python ? "python3-dnspython" : "dnstwist"} is not installed: apt-get install -y dnstwist python3-dnspython ` +
        "(without dnspython dnstwist ignores --nameservers)",
    );
    return 2;
  }

  // Generation.
  const cold0 = performance.now();
  generatePermutations(DOMAIN);
  const coldMs = performance.now() - cold0;
  const genTimes: number[] = [];
  let perms = generatePermutations(DOMAIN).permutations;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    perms = generatePermutations(DOMAIN).permutations;
    genTimes.push(performance.now() - t);
  }
  const ours = perms.filter((p) => p.valid).map((p) => p.domain);

  const world = await startWorldProcess();
  if (!world.info.ready) {
    // Port 53 taken (a demo world?): as root, run again in a private network namespace.
    if (/EADDRINUSE/.test(String(world.info.error)) && !process.env.BENCH_NETNS && process.getuid?.() === 0) {
      console.log(`${DNS} is in use; running in a private network namespace (unshare -n)`);
      const cmd = `ip link set lo up && exec "${process.execPath}" --import tsx "${process.argv[1]}" ${args.join(" ")}`;
      const r = spawnSync("unshare", ["-n", "sh", "-c", cmd], { stdio: "inherit", env: { ...process.env, BENCH_NETNS: "1" } }); // prettier-ignore
      if (r.status !== null && !r.error) return r.status;
    }
    console.error(`cannot start the world on ${DNS}: ${String(world.info.error)} (another world running?)`);
    return 2;
  }
  try {
    // Warm-up (JIT, sockets) on names nobody generated.
    const warm = createResolver({ nameservers: [DNS], concurrency: CONCURRENCY });
    for await (const _ of warm.resolveMany(Array.from({ length: 2000 }, (_, i) => `warmup-${i}-x.com`)));
    await warm.close();

    const resolver = createResolver({
      nameservers: [DNS],
      concurrency: CONCURRENCY,
      timeoutMs: 2500,
      retries: 2,
    });
    const registered = new Set<string>();
    const unknown = new Map<string, string>();
    const marks: number[] = [];
    const t0 = performance.now();
    let steady = { at: 0, queries: 0 };
    for await (const r of resolver.resolveMany(ours)) {
      marks.push(performance.now() - t0);
      if (marks.length === Math.floor(ours.length * 0.99)) steady = { at: marks.at(-1)! / 1000, queries: resolver.stats.queries }; // prettier-ignore
      if (r.status === "registered") registered.add(r.domain);
      if (r.status === "unknown") unknown.set(r.domain, r.reason ?? "");
    }
    const oursS = (performance.now() - t0) / 1000;
    const queries = resolver.stats.queries;
    await resolver.close();
    const p99S = steady.at;
    const steadyQps = steady.queries / steady.at;
    const steadyDps = (ours.length * 0.99) / p99S;

    const py = spawnSync(python, ["-c", PY_HARNESS, DOMAIN, DNS.split(":")[0]!], {
      encoding: "utf8",
      maxBuffer: 256 << 20,
    });
    if (py.status !== 0) {
      console.error(`dnstwist failed: ${py.stderr.split("\n").slice(-3).join(" ")}`);
      return 2;
    }
    const dt = JSON.parse(py.stdout.trim().split("\n").pop()!) as DnstwistRun;
    const ceiling = await serverCeiling(ours);

    // Registered sets on the names both tools generate.
    const dtNames = new Set(dt.names.map((n) => domainToASCII(n)));
    const ourNames = new Set(ours);
    const both = (n: string) => dtNames.has(n) && ourNames.has(n);
    const servfailOnly = (r: Record<string, unknown>) =>
      ["dns_ns", "dns_a", "dns_aaaa", "dns_mx"].every((k) => !r[k] || String(r[k]) === "!ServFail");
    const dtServfail = dt.found.filter(servfailOnly).map((r) => domainToASCII(String(r.domain)));
    const dtRegistered = new Set(
      dt.found.filter((r) => !servfailOnly(r)).map((r) => domainToASCII(String(r.domain))).filter(both),
    ); // prettier-ignore
    const ourRegistered = new Set([...registered].filter(both));
    const onlyDt = [...dtRegistered].filter((n) => !ourRegistered.has(n));
    const onlyOurs = [...ourRegistered].filter((n) => !dtRegistered.has(n));

    const dps = ours.length / oursS;
    const qps = queries / oursS;
    const dtDps = dt.names.length / dt.scan_s;
    const dtQueries = dt.names.length + dt.found.length * 3; // NS each; A, AAAA, MX when not NXDOMAIN
    console.log(
      `domain ${DOMAIN}; world: ${String(world.info.lookalikes)} lookalikes on ${DNS} (own process)`,
    );
    console.log("\ngeneration");
    console.log(`  ours      ${fmt(ours.length)} names in ${fmt(median(genTimes), 1)} ms (median of 5; first run ${fmt(coldMs)} ms)`); // prettier-ignore
    console.log(`  dnstwist  ${fmt(dt.names.length)} names in ${fmt(dt.gen_ms, 1)} ms (median of 3)`);
    console.log(
      `  names/ms  ${fmt(ours.length / median(genTimes) / (dt.names.length / dt.gen_ms), 1)}x dnstwist's`,
    );
    console.log("\nresolution");
    console.log(`  ours      ${fmt(ours.length)} names in ${fmt(oursS, 2)} s (concurrency ${CONCURRENCY}): ${fmt(dps)} domains/s, ${fmt(qps)} queries/s (${fmt(queries)} queries)`); // prettier-ignore
    console.log(`            99% done after ${fmt(p99S, 2)} s: ${fmt(steadyDps)} domains/s, ${fmt(steadyQps)} queries/s; the last 1% waits on the world's slow-fault names (${fmt(1.5, 1)} s answers)`); // prettier-ignore
    console.log(`            registered ${registered.size}, unknown ${unknown.size}: ${[...unknown].map(([d, r]) => `${d} (${r})`).join(", ")}`); // prettier-ignore
    console.log(`  dnstwist  ${fmt(dt.names.length)} names in ${fmt(dt.scan_s, 2)} s (${dt.threads} threads, its default): ${fmt(dtDps)} domains/s, ~${fmt(dtQueries / dt.scan_s)} queries/s`); // prettier-ignore
    console.log(`            registered ${dt.found.length - dtServfail.length}, !ServFail ${dtServfail.length}: ${dtServfail.join(", ")}`); // prettier-ignore
    console.log(`  domains/s ${fmt(dps / dtDps, 1)}x dnstwist's overall, ${fmt(steadyDps / dtDps, 1)}x over our first 99% (target >= 10x)`); // prettier-ignore
    console.log(`\nserver ceiling ${fmt(ceiling.qps)} queries/s (${ceiling.how})`);
    console.log(`  ours overall ${fmt(qps)} q/s = ${fmt(ceiling.qps / qps, 1)}x below; over our first 99% ${fmt(steadyQps)} q/s = ${fmt(ceiling.qps / steadyQps, 1)}x below (target: within 5x)`); // prettier-ignore
    console.log(`\nregistered on the ${fmt([...dtNames].filter((n) => ourNames.has(n)).length)} names both generate: ours ${ourRegistered.size}, dnstwist ${dtRegistered.size}`); // prettier-ignore
    if (onlyDt.length || onlyOurs.length) {
      console.log(
        `  DIFFERENT: only dnstwist: ${onlyDt.join(", ") || "-"}; only ours: ${onlyOurs.join(", ") || "-"}`,
      );
      return 1;
    }
    console.log("  equal");
    return 0;
  } finally {
    world.stop();
  }
}

if (process.argv.includes("--serve-world")) await serveWorld();
else process.exit(await main());
