// Certificate Transparency benchmark. Part 1: entries parsed and matched per second on one core
// (base64 leaf -> RFC 6962 leaf parse -> every host name matched against the brand index), against
// 1 and 1,000 brands, from distinct pre-built leaves shaped like public-log traffic. Part 2: the
// memory of a follower reading a 1,000,000-entry log from start to end (RSS and heap).
// Goal: >= 10,000 entries/s, ahead of the public logs' combined rate.
import { WorldCa } from "@brandwarden/world/tls/ca";
import { syntheticEntries } from "@brandwarden/world/services/ct-log-synthetic";
import { parseLeafInput } from "@brandwarden/worker/capabilities/discovery/ct/leaf-parser";
import {
  createBrandIndex,
  type IndexedBrand,
} from "@brandwarden/worker/capabilities/discovery/match/brand-index";
import { mulberry32 } from "@brandwarden/world/scenario/prng";
import { brandNames, namesOf } from "./ct/names.ts";
import { followerMemory } from "./ct/follower-memory.ts";

const GOAL = 10_000;
const ENTRIES = Number(process.env.CT_BENCH_ENTRIES ?? 40_000);
const T0 = Date.UTC(2026, 0, 1);

const ca = new WorldCa();
const entry = syntheticEntries(ca);
const r = mulberry32(22);
const brands = brandNames(1000, r);

function leaves(from: number, count: number): string[] {
  const out: string[] = [];
  for (let i = from; i < from + count; i++) {
    let names = namesOf(i, r);
    // One certificate in 200 impersonates one of the brands, as a phishing kit would name it.
    if (i % 200 === 0) names = [`${brands[i % brands.length]}-refund-center${i}.xyz`];
    out.push(entry({ names, precert: r() < 0.5, timestamp: T0 + i * 10 }).leaf_input);
  }
  return out;
}

function indexOf(count: number) {
  const list: IndexedBrand[] = brands.slice(0, count).map((b, i) => ({
    id: `user-${i}`,
    terms: {
      brand_names: [b],
      keywords: i % 3 ? [] : [`${b}pay`],
      owned_domains: [`${b}.com`, `www.${b}.net`],
    },
  }));
  return createBrandIndex(list);
}

function run(
  batch: string[],
  count: number,
): { perSecond: number; perCpuSecond: number; names: number; matches: number } {
  const index = indexOf(count);
  let names = 0;
  let matches = 0;
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (const b64 of batch) {
    const leaf = parseLeafInput(Buffer.from(b64, "base64"));
    for (const n of leaf.names) {
      names++;
      matches += index.match(n).length;
    }
  }
  const s = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  return { perSecond: batch.length / s, perCpuSecond: batch.length / cpuSeconds, names, matches };
}

/** Part 1: parse and match from pre-built leaves. */
function parseAndMatch(): void {
  console.log(`building ${ENTRIES * 2} distinct leaves ...`);
  const warm = leaves(0, ENTRIES);
  const timed = leaves(ENTRIES, ENTRIES);
  for (const count of [1, 1000]) {
    run(warm, count); // JIT warm-up on other names, with its own index (its label cache is not reused)
    const res = run(timed, count);
    // One thread does the work: its CPU time is its time on one core, whatever else the machine runs.
    const verdict = res.perCpuSecond >= GOAL ? "meets" : "BELOW";
    const n = (x: number) => Math.round(x).toLocaleString("en");
    console.log(
      `parse+match, ${String(count).padStart(4)} brand(s): ${n(res.perCpuSecond)} entries per CPU-second ` +
        `(${n(res.perSecond)}/s wall clock; ${n(res.names)} names, ${res.matches} matches) — ${verdict} the ${n(GOAL)}/s goal`,
    );
  }
}

// The follower first, in a fresh process, so its RSS is its own and not part 1's leftovers.
if (process.env.CT_BENCH_SKIP_FOLLOWER !== "1") await followerMemory({ ca, brands, entries: 1_000_000 });
parseAndMatch();
