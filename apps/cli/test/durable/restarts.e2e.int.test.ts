import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCAN_STAGES, type TScanStage } from "@brandwarden/contract/constants";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { requirePostgres } from "@brandwarden/platform/testing/services";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import type { World } from "@brandwarden/world/world";
import { spawnScript, waitForHealthy, type Spawned } from "../process.ts";
import { FAST_RECOVERY, signUpUser, startDurableWorld, untilScanSettled } from "./durable-world.ts";
import { startPrivateRedis } from "./private-redis.ts";
import { startSplitDeployment } from "./split-deployment.ts";
import type { FindingKey, WebClient } from "./web-client.ts";

const pg = await requirePostgres();

// One world for both: the findings of a disturbed scan are compared with an undisturbed one's.
let world: World;
let baseline: FindingKey[];
beforeAll(async () => {
  world = await startDurableWorld();
}, 60_000);
afterAll(async () => {
  await world?.stop();
});

/**
 * Waits (through the web app's status, which the worker's events feed) until it is `stage`'s turn:
 * it runs and every stage before it is done (a stage whose work began early shows running sooner).
 */
async function untilStageRunning(client: WebClient, scanId: string, stage: TScanStage) {
  const before = SCAN_STAGES.slice(0, SCAN_STAGES.indexOf(stage));
  await waitFor(
    async () => {
      const states = (await client.status(scanId).catch(() => null))?.scan.stage_states;
      return (
        states?.[stage]?.status === "running" &&
        before.every((s) => ["completed", "skipped"].includes(states[s]?.status ?? ""))
      );
    },
    `${stage}'s turn`,
    240_000,
  );
}

/**
 * `npm start` as a user runs it, killable and startable again on the same DATA_DIR: PGlite, the
 * checkpoints and the secrets stay; the in-memory bus, key-value store and job queue do not.
 */
describe("the embedded process killed mid-scan and started again", () => {
  let dataDir: string;
  let env: Record<string, string>;
  let running: Spawned | null = null;
  const all: Spawned[] = [];

  async function start(extra: Record<string, string> = {}) {
    running = spawnScript("start", { ...env, ...extra });
    all.push(running);
    await waitForHealthy(`${env.PUBLIC_URL}/healthz`, 120_000).catch((err: unknown) => {
      throw new Error(`npm start did not come up: ${String(err)}\n${running!.output().slice(-3000)}`);
    });
  }
  async function kill() {
    running!.child.kill("SIGKILL");
    await running!.exited;
    running = null;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "bw-embedded-"));
    const [webPort, workerPort] = [await freePort(), await freePort()];
    env = {
      ...world.env,
      ...FAST_RECOVERY,
      DATA_DIR: dataDir,
      WEB_PORT: String(webPort),
      WORKER_PORT: String(workerPort),
      PUBLIC_URL: `http://127.0.0.1:${webPort}`,
      DATABASE_URL: "",
      REDIS_URL: "",
      INTERNAL_API_TOKEN: "",
      LOG_LEVEL: "warn",
      SCREENSHOTS: "false",
      RESCAN_INTERVAL: "0",
      WATCH_INTERVAL: "0",
    };
    await start();
  }, 180_000);
  afterAll(async () => {
    for (const p of all) if (p.child.exitCode === null) p.child.kill("SIGKILL");
    await Promise.all(all.map((p) => p.exited));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("an undisturbed scan (the baseline)", async () => {
    const user = await signUpUser(world, env.PUBLIC_URL!, "embedded-baseline");
    const scanId = await user.client.startScan();
    const settled = await untilScanSettled(user.client, scanId);
    expect(settled.scan.status, settled.scan.error ?? "").toBe("completed");
    baseline = await user.client.findings(scanId);
    expect(baseline.length).toBeGreaterThan(5);
  }, 300_000);

  it("resumes the scan from its last completed stage at the next start: same findings, report, one webhook", async () => {
    const user = await signUpUser(world, env.PUBLIC_URL!, "embedded-killed");
    const scanId = await user.client.startScan();
    await untilStageRunning(user.client, scanId, "enrich");
    await kill();
    await start();
    const settled = await untilScanSettled(user.client, scanId);
    expect(settled.scan.status, settled.scan.error ?? "").toBe("completed");
    expect(settled.report?.status).toBe("ready");
    // The checkpoints of generate and resolve survived: the new process went on from enrich.
    expect(settled.scan.resume_from_stage).toBe("enrich");
    const { log } = await user.client.status(scanId);
    expect(log.map((l) => l.message)).toContain("resuming at stage enrich");
    expect(await user.client.findings(scanId)).toEqual(baseline);
    await waitFor(() => user.webhooks().length === 1, "webhook", 60_000);
    expect(user.webhooks()[0]!.json).toMatchObject({ type: "scan.completed" });
  }, 400_000);

  it("fails the scan at the next start with a reason the user sees when it may not be resumed, and the user can resume it", async () => {
    const user = await signUpUser(world, env.PUBLIC_URL!, "embedded-failed");
    const scanId = await user.client.startScan();
    await untilStageRunning(user.client, scanId, "resolve");
    await kill();
    await start({ SCAN_AUTO_RESUMES: "0" });
    // Never left running with no worker behind it: failed at start, saying why.
    const failed = await untilScanSettled(user.client, scanId, 60_000);
    expect(failed.scan.status).toBe("failed");
    expect(failed.scan.error).toBe(
      "The application stopped while this scan ran; resume the scan to continue",
    );
    await waitFor(() => user.webhooks().length === 1, "scan.failed webhook", 60_000);
    expect(user.webhooks()[0]!.json).toMatchObject({ type: "scan.failed" });
    await user.client.resume(scanId);
    const settled = await untilScanSettled(user.client, scanId);
    expect(settled.scan.status, settled.scan.error ?? "").toBe("completed");
    expect(await user.client.findings(scanId)).toEqual(baseline);
  }, 400_000);
});

/**
 * The split deployment on a Redis server of its own, which crashes (SIGKILL) mid-scan and comes
 * back: with its data on disk the scan completes as if nothing happened; without, the scan fails
 * at once with a reason the user sees (its progress messages are gone), and resuming it completes
 * it. Never a scan left running silently.
 */
describe("Redis restarted under a running scan", () => {
  for (const persistent of [true, false]) {
    it(
      persistent
        ? "with its data on disk: the scan completes with the findings of an undisturbed run"
        : "without its data: the scan fails with a clear reason, and completes once resumed",
      async () => {
        pg.assertAvailable();
        const redis = await startPrivateRedis({ persistent });
        const d = await startSplitDeployment({
          worldEnv: world.env,
          redisUrl: redis.url,
          env: FAST_RECOVERY,
        });
        try {
          await Promise.all([d.startWorker(), d.startWeb()]);
          const user = await signUpUser(world, d.webUrl, `redis-${persistent ? "aof" : "memory"}`);
          const scanId = await user.client.startScan();
          await d.untilStageRunning(scanId, "resolve");
          await redis.kill();
          await redis.start();
          const settled = await untilScanSettled(user.client, scanId);
          if (persistent) {
            expect(settled.scan.status, `${settled.scan.error}\n${d.output()}`).toBe("completed");
            expect(settled.report?.status).toBe("ready");
          } else {
            expect(settled.scan.status).toBe("failed");
            expect(settled.scan.error).toMatch(/Progress messages of this scan were lost.*resume the scan/);
            await waitFor(() => user.webhooks().length === 1, "scan.failed webhook", 60_000);
            await user.client.resume(scanId);
            const resumed = await untilScanSettled(user.client, scanId);
            expect(resumed.scan.status, `${resumed.scan.error}\n${d.output()}`).toBe("completed");
            expect(resumed.report?.status).toBe("ready");
          }
          expect(await user.client.findings(scanId)).toEqual(baseline);
        } finally {
          await d.stop();
          await redis.stop();
        }
      },
      400_000,
    );
  }
});
