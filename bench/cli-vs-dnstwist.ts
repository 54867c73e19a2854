/**
 * The command line against Debian's dnstwist, the way a user runs both (issue #18): the compiled
 * `brandwarden permute microsoft.com --registered` and `dnstwist --registered microsoft.com`, each
 * at its default thread count, against the same stock dnsmasq serving a planted set of lookalikes
 * (everything else is NXDOMAIN). Prints, as medians of several runs:
 *   - the whole job (process start to exit) of each, and dnstwist's time over ours (goal: > 1);
 *   - names checked per second by each, and ours over dnstwist's (goal: >= 10);
 *   - `brandwarden --help` start-up against a bare `node -e 0` (goal: <= 5x);
 * and checks both found the planted names they generate (exit 1 when not).
 *
 * Set-up: installs dnstwist (with python3-dnspython, which its --nameservers needs) and
 * dnsmasq-base from Debian with apt-get when they are missing (exit 2 when that fails), and runs
 * dnsmasq on 127.0.77.53:53 (dnstwist only asks port 53). Runs the compiled CLI (dist/, `npm run
 * build`).
 *
 *   npx tsx bench/cli-vs-dnstwist.ts [runs=5]
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = path.join(root, "apps/cli/dist/main.js");
const DOMAIN = "microsoft.com";
const DNS_ADDRESS = "127.0.77.53";
const RUNS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
const STARTUP_RUNS = 15;
/** Planted names both tools generate, and names only brandwarden generates. */
const PLANT_SHARED = 40;
const PLANT_OURS_ONLY = 10;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const fail = (code: number, message: string): never => {
  console.error(message);
  process.exit(code);
};

function has(command: string, args: string[] = []): boolean {
  return spawnSync(command, args, { stdio: "ignore" }).status === 0;
}

/** dnstwist with DNSPython (its --nameservers needs it) and dnsmasq, from Debian when missing. */
function ensureTools(): void {
  const ready = () =>
    has("sh", ["-c", "command -v dnstwist && command -v dnsmasq"]) &&
    has("/usr/bin/python3", ["-c", "import dns.resolver"]);
  if (ready()) return;
  console.log("installing dnstwist, python3-dnspython and dnsmasq-base with apt-get...");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo", "-n"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const pkgs = ["dnstwist", "python3-dnspython", "python3-idna", "python3-tld", "dnsmasq-base"];
  const run = (args: string[]) => {
    const [cmd, ...rest] = [...sudo, ...args];
    return spawnSync(cmd!, rest, { env, stdio: ["ignore", "ignore", "inherit"] }).status === 0;
  };
  if (!run(["apt-get", "install", "-y", "--no-install-recommends", ...pkgs])) {
    run(["apt-get", "update"]);
    run(["apt-get", "install", "-y", "--no-install-recommends", ...pkgs]);
  }
  if (!ready())
    fail(2, `could not install ${pkgs.join(", ")}: run apt-get install ${pkgs.join(" ")} as root`);
}

/** Names a generator prints with `-f list` (no DNS), in order. */
function listed(command: string, args: string[]): string[] {
  const res = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 << 20 });
  if (res.status !== 0) fail(1, `${command} ${args.join(" ")} failed: ${res.stderr}`);
  return res.stdout.split("\n").map((l) => l.trim()).filter(Boolean); // prettier-ignore
}

/** Every k-th name of `names`, `count` of them, so the plant is spread over the fuzzers. */
function spread(names: string[], count: number): string[] {
  const step = Math.max(1, Math.floor(names.length / count));
  return names.filter((_, i) => i % step === 0).slice(0, count);
}

/** Stock dnsmasq: the planted names answer an A record (NODATA for other types), all else NXDOMAIN. */
async function startDnsmasq(planted: string[]): Promise<() => void> {
  const args = [
    "--keep-in-foreground",
    "--conf-file=/dev/null",
    "--no-resolv",
    "--no-hosts",
    "--no-poll",
    "--pid-file=",
    `--user=${process.getuid?.() === 0 ? "root" : (process.env.USER ?? "nobody")}`,
    `--listen-address=${DNS_ADDRESS}`,
    "--bind-interfaces",
    "--port=53",
    "--log-facility=/dev/null",
    "--address=/#/",
    ...planted.map((d, i) => `--host-record=${d},127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`),
  ];
  const child = spawn("dnsmasq", args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((r) => child.once("exit", r));
  // Ready when the first planted name answers.
  for (let i = 0; i < 50; i++) {
    const dig = spawnSync("/usr/bin/python3", ["-c", `import dns.resolver as r; x=r.Resolver(configure=False); x.nameservers=["${DNS_ADDRESS}"]; x.lifetime=0.5; x.resolve("${planted[0]}", "A")`]); // prettier-ignore
    if (dig.status === 0) return () => child.kill();
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  await exited;
  return fail(2, `dnsmasq did not start on ${DNS_ADDRESS}:53 (needs root for port 53): ${stderr.trim()}`);
}

interface Run {
  ms: number;
  /** CPU seconds of the process (user + system), NaN without /usr/bin/time. */
  cpuS: number;
  checked: number;
  registered: string[];
}

const timeFile = path.join(tmpdir(), `cli-vs-dnstwist-${process.pid}.time`);
const hasTime = existsSync("/usr/bin/time");

/** Runs a command to its exit, timing it from spawn to exit (and its CPU with /usr/bin/time). */
function timed(
  command: string,
  args: string[],
  withCpu = hasTime,
): Promise<{ ms: number; cpuS: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const [cmd, argv] = withCpu
      ? ["/usr/bin/time", ["-o", timeFile, "-f", "%U %S", command, ...args]]
      : [command, args];
    const t0 = performance.now();
    const child = spawn(cmd, argv, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } }); // prettier-ignore
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.once("error", reject);
    child.once("close", (code) => {
      const ms = performance.now() - t0;
      if (code !== 0) return reject(new Error(`${command} ${args.join(" ")} exited ${code}: ${stderr}`));
      const cpu = withCpu ? readFileSync(timeFile, "utf8").trim().split(/\s+/).map(Number) : [NaN];
      resolve({ ms, cpuS: cpu.reduce((a, b) => a + b, 0), stdout, stderr });
    });
  });
}

async function runOurs(): Promise<Run> {
  const { ms, cpuS, stdout, stderr } = await timed(process.execPath, [CLI, "permute", DOMAIN, "--registered", "-f", "json", "--progress", "json", "--nameservers", DNS_ADDRESS]); // prettier-ignore
  const events = stderr.trim().split("\n").map((l) => JSON.parse(l) as { event: string; stage?: string; total?: number }); // prettier-ignore
  const resolve = events.find((e) => e.event === "stage" && e.stage === "resolve");
  if (!resolve?.total) throw new Error(`no resolve stage in ${stderr}`);
  const rows = JSON.parse(stdout) as Array<{ domain: string }>;
  return { ms, cpuS, checked: resolve.total, registered: rows.map((r) => r.domain).sort() };
}

async function runDnstwist(checked: number): Promise<Run> {
  const { ms, cpuS, stdout } = await timed("dnstwist", ["--registered", "--format", "json", "--nameservers", DNS_ADDRESS, DOMAIN]); // prettier-ignore
  const rows = JSON.parse(stdout) as Array<{ domain: string }>;
  return { ms, cpuS, checked, registered: rows.map((r) => r.domain).sort() };
}

async function startupMs(args: string[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < STARTUP_RUNS; i++) times.push((await timed(process.execPath, args, false)).ms);
  return median(times);
}

async function main(): Promise<void> {
  if (!existsSync(CLI)) fail(2, `${path.relative(root, CLI)} is missing: run \`npm run build\``);
  ensureTools();
  const dnstwistNames = listed("dnstwist", ["--format", "list", DOMAIN]);
  const ourNames = listed(process.execPath, [CLI, "permute", DOMAIN, "-f", "list", "-q"]);
  const ours = new Set(ourNames);
  const theirs = new Set(dnstwistNames);
  const shared = dnstwistNames.filter((d) => d !== DOMAIN && ours.has(d));
  const oursOnly = ourNames.filter((d) => d !== DOMAIN && !theirs.has(d));
  const planted = [DOMAIN, ...spread(shared, PLANT_SHARED), ...spread(oursOnly, PLANT_OURS_ONLY)];
  console.log(
    `${DOMAIN}: dnstwist generates ${theirs.size} names, brandwarden ${ours.size} (${shared.length} shared, ` +
      `${dnstwistNames.filter((d) => !ours.has(d)).length} only dnstwist's); ${planted.length} planted in dnsmasq ${DNS_ADDRESS}:53`,
  );
  const stop = await startDnsmasq(planted);
  try {
    const oursRuns: Run[] = [];
    const theirRuns: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Alternate which goes first, so neither always meets a warm cache or a busier machine.
      if (i % 2 === 0) {
        oursRuns.push(await runOurs());
        theirRuns.push(await runDnstwist(theirs.size));
      } else {
        theirRuns.push(await runDnstwist(theirs.size));
        oursRuns.push(await runOurs());
      }
    }
    const nodeMs = await startupMs(["-e", "0"]);
    const helpMs = await startupMs([CLI, "--help"]);

    const expectOurs = planted.filter((d) => ours.has(d)).sort();
    const expectTheirs = planted.filter((d) => theirs.has(d)).sort();
    const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    const oursOk = oursRuns.every((r) => same(r.registered, expectOurs));
    const theirsOk = theirRuns.every((r) => same(r.registered, expectTheirs));

    const oursMs = median(oursRuns.map((r) => r.ms));
    const theirMs = median(theirRuns.map((r) => r.ms));
    const oursRate = median(oursRuns.map((r) => r.checked / (r.ms / 1000)));
    const theirRate = median(theirRuns.map((r) => r.checked / (r.ms / 1000)));
    const cpu = (r: Run[]) => median(r.map((x) => x.cpuS));
    const row = (name: string, r: Run[], ms: number, rate: number) =>
      `  ${name.padEnd(12)} ${String(r[0]!.checked).padStart(7)} names  ${fmt(ms).padStart(9)}  ${Math.round(rate).toLocaleString("en").padStart(8)} names/s  CPU ${cpu(r).toFixed(2)} s (${((cpu(r) / r[0]!.checked) * 1e6).toFixed(0)} µs/name)  registered ${r[0]!.registered.length}`; // prettier-ignore
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    console.log(`\npermute ${DOMAIN} --registered, median of ${RUNS} runs (whole process, start to exit; ${cpus().length} CPUs, load average ${load}):`); // prettier-ignore
    console.log(row("brandwarden", oursRuns, oursMs, oursRate));
    console.log(row("dnstwist", theirRuns, theirMs, theirRate));
    console.log(`  runs (ms): brandwarden ${oursRuns.map((r) => r.ms.toFixed(0)).join(" ")}; dnstwist ${theirRuns.map((r) => r.ms.toFixed(0)).join(" ")}`); // prettier-ignore
    console.log(
      `  whole job: dnstwist takes ${(theirMs / oursMs).toFixed(2)}x brandwarden's time (goal > 1: brandwarden finishes sooner)`,
    );
    console.log(`  per name checked: brandwarden ${(oursRate / theirRate).toFixed(1)}x dnstwist's throughput (goal >= 10x)`); // prettier-ignore
    console.log(`\nstart-up, median of ${STARTUP_RUNS}: node -e 0 ${fmt(nodeMs)}, brandwarden --help ${fmt(helpMs)}: ${(helpMs / nodeMs).toFixed(2)}x (goal <= 5x)`); // prettier-ignore
    console.log(
      `\nplanted names found: brandwarden ${oursOk ? "all" : "NOT all"} ${expectOurs.length} it generates; dnstwist ${theirsOk ? "all" : "NOT all"} ${expectTheirs.length} it generates`,
    );
    if (!oursOk || !theirsOk) {
      const last = (r: Run[]) => r[r.length - 1]!.registered;
      console.log(`  brandwarden: missing ${expectOurs.filter((d) => !last(oursRuns).includes(d)).join(" ") || "-"}; extra ${last(oursRuns).filter((d) => !expectOurs.includes(d)).join(" ") || "-"}`); // prettier-ignore
      console.log(`  dnstwist: missing ${expectTheirs.filter((d) => !last(theirRuns).includes(d)).join(" ") || "-"}; extra ${last(theirRuns).filter((d) => !expectTheirs.includes(d)).join(" ") || "-"}`); // prettier-ignore
      process.exitCode = 1;
    }
  } finally {
    stop();
    rmSync(timeFile, { force: true });
  }
}

await main();
