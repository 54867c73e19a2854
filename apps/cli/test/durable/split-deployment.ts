import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TEventMessage } from "@brandwarden/contract/events";
import type { TScanStage } from "@brandwarden/contract/constants";
import { createRedisBus } from "@brandwarden/platform/bus/redis-bus";
import type { Bus } from "@brandwarden/platform/bus/bus";
import { createTestDatabase, type TestDatabase } from "@brandwarden/platform/testing/postgres-test-db";
import { tailEvents } from "@brandwarden/platform/messaging/event-streams";
import { deleteRedisKeys } from "@brandwarden/platform/testing/redis-cleanup";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { testDatabaseUrl } from "@brandwarden/platform/testing/services";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { spawnScript, waitForHealthy, type Spawned } from "../process.ts";
import { splitServicesEnv } from "../world-product.ts";
import { startTcpBalancer } from "./tcp-balancer.ts";

type ScanUpdate = Extract<TEventMessage, { kind: "scan_update" }>;

/**
 * The split deployment as an operator runs it: `start:web` and `start:worker` as real processes
 * on PostgreSQL and Redis, each killable (SIGKILL), stoppable (SIGTERM) and startable again on the
 * same port, plus a reader of the worker's event stream so tests see where a scan is without
 * polling the web app. With several workers, the web app reaches them through one load balancer.
 */
export async function startSplitDeployment(opts: {
  worldEnv: Record<string, string>;
  redisUrl: string;
  /** Extra settings for both services. */
  env?: Record<string, string>;
  /** Worker processes (default 1), each on its own port behind one `WORKER_URL`. */
  workers?: number;
  /** The `DATABASE_URL` the web app is given for the test database's (a relay in front of it). */
  webDatabaseUrl?: (url: string) => string;
}) {
  const prefix = `bwdur${process.pid}${Math.random().toString(36).slice(2, 6)}`;
  const db: TestDatabase = await createTestDatabase(testDatabaseUrl());
  const dataDir = await mkdtemp(path.join(tmpdir(), "bw-durable-"));
  const webPort = await freePort();
  const workerPorts: number[] = [];
  for (let i = 0; i < (opts.workers ?? 1); i++) workerPorts.push(await freePort());
  const balancer = workerPorts.length > 1 ? await startTcpBalancer(workerPorts) : null;
  const env: Record<string, string> = {
    ...splitServicesEnv({
      worldEnv: opts.worldEnv,
      databaseUrl: opts.webDatabaseUrl?.(db.url) ?? db.url,
      redisUrl: opts.redisUrl,
      prefix,
      webPort,
      workerPort: balancer?.port ?? workerPorts[0]!,
      dataDir,
    }),
    WATCH_INTERVAL: "0",
    ALLOW_PRIVATE_NETWORK: "true",
    ...opts.env,
  };
  const webUrl = env.WEB_URL!;
  let web: Spawned | null = null;
  const workers: Array<Spawned | null> = workerPorts.map(() => null);
  const everyProcess: Spawned[] = [];

  // The worker's messages as they are appended, read beside the web app (a tail, not its group).
  let bus: Bus = createRedisBus({ url: opts.redisUrl });
  const seen: TEventMessage[] = [];
  let stopTail = await tailEvents(bus, prefix, (m) => void seen.push(m as TEventMessage), 0);

  async function start(script: "start:web" | "start:worker", port: number): Promise<Spawned> {
    const p = spawnScript(script, script === "start:worker" ? { ...env, WORKER_PORT: String(port) } : env);
    everyProcess.push(p);
    try {
      await waitForHealthy(`http://127.0.0.1:${port}/healthz`, 300_000);
    } catch (err) {
      throw new Error(`${script} did not start: ${String(err)}\n${p.output().slice(-3000)}`);
    }
    return p;
  }
  async function kill(p: Spawned | null): Promise<void> {
    if (!p || p.child.exitCode !== null) return;
    p.child.kill("SIGKILL");
    await p.exited;
  }
  /** SIGTERM, as a deploy stops a process; resolves with its exit code and what it printed. */
  async function terminate(p: Spawned | null, timeoutMs: number) {
    if (!p || p.child.exitCode !== null) throw new Error("process not running");
    p.child.kill("SIGTERM");
    const code = await Promise.race([
      p.exited,
      new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), timeoutMs).unref()),
    ]);
    if (code === "hung") {
      p.child.kill("SIGKILL");
      throw new Error(`still running ${timeoutMs} ms after SIGTERM:\n${p.output().slice(-3000)}`);
    }
    return { code, output: p.output() };
  }
  const updatesOf = (scanId: string, since = 0) =>
    seen.slice(since).filter((m): m is ScanUpdate => m.kind === "scan_update" && m.scan_id === scanId);

  const deployment = {
    env,
    prefix,
    db,
    webUrl,

    async startWeb() {
      web = await start("start:web", webPort);
    },
    async killWeb() {
      await kill(web);
      web = null;
    },
    /** SIGTERM to the web process; rejects if it is still running after `timeoutMs`. */
    async stopWeb(timeoutMs = 120_000) {
      const p = web;
      web = null;
      return terminate(p, timeoutMs);
    },
    async startWorker(i = 0) {
      workers[i] = await start("start:worker", workerPorts[i]!);
    },
    async killWorker(i = 0) {
      await kill(workers[i] ?? null);
      workers[i] = null;
    },
    /** SIGTERM to worker `i` (a graceful stop: it hands its scans back). */
    async stopWorker(i = 0, timeoutMs = 120_000) {
      const p = workers[i] ?? null;
      workers[i] = null;
      return terminate(p, timeoutMs);
    },
    /** Did any process (of all started so far) print a line matching `pattern`? */
    printed: (pattern: RegExp) => everyProcess.some((p) => pattern.test(p.output())),
    /** What the processes printed, for failure messages. */
    output: () => everyProcess.map((p) => p.output().slice(-4000)).join("\n----\n"),
    /** A point in the stream read so far: `since` for the waits below. */
    mark: () => seen.length,
    /** Has the worker reported the scan past `stage` (completed, skipped or failed), or ended? */
    stagePassed(scanId: string, stage: TScanStage, since = 0): boolean {
      return updatesOf(scanId, since).some(
        (m) =>
          ["completed", "skipped", "failed"].includes(m.data.stage_states[stage]?.status ?? "") ||
          ["completed", "failed"].includes(m.data.status),
      );
    },
    /**
     * Resolves once a message read after `since` reports `stage` running for the scan (true), or
     * says it is past it (false: too late to catch it running).
     */
    async untilStageRunning(scanId: string, stage: TScanStage, since = 0, timeoutMs = 240_000) {
      let running = false;
      await waitFor(
        () => {
          if (deployment.stagePassed(scanId, stage, since)) return true;
          running = updatesOf(scanId, since).some((m) => m.data.stage_states[stage]?.status === "running");
          return running;
        },
        `${stage} running`,
        timeoutMs,
      );
      return running && !deployment.stagePassed(scanId, stage, since);
    },
    /** Where in the stream the scan's `stage` was first reported running (-1: not yet). */
    stageStartedAt: (scanId: string, stage: TScanStage) =>
      seen.findIndex(
        (m) =>
          m.kind === "scan_update" &&
          m.scan_id === scanId &&
          m.data.stage_states[stage]?.status === "running",
      ),
    /** Has the scan's log said something matching `pattern` after `since`? */
    logged: (scanId: string, pattern: RegExp, since = 0) =>
      seen.slice(since).some((m) => m.kind === "log" && m.scan_id === scanId && pattern.test(m.data.message)),
    /** The scan's `handed_back` messages read after `since` (a stopping worker gave it back). */
    handBacks: (scanId: string, since = 0) => updatesOf(scanId, since).filter((m) => m.data.handed_back),
    /** Resolves once a worker reported a stage of the scan running after `since` (false: it ended first). */
    async untilRunning(scanId: string, since = 0, timeoutMs = 240_000) {
      // Ended before `since` counts too: a scan that finished meanwhile is not awaited.
      const ended = () =>
        updatesOf(scanId).some((m) => ["completed", "failed", "cancelled"].includes(m.data.status));
      const running = () =>
        updatesOf(scanId, since).some(
          (m) =>
            m.data.status === "running" &&
            Object.values(m.data.stage_states).some((s) => s?.status === "running"),
        );
      await waitFor(() => ended() || running(), "a stage running", timeoutMs);
      return !ended();
    },
    /** Resolves once the worker reported the scan past `stage`, or ended. */
    async untilStagePassed(scanId: string, stage: TScanStage, since = 0, timeoutMs = 240_000) {
      await waitFor(() => deployment.stagePassed(scanId, stage, since), `${stage} passed`, timeoutMs);
    },
    /** Reads the stream anew (after the Redis server under it restarted). */
    async retail() {
      await stopTail().catch(() => undefined);
      await bus.close().catch(() => undefined);
      bus = createRedisBus({ url: opts.redisUrl });
      stopTail = await tailEvents(bus, prefix, (m) => void seen.push(m as TEventMessage), 0);
    },
    async stop() {
      for (const p of everyProcess) if (p.child.exitCode === null) p.child.kill("SIGKILL");
      await Promise.all(everyProcess.map((p) => p.exited));
      await stopTail().catch(() => undefined);
      await bus.close().catch(() => undefined);
      await balancer?.close();
      await db.drop().catch(() => undefined);
      await deleteRedisKeys(opts.redisUrl, prefix).catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return deployment;
}

export type SplitDeployment = Awaited<ReturnType<typeof startSplitDeployment>>;
