import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
/** The command line's sources: tests run what is in the tree, not the last build in dist/. */
const CLI = fileURLToPath(new URL("../src/main.ts", import.meta.url));
/** The compiled command line, as `npm start` and the `brandwarden` bin run it (compiled.int.test.ts). */
const CLI_DIST = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const FROM_SOURCE = ["--import", "tsx"];

export interface Spawned {
  child: ChildProcess;
  /** stdout and stderr as they interleaved. */
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Starts a command from the repository root, collecting stdout and stderr. */
export function spawnIn(cmd: string, args: string[], env: Record<string, string>): Spawned {
  const child = spawn(cmd, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => ((out += d), (stdout += d)));
  child.stderr!.on("data", (d) => ((out += d), (stderr += d)));
  // "close": both pipes drained, so nothing written before the exit is missed.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return { child, output: () => out, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Runs the CLI to completion. */
export async function runCli(args: string[], env: Record<string, string> = {}) {
  const p = spawnIn(process.execPath, [...FROM_SOURCE, CLI, ...args], env);
  const code = await p.exited;
  return { code, output: p.output(), stdout: p.stdout(), stderr: p.stderr() };
}

/** Runs the compiled CLI (dist/) to completion. */
export async function runDist(args: string[], env: Record<string, string> = {}) {
  const p = spawnIn(process.execPath, [CLI_DIST, ...args], env);
  const code = await p.exited;
  return { code, output: p.output(), stdout: p.stdout(), stderr: p.stderr() };
}

export async function waitForHealthy(url: string, timeoutMs = 60_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return await res.json();
      last = await res.text();
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not healthy: ${String(last)}`);
}

/**
 * Runs a root npm script's command line directly (not through npm), so a signal reaches the
 * Node process itself as Ctrl-C would, and its own exit code is observed. The script's compiled
 * entry point (apps/X/dist/Y.js) is swapped for its source (apps/X/src/Y.ts, run with tsx).
 */
export function spawnScript(name: string, env: Record<string, string>): Spawned {
  const [cmd, ...args] = scriptCommand(name);
  if (cmd !== "node") return spawnIn(cmd!, args, env);
  const fromSource = args.flatMap((a) => {
    const m = /^(apps|packages)\/([^/]+)\/dist\/(.+)\.js$/.exec(a);
    return m ? [...FROM_SOURCE, `${m[1]}/${m[2]}/src/${m[3]}.ts`] : [a];
  });
  return spawnIn(process.execPath, fromSource, env);
}

/** A root npm script's command line, split into words. */
function scriptCommand(name: string): string[] {
  const scripts = JSON.parse(readFileSync(`${REPO_ROOT}/package.json`, "utf8")).scripts as Record<
    string,
    string
  >;
  return scripts[name]!.split(" ");
}

/** Runs a root npm script's command line as it is, compiled entry point included, to completion. */
export async function runCompiledScript(name: string, args: string[], env: Record<string, string>) {
  const [cmd, ...rest] = scriptCommand(name);
  const p = spawnIn(cmd === "node" ? process.execPath : cmd!, [...rest, ...args], env);
  const code = await p.exited;
  return { code, output: p.output(), stdout: p.stdout(), stderr: p.stderr() };
}
