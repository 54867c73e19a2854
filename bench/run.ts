// `npm run bench [-- NAME ... [SIZE ...]]`: runs every benchmark (or those whose path contains a
// NAME), one process each so their memory and timings do not mix, and prints what each printed.
// Numbers are handed to each benchmark run as its arguments (the sizes to measure, where it takes
// them: `npm run bench -- scan-latency 1000`).
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function benchFiles(dir: string, depth = 0): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (depth < 6) out = out.concat(benchFiles(full, depth + 1));
    } else if (
      path.basename(dir) === "bench" &&
      name.endsWith(".ts") &&
      !name.endsWith(".test.ts") &&
      full !== path.join(root, "bench", "run.ts")
    ) {
      out.push(full);
    }
  }
  return out;
}

const args = process.argv.slice(2);
const sizes = args.filter((a) => /^\d+$/.test(a));
const filters = args.filter((a) => !sizes.includes(a));
const files = ["bench", "packages", "apps"]
  .flatMap((d) => benchFiles(path.join(root, d)))
  .filter((f) => filters.length === 0 || filters.some((n) => f.includes(n)))
  .sort();

let failed = 0;
for (const file of files) {
  const rel = path.relative(root, file);
  console.log(`\n=== ${rel}`);
  const res = spawnSync(process.execPath, ["--import", "tsx", "--expose-gc", file, ...sizes], {
    cwd: root,
    stdio: "inherit",
  });
  if (res.status !== 0) {
    failed++;
    console.log(`--- ${rel} exited with ${res.status}`);
  }
}
console.log(`\n${files.length - failed} benchmarks ran, ${failed} failed`);
process.exit(failed ? 1 : 0);
