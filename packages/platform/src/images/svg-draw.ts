import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import pLimit from "p-limit";
import { readCapped } from "../http/capped-body.ts";
import { ImageRejectedError } from "./image-rejected.ts";

// SVGs are drawn in a child process with a time budget: libvips hands an SVG to librsvg in one call
// that neither sharp's timeout nor a worker thread can stop, and an SVG of a few KB (stroke dashes
// on huge circles, filters) can keep it busy for minutes. Past the budget the child is killed.

/** Default time one SVG may take to draw, from when the child starts drawing (its start-up excluded). */
const SVG_DRAW_TIMEOUT_MS = 10_000;
/** How long a child may take to start (loading Node and libvips) before it is given up on. */
const STARTUP_LIMIT_MS = 120_000;

// Compiled code runs the compiled child; tests and tsx run the TypeScript one through tsx.
const here = fileURLToPath(import.meta.url);
const child = here.endsWith(".ts")
  ? { script: here.replace(/svg-draw\.ts$/, "svg-draw-child.ts"), args: ["--import", "tsx"] }
  : { script: here.replace(/svg-draw\.js$/, "svg-draw-child.js"), args: [] };

/** Children drawing at once in this process (a social stage may meet many SVG avatars together). */
const drawing = pLimit(2);

/** A PNG of the SVG drawn at `density` (72: its declared size), or ImageRejectedError within the budget. */
export function drawSvg(
  svg: Buffer,
  opts: { density: number; maxPixels: number; timeoutMs?: number },
): Promise<Buffer> {
  return drawing(() => drawInChild(svg, opts));
}

async function drawInChild(
  svg: Buffer,
  opts: { density: number; maxPixels: number; timeoutMs?: number },
): Promise<Buffer> {
  const budget = opts.timeoutMs ?? SVG_DRAW_TIMEOUT_MS;
  const proc = spawn(
    process.execPath,
    [...child.args, child.script, String(opts.density), String(opts.maxPixels)],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  let stderr = "";
  proc.stderr.setEncoding("utf8");
  proc.stderr.on("data", (d: string) => {
    if (stderr.length < 4096) stderr += d;
    timer ??= setTimeout(() => {
      timedOut = true;
      proc.kill("SIGKILL");
    }, budget);
  });
  // A child that could not start, or died early: its exit says so.
  proc.on("error", () => undefined);
  proc.stdin.on("error", () => undefined);
  // A child that never starts drawing (a machine out of processes) is not waited for forever either.
  const stuck = setTimeout(() => proc.kill("SIGKILL"), budget + STARTUP_LIMIT_MS);
  proc.stdin.end(svg);
  const exited = new Promise<number | null>((resolve) => proc.once("close", (code) => resolve(code)));
  try {
    const { body } = await readCapped(proc.stdout, opts.maxPixels * 4 + 1024 * 1024, { truncate: true });
    const code = await exited;
    if (timedOut)
      throw new ImageRejectedError(
        "too_costly",
        `The SVG takes more than ${budget / 1000} s to draw; use a simpler version, or a PNG`,
      );
    if (code !== 0) {
      const reason = /error: (.*)/.exec(stderr)?.[1] ?? `exit ${code}`;
      throw new ImageRejectedError("unreadable", `The SVG cannot be drawn: ${reason}`);
    }
    return body;
  } finally {
    clearTimeout(timer);
    clearTimeout(stuck);
    if (proc.exitCode === null) proc.kill("SIGKILL");
  }
}
