/**
 * No stalls (issue #18): `brandwarden scan` (compiled, off a terminal, no screenshots) of a
 * 20-lookalike world where every social platform drops each connection and the RDAP and WHOIS
 * servers refuse them. Before the circuit breakers this took 4 min 56 s for 16 s of CPU; the goal is
 * well under a minute. Prints the median wall time of several runs, with the CPU time the process
 * used, the sources given up and the connections each platform got.
 *
 *   npx tsx bench/scan-stalls.ts [runs=3]
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { startUnreachablePlatforms } from "@brandwarden/worker/testing/unreachable-platforms";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = path.join(root, "apps/cli/dist/main.js");
const RUNS = Number(process.argv[2] ?? 3);
const GOAL_S = 60;

if (!existsSync(CLI)) {
  console.error(`${path.relative(root, CLI)} is missing: run \`npm run build\``);
  process.exit(2);
}

const world = await startTestWorld(smallScenario({ lookalikes: 20 }));
const dead = await startUnreachablePlatforms();
const refusing = `127.0.0.1:${await freePort()}`;
const env = {
  ...process.env,
  ...world.env,
  ...dead.env,
  RDAP_BOOTSTRAP_URL: `http://${refusing}/rdap/`,
  WHOIS_SERVER: refusing,
};

interface Run {
  wallS: number;
  cpuS: number;
  findings: number;
  givenUp: string[];
}

const timeFile = path.join(tmpdir(), `scan-stalls-${process.pid}.time`);
const hasTime = existsSync("/usr/bin/time");

/** One scan, timed from spawn to exit; its CPU time from /usr/bin/time when installed. */
function scanOnce(): Promise<Run> {
  return new Promise((resolve, reject) => {
    const scan = [CLI, "scan", "--domain", "acmebank.com", "--brand", "Acme Bank", "--no-screenshots", "-f", "list"]; // prettier-ignore
    const [cmd, args] = hasTime
      ? ["/usr/bin/time", ["-o", timeFile, "-f", "%U %S", process.execPath, ...scan]]
      : [process.execPath, scan];
    const t0 = performance.now();
    const child = spawn(cmd, args, { env, cwd: root });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.once("close", (code) => {
      const wallS = (performance.now() - t0) / 1000;
      if (code !== 0) return reject(new Error(`scan exited ${code}: ${stderr}`));
      const cpu = hasTime ? readFileSync(timeFile, "utf8").trim().split(/\s+/).map(Number) : [NaN];
      resolve({
        wallS,
        cpuS: cpu.reduce((a, b) => a + b, 0),
        findings: stdout.trim().split("\n").filter(Boolean).length,
        givenUp: stderr.split("\n").filter((l) => l.includes("given up")),
      });
    });
  });
}

try {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await scanOnce());
  const sorted = [...runs].sort((a, b) => a.wallS - b.wallS);
  const mid = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `scan of a 20-lookalike world, 12 platforms and RDAP/WHOIS unreachable, median of ${RUNS}: ` +
      `${mid.wallS.toFixed(1)} s wall, ${mid.cpuS.toFixed(1)} s CPU (goal: well under ${GOAL_S} s; was 296 s)`,
  );
  console.log(`  runs (s): ${runs.map((r) => r.wallS.toFixed(1)).join(" ")}; ${mid.findings} findings`);
  console.log(`  given up (${mid.givenUp.length}):\n    ${mid.givenUp.join("\n    ")}`);
  console.log(`  connections per platform address (all runs): ${JSON.stringify(dead.connections())}`);
  if (mid.wallS >= GOAL_S) process.exitCode = 1;
} finally {
  rmSync(timeFile, { force: true });
  await dead.stop();
  await world.stop();
}
