import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { probeRedis } from "@brandwarden/platform/testing/services";
import { waitFor } from "@brandwarden/platform/testing/wait-for";

/**
 * A redis-server of the test's own on a free port (never the shared one), which it may kill and
 * start again: with `persistent`, every write is on disk first (append-only file, fsync always),
 * so a restart keeps everything; without, a restart comes back empty.
 */
export async function startPrivateRedis(opts: { persistent: boolean }) {
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), "bw-redis-"));
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const args = [
    "--port", String(port),
    "--bind", "127.0.0.1",
    "--dir", dir,
    "--save", "",
    "--appendonly", opts.persistent ? "yes" : "no",
    "--appendfsync", "always",
  ]; // prettier-ignore

  async function start(): Promise<void> {
    child = spawn("redis-server", args, { stdio: "ignore" });
    await waitFor(
      () =>
        probeRedis(url).then(
          () => true,
          () => false,
        ),
      "private redis-server up",
      20_000,
    );
  }
  /** Kills the server (SIGKILL: a crash, nothing flushed on the way out). */
  async function kill(): Promise<void> {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((resolve) => c.once("exit", resolve));
    c.kill("SIGKILL");
    await exited;
  }
  await start();
  return {
    url,
    kill,
    start,
    async stop() {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
