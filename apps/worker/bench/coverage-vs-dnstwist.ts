/**
 * Coverage and speed against dnstwist. For each domain: run dnstwist (--format list, all fuzzers,
 * with the same dictionary and TLD file we pass to our engine), compare the sets of ASCII names,
 * and time generation on both sides (in-process, median of several runs; dnstwist's CLI wall time
 * is printed too). `--format list` is dnstwist's generate-only output; `json` would also resolve
 * every name over DNS. The input itself (dnstwist's `*original`) is not counted. Exits 2 when dnstwist is not installed, 1 when any dnstwist name is missing.
 *
 *   npx tsx apps/worker/bench/coverage-vs-dnstwist.ts [domain ...]
 *   DNSTWIST_BIN=/path/to/dnstwist npx tsx ...   (another dnstwist build)
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DNSTWIST_FUZZERS } from "../src/capabilities/lookalike/fuzzer-names.ts";
import { generatePermutations } from "../src/capabilities/lookalike/generate.ts";

const DOMAINS = ["acmebank.com", "my-bank.com", "bücher.de", "brand.co.uk", "paypal.com"];
const RUNS = 7;
const DICT_FILE = "/usr/share/dnstwist/dictionaries/english.dict";
const TLD_FILE = "/usr/share/dnstwist/dictionaries/common_tlds.dict";
const FALLBACK_WORDS = "login secure verify support account wallet auth update mail my online pay www".split(
  " ",
);
const FALLBACK_TLDS = "com net org de uk co.uk fr io info biz xyz ru cn br eu".split(" ");

/** dnstwist on PATH, or the file named by DNSTWIST_BIN. */
function findDnstwist(): { bin: string; python: string } | undefined {
  let bin = process.env.DNSTWIST_BIN;
  if (bin === undefined) {
    const which = spawnSync("sh", ["-c", "command -v dnstwist"], { encoding: "utf8" });
    bin = which.status === 0 ? which.stdout.trim() : "";
  }
  if (!bin || !existsSync(bin)) return undefined;
  const shebang = readFileSync(bin, "utf8").split("\n")[0] ?? "";
  const python = shebang.startsWith("#!") ? shebang.slice(2).trim().split(" ")[0]! : "python3";
  return { bin, python };
}

/** The same filters dnstwist applies to --dictionary (alphanumeric words) and --tld files. */
function readList(file: string, fallback: string[], keep: (line: string) => boolean): string[] {
  const lines = existsSync(file) ? readFileSync(file, "utf8").split("\n") : fallback;
  return [...new Set(lines.map((l) => l.trim()).filter(keep))];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const PY_TIMER = `
import sys, time, json
sys.path.insert(0, '/usr/lib/python3/dist-packages')
import dnstwist
domain, dict_file, tld_file, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
words = [x for x in set(open(dict_file).read().splitlines()) if x.isalnum()]
import re
tlds = [x for x in set(open(tld_file).read().splitlines()) if re.match(r'^[a-z0-9-]{2,63}(\\.[a-z0-9-]{2,63}){0,1}$', x)]
times = []
for _ in range(runs):
    t = time.perf_counter()
    f = dnstwist.Fuzzer(domain, dictionary=words, tld_dictionary=list(tlds))
    f.generate()
    n = len(f.domains)
    times.append((time.perf_counter() - t) * 1000)
print(json.dumps({"times": times, "count": n}))
`;

function main(): number {
  const dt = findDnstwist();
  if (!dt) {
    console.error(
      "dnstwist is not installed (not on PATH). Install it (Debian: apt-get install -y dnstwist) and re-run.",
    );
    return 2;
  }
  const domains = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DOMAINS;
  const words = readList(DICT_FILE, FALLBACK_WORDS, (w) => /^[\p{L}\p{N}]+$/u.test(w));
  const tlds = readList(TLD_FILE, FALLBACK_TLDS, (t) => /^[a-z0-9-]{2,63}(\.[a-z0-9-]{2,63})?$/.test(t));
  const dir = mkdtempSync(join(tmpdir(), "lookalike-bench-"));
  const dictPath = join(dir, "words.dict");
  const tldPath = join(dir, "tlds.dict");
  writeFileSync(dictPath, `${words.join("\n")}\n`);
  writeFileSync(tldPath, `${tlds.join("\n")}\n`);
  console.log(
    `dnstwist: ${dt.bin}; dictionary ${words.length} words, TLD list ${tlds.length} suffixes; ${RUNS} runs each\n`,
  );
  const header = [
    "domain",
    "dnstwist",
    "ours(valid)",
    "ours(all)",
    "missing",
    "flagged",
    "extra",
    "dt ms",
    "ours ms",
    "ours dt-only ms",
    "ratio",
    "dt CLI ms",
  ];
  console.log(header.join("\t"));
  let totalMissing = 0;
  const notes: string[] = [];
  try {
    for (const domain of domains) {
      const cliStart = performance.now();
      const cli = spawnSync(
        dt.bin,
        ["--format", "list", "--dictionary", dictPath, "--tld", tldPath, domain],
        {
          encoding: "utf8",
          maxBuffer: 256 * 1024 * 1024,
        },
      );
      const cliMs = performance.now() - cliStart;
      if (cli.status !== 0) {
        console.error(`dnstwist failed on ${domain}: ${cli.stderr.trim()}`);
        return 2;
      }
      const original = generatePermutations(domain, { fuzzers: [] }).original.domain;
      const theirs = new Set(
        cli.stdout
          .split("\n")
          .map((l) => l.trim())
          .filter((l) => l !== "" && l !== original),
      );
      const py = spawnSync(dt.python, ["-c", PY_TIMER, domain, dictPath, tldPath, String(RUNS)], {
        encoding: "utf8",
      });
      const dtMs = py.status === 0 ? median((JSON.parse(py.stdout) as { times: number[] }).times) : NaN;

      const opts = { dictionary: words, tlds };
      const all = generatePermutations(domain, { ...opts, includeInvalid: true }).permutations;
      const times: number[] = [];
      let valid = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        valid = generatePermutations(domain, opts).permutations.length;
        times.push(performance.now() - t);
      }
      const oursMs = median(times);
      const dtOnly: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        generatePermutations(domain, { ...opts, fuzzers: DNSTWIST_FUZZERS });
        dtOnly.push(performance.now() - t);
      }
      const dtOnlyMs = median(dtOnly);
      const byDomain = new Map(all.map((p) => [p.domain, p]));
      const missing = [...theirs].filter((d) => !byDomain.has(d));
      const flagged = [...theirs].filter((d) => byDomain.get(d)?.valid === false);
      const extra = all.filter((p) => p.valid && !theirs.has(p.domain)).length;
      totalMissing += missing.length;
      const row = [domain, theirs.size, valid, all.length, missing.length, flagged.length, extra];
      console.log(
        [
          ...row,
          dtMs.toFixed(1),
          oursMs.toFixed(1),
          dtOnlyMs.toFixed(1),
          `${(dtMs / dtOnlyMs).toFixed(1)}x`,
          cliMs.toFixed(0),
        ].join("\t"),
      );
      if (missing.length > 0) notes.push(`${domain}: missing ${missing.slice(0, 15).join(", ")}`);
      if (flagged.length > 0) {
        const reasons = new Map<string, number>();
        for (const d of flagged) {
          const r = (byDomain.get(d)?.invalid_reason ?? "")
            .replace(/"[^"]*"/g, "…")
            .replace(/\(U\+[0-9A-F]+\)/, "");
          reasons.set(r, (reasons.get(r) ?? 0) + 1);
        }
        notes.push(
          `${domain}: flagged invalid here: ${[...reasons].map(([r, n]) => `${n} × ${r}`).join("; ")}`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    "\nmissing = dnstwist names we do not emit at all (target 0); flagged = emitted but marked invalid",
  );
  console.log("(dropped by default); extra = valid names dnstwist does not emit. ours ms = all fuzzers;");
  console.log(
    "ours dt-only ms = dnstwist's 16 fuzzers only; ratio = dnstwist ms / ours dt-only ms (same work).",
  );
  for (const n of notes) console.log(`- ${n}`);
  console.log(
    totalMissing === 0 ? "\nOK: every dnstwist permutation is covered." : `\nMISSING: ${totalMissing}`,
  );
  return totalMissing === 0 ? 0 : 1;
}

process.exitCode = main();
