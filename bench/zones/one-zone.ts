// One step of the zone benchmark, each in its own process (so the reader's peak memory is its own):
// `generate N DIR` writes a CZDS-like `.com` zone of N delegated names (gzip, names in no order, two
// NS lines each) and the next day's copy (0.1% names added, a tenth of them imitating a brand, 0.05%
// removed); `read N DIR` reads the first as the baseline, then diffs the second against it and
// matches every added name against 1,000 brands, as the zone watcher does, and prints one JSON line.
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { createGzip, constants } from "node:zlib";
import { mulberry32 } from "@brandwarden/world/scenario/prng";
import { createBrandIndex } from "@brandwarden/worker/capabilities/discovery/match/brand-index";
import { diffAgainstKept } from "@brandwarden/worker/capabilities/discovery/zone/zone-diff";
import { namesOfFile } from "@brandwarden/worker/capabilities/discovery/zone/zone-source";
import { brandNames } from "../ct/names.ts";

const [MODE, COUNT, DIR] = process.argv.slice(2) as ["generate" | "read", string, string];
const N = Number(COUNT);
const WORDS =
  "alpine bakery studio garden tractor harbor pixel maple copper velvet summit orchard lantern meadow cobalt granite willow falcon ember prairie quartz juniper".split(
    " ",
  );

const r = mulberry32(28);
const brands = brandNames(1000, r);
const index = createBrandIndex(
  brands.map((b, i) => ({
    id: `user-${i}`,
    terms: { brand_names: [b], keywords: [], owned_domains: [`${b}.com`] },
  })),
);

/** Name `i` of the zone: two words and a number, scattered (a zone is not read in order). */
const nameOf = (i: number) => {
  const k = (i * 2_654_435_761) >>> 0;
  return `${WORDS[k % WORDS.length]}${WORDS[(k >>> 8) % WORDS.length]}${k.toString(36)}${i}`;
};

async function writeZone(file: string, names: Iterable<string>): Promise<void> {
  const gz = createGzip({ level: constants.Z_BEST_SPEED });
  const out = createWriteStream(file);
  gz.pipe(out);
  gz.write("com.\t900\tin\tsoa\ta.gtld-servers.net. nstld.verisign-grs.com. 1 1800 900 604800 86400\n");
  let buf: string[] = [];
  for (const n of names) {
    buf.push(`${n}.com.\t172800\tin\tns\tns1.dns-host.net.\n${n}.com.\t172800\tin\tns\tns2.dns-host.net.\n`);
    if (buf.length >= 5000) {
      if (!gz.write(buf.join(""))) await once(gz, "drain");
      buf = [];
    }
  }
  gz.end(buf.join(""));
  await once(out, "finish");
}

function* oldNames(): Generator<string> {
  for (let i = 0; i < N; i++) yield nameOf(i);
}
const ADDED = Math.round(N / 1000);
function* newNames(): Generator<string> {
  for (let i = 0; i < N; i++) if (i % 2000 !== 7) yield nameOf(i); // 0.05% removed
  for (let i = 0; i < ADDED; i++)
    yield i % 10 === 0 ? `${brands[i % brands.length]}-login${i}` : nameOf(N + i);
}

const peak = { rss: 0, heap: 0 };
const sample = () => {
  const m = process.memoryUsage();
  peak.rss = Math.max(peak.rss, m.rss);
  peak.heap = Math.max(peak.heap, m.heapUsed);
};

const dir = DIR;
{
  const oldFile = path.join(dir, "old", "com.zone.gz");
  const newFile = path.join(dir, "new", "com.zone.gz");
  if (MODE === "generate") {
    await mkdir(path.dirname(oldFile), { recursive: true });
    await mkdir(path.dirname(newFile), { recursive: true });
    await writeZone(oldFile, oldNames());
    await writeZone(newFile, newNames());
    process.exit(0);
  }
  const kept = path.join(dir, "state", "com.zone.names");
  const timer = setInterval(sample, 50);

  // The baseline: the first copy read, sorted and kept.
  let cpu = process.cpuUsage();
  let t0 = process.hrtime.bigint();
  const first = await diffAgainstKept(namesOfFile(oldFile).batches, kept);
  await first.commit();
  const baseline = { cpuS: cpuSeconds(cpu), wallS: since(t0), names: first.names };

  // The next day: diffed against the kept copy, every added name matched against 1,000 brands.
  cpu = process.cpuUsage();
  t0 = process.hrtime.bigint();
  const second = await diffAgainstKept(namesOfFile(newFile).batches, kept);
  let added = 0;
  let matches = 0;
  for await (const batch of second.added)
    for (const n of batch) {
      added++;
      matches += index.match(n).length;
    }
  await second.commit();
  const diff = { cpuS: cpuSeconds(cpu), wallS: since(t0), names: second.names, added, matches };
  clearInterval(timer);
  sample();

  // Matching alone: names of the zone (a .txt list is matched whole), per CPU-second.
  const sampleNames = [
    ...(function* () {
      for (let i = 0; i < Math.min(N, 300_000); i++) yield `${nameOf(i)}.com`;
    })(),
  ];
  cpu = process.cpuUsage();
  let m = 0;
  for (const n of sampleNames) m += index.match(n).length;
  const matching = { cpuS: cpuSeconds(cpu), names: sampleNames.length, matches: m };

  console.log(
    JSON.stringify({ n: N, baseline, diff, matching, peak, maxRssKb: process.resourceUsage().maxRSS }),
  );
}

function cpuSeconds(from: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1e6;
}
function since(t0: bigint): number {
  return Number(process.hrtime.bigint() - t0) / 1e9;
}
