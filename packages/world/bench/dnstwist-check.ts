import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { domainToASCII } from "node:url";
import { promisify } from "node:util";
import { runWorldCommand } from "../src/cli/world-command.ts";
import type { WorldManifest } from "../src/world.ts";

// Verification (not a test): the world command with a generated scenario of 300 lookalikes,
// then an outside tool, `dnstwist --nameservers 127.0.10.53 -r`, must find exactly the
// scenario's registered lookalikes that dnstwist itself generates. Needs dnstwist
// (apt-get install dnstwist python3-dnspython) and ports 53/80/443 on 127.0.10.53/127.20.x.y.
// Usage: npx tsx packages/world/bench/dnstwist-check.ts [lookalikes] [seed]

const run = promisify(execFile);
const domain = "acmebank.com";
const lookalikes = process.argv[2] ?? "300";
const seed = process.argv[3] ?? "1";

async function dnstwist(args: string[]): Promise<string> {
  const { stdout } = await run("dnstwist", args, { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, PYTHONIOENCODING: "utf-8" } }); // prettier-ignore
  return stdout;
}

try {
  await run("dnstwist", ["--help"]);
} catch {
  console.log("skipped: dnstwist is not installed (apt-get install dnstwist python3-dnspython)");
  process.exit(process.env.CI === "true" ? 1 : 0);
}

const dir = await mkdtemp(join(tmpdir(), "dnstwist-check-"));
const manifestPath = join(dir, "manifest.json");
const stop = new AbortController();
let exitCode = 1;
const world = runWorldCommand(
  {
    domain,
    brand: "Acme Bank",
    lookalikes: Number(lookalikes),
    seed,
    dns: "127.0.10.53:53",
    manifest: manifestPath,
  },
  { out: () => {}, signal: stop.signal, onStarted: () => void check().finally(() => stop.abort()) },
);

async function check(): Promise<void> {
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as WorldManifest;
  const generated = new Set(
    (await dnstwist(["--format", "list", domain]))
      .split("\n")
      .filter(Boolean)
      .map((d) => domainToASCII(d.trim())),
  );
  const t0 = performance.now();
  const found = JSON.parse(
    await dnstwist(["--nameservers", "127.0.10.53", "-r", "--format", "json", domain]),
  ) as {
    fuzzer: string;
    domain: string;
  }[];
  const seconds = (performance.now() - t0) / 1000;
  const foundSet = new Set(found.filter((f) => f.fuzzer !== "*original").map((f) => domainToASCII(f.domain)));
  const lookalikeRows = manifest.domains.filter((d) => !d.owned);
  const inReach = lookalikeRows.filter((d) => generated.has(d.domain));
  // A "noanswer" name is registered but its name server returns no records at all, so nothing
  // in DNS can tell it from unregistered; dnstwist (rightly) cannot count it.
  const expected = new Set(inReach.filter((d) => d.dns_fault !== "noanswer").map((d) => d.domain));
  const missing = [...expected].filter((d) => !foundSet.has(d));
  const extra = [...foundSet].filter((d) => !expected.has(d));
  console.log(`scenario lookalikes:              ${lookalikeRows.length}`);
  console.log(`dnstwist permutations of ${domain}: ${generated.size}`);
  console.log(`scenario lookalikes dnstwist generates: ${inReach.length} (of which "noanswer": ${inReach.length - expected.size})`); // prettier-ignore
  console.log(`dnstwist -r found:                ${foundSet.size} in ${seconds.toFixed(1)} s`);
  console.log(`missing: ${missing.length ? missing.join(" ") : "none"}`);
  console.log(`extra:   ${extra.length ? extra.join(" ") : "none"}`);
  const servfail = found.filter((f) => JSON.stringify(f).includes("!ServFail")).map((f) => f.domain);
  if (servfail.length)
    console.log(`reported as !ServFail (counted registered by dnstwist): ${servfail.join(" ")}`);
  exitCode = missing.length === 0 && extra.length === 0 && expected.size > 0 ? 0 : 1;
  console.log(exitCode === 0 ? "OK: dnstwist found exactly the expected lookalikes" : "MISMATCH");
}

await world;
await rm(dir, { recursive: true, force: true });
process.exit(exitCode);
