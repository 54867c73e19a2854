import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
export const CLI = fileURLToPath(new URL("../bin/brandwarden.js", import.meta.url));

export interface Spawned {
  child: ChildProcess;
  output: () => string;
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
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Runs the CLI to completion. */
export async function runCli(args: string[], env: Record<string, string> = {}) {
  const p = spawnIn(process.execPath, [CLI, ...args], env);
  const code = await p.exited;
  return { code, output: p.output() };
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
 * Node process itself as Ctrl-C would, and its own exit code is observed.
 */
export function spawnScript(name: string, env: Record<string, string>): Spawned {
  const scripts = JSON.parse(readFileSync(`${REPO_ROOT}/package.json`, "utf8")).scripts as Record<
    string,
    string
  >;
  const [cmd, ...args] = scripts[name]!.split(" ");
  return spawnIn(cmd === "node" ? process.execPath : cmd!, args, env);
}
