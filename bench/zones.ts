// Zone-file benchmark (issue 28): a generated CZDS-like `.com` zone of 1 and 10 million delegated
// names (gzip) and the next day's copy (0.1% added, 0.05% removed); the baseline read, then the
// diff with every added name matched against 1,000 brands, as the zone watcher runs them. Each size
// runs in its own process pinned to one core (`taskset -c 0`, the GNU sort it spawns inherits the
// pin), so wall-clock names/s are one core's. Memory must not grow with the zone: the 10-million
// read's peak RSS stays within 1.5x + 48 MB of the 1-million read's (the sort's buffer is fixed,
// the reader streams), and the reader runs with its heap capped at 128 MB whatever the size. Goals: >= 150,000 zone names/s read and diffed on one core (a 160-million
// `.com` in under 20 minutes) and >= 20,000 names matched per CPU-second (a daily NRD list of
// 200,000 names in seconds). ZONE_BENCH_NAMES overrides the larger size.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LARGE = Number(process.env.ZONE_BENCH_NAMES ?? 10_000_000);
const READ_GOAL = 150_000;
const MATCH_GOAL = 20_000;
const MB = 1024 * 1024;
const HEAP_CAP_MB = 128;
const child = fileURLToPath(new URL("./zones/one-zone.ts", import.meta.url));

interface Result {
  n: number;
  baseline: { cpuS: number; wallS: number; names: number };
  diff: { cpuS: number; wallS: number; names: number; added: number; matches: number };
  matching: { cpuS: number; names: number; matches: number };
  peak: { rss: number; heap: number };
}

function step(mode: "generate" | "read", n: number, dir: string): string {
  const pin = existsSync("/usr/bin/taskset") ? ["/usr/bin/taskset", "-c", "0"] : [];
  // The reader runs under a fixed heap cap: were memory to grow with the zone, the 10-million read would die.
  const cap = mode === "read" ? [`--max-old-space-size=${HEAP_CAP_MB}`] : [];
  const [cmd, ...args] = [...pin, process.execPath, ...cap, "--import", "tsx", child, mode, String(n), dir];
  const res = spawnSync(cmd!, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (res.status !== 0) throw new Error(`zone bench (${mode} ${n} names) exited with ${res.status}`);
  return res.stdout;
}

function run(n: number): Result {
  const dir = mkdtempSync(path.join(tmpdir(), "zones-bench-"));
  try {
    step("generate", n, dir);
    return JSON.parse(step("read", n, dir).trim().split("\n").at(-1)!) as Result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (x: number) => Math.round(x).toLocaleString("en");
let failed = false;
const results: Result[] = [];
for (const n of [1_000_000, LARGE]) {
  const r = run(n);
  results.push(r);
  const readRate = r.diff.names / r.diff.wallS;
  const matchRate = r.matching.names / r.matching.cpuS;
  console.log(
    `${fmt(n)} names: baseline ${r.baseline.wallS.toFixed(1)} s (${fmt(r.baseline.names / r.baseline.wallS)}/s), ` +
      `diff+match ${r.diff.wallS.toFixed(1)} s: ${fmt(readRate)} names/s on one core, ` +
      `${fmt(r.diff.added)} added, ${r.diff.matches} brand matches — ${readRate >= READ_GOAL ? "meets" : "BELOW"} the ${fmt(READ_GOAL)}/s goal; ` +
      `peak RSS ${fmt(r.peak.rss / MB)} MB, heap ${fmt(r.peak.heap / MB)} MB`,
  );
  console.log(
    `  matching alone: ${fmt(matchRate)} names per CPU-second against 1,000 brands — ${matchRate >= MATCH_GOAL ? "meets" : "BELOW"} the ${fmt(MATCH_GOAL)}/s goal`,
  );
  if (readRate < READ_GOAL || matchRate < MATCH_GOAL) failed = true;
}
const [small, large] = results as [Result, Result];
const bound = small.peak.rss * 1.5 + 48 * MB;
const bounded = large.peak.rss <= bound;
console.log(
  `memory: ${fmt(large.n)} names peaked at ${fmt(large.peak.rss / MB)} MB RSS against ${fmt(small.peak.rss / MB)} MB for ` +
    `${fmt(small.n)} (${(large.peak.rss / small.peak.rss).toFixed(2)}x for ${large.n / small.n}x the names; bound ${fmt(bound / MB)} MB; heap capped at ${HEAP_CAP_MB} MB) — ` +
    (bounded ? "bounded" : "GROWS WITH THE ZONE"),
);
if (!bounded) failed = true;
process.exit(failed ? 1 : 0);
